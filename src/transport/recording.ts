// What record and replay (npm run conformance -- --record / --replay) need of the transport: the
// scenario an exchange belongs to (carried through async calls), a hook that sees every exchange
// as sent and received, and, when replaying, the scenario named in a request header so that the
// replay target can answer from the cassette.
import { AsyncLocalStorage } from 'node:async_hooks';

/** The scenario of the exchanges made inside `fn` (a run-level exchange has none). */
const scenarios = new AsyncLocalStorage<string>();

export function withScenario<T>(scenario: string | undefined, fn: () => Promise<T>): Promise<T> {
  return scenario === undefined ? fn() : scenarios.run(scenario, fn);
}

/** The scenario of the exchange being made, or RUN_LEVEL outside any scenario. */
export function currentScenario(): string {
  return scenarios.getStore() ?? RUN_LEVEL;
}

/** How a cassette names exchanges outside scenarios (preflight of the credentials, clean-up of earlier runs). */
export const RUN_LEVEL = '(run)';

/** The request header that names the scenario to the replay target (replay only: never sent to a gateway). */
export const SCENARIO_HEADER = 'x-ota-conformance-scenario';
/** The reply header by which the replay target says the cassette holds no such exchange. */
export const REPLAY_MISS_HEADER = 'x-ota-conformance-replay-miss';
/** How the suite error of such a miss begins: the runner finds the scenarios the cassette could not answer by it. */
export const REPLAY_MISS_PREFIX = 'replay: ';

/** One exchange as the transport saw it, before any masking. */
export interface RawExchange {
  scenario: string;
  operation: string;
  request: { headers: Record<string, string>; body: string };
  reply?: { status: number; statusText?: string; headers: Record<string, string>; body: Buffer; decoded: boolean };
  transportError?: { kind: string; message: string };
}

let recorder: ((exchange: RawExchange) => void) | undefined;
let namingScenarios = false;

/** Every exchange made through exchange() goes to `r` (undefined: none). */
export function setExchangeRecorder(r: ((exchange: RawExchange) => void) | undefined): void {
  recorder = r;
}

export function recordExchange(rawExchange: Omit<RawExchange, 'scenario'>): void {
  recorder?.({ scenario: currentScenario(), ...rawExchange });
}

/** Replaying: every request names its scenario in SCENARIO_HEADER. */
export function nameScenariosInRequests(on: boolean): void {
  namingScenarios = on;
}

/** True while replaying: only then does a reply's REPLAY_MISS_HEADER mean anything (a gateway may send any header). */
export function replaying(): boolean {
  return namingScenarios;
}

export function scenarioHeaders(): Record<string, string> {
  return namingScenarios ? { [SCENARIO_HEADER]: encodeURIComponent(currentScenario()) } : {};
}
