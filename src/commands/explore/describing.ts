// Corroboration in an exploration: what an explored reply names only by its code (a hotel, an
// activity) is asked of the gateway's own descriptive operations through the same code as a
// conformance run's (src/cucumber/descriptive-requests.ts): one request per hotel or activity per
// exploration, within OTA_MAX_CORROBORATION_REQUESTS, each counted in the exploration's budget,
// recorded and replayed like every explored request. What the descriptive reply itself fails
// (its envelope, a credential echo) is kept as a finding of the case that asked first.
import { credentialEcho } from '../../contracts/security';
import type { Assertion, Exchange, Rule } from '../../contracts/rule';
import type { PlaceholderValues } from '../../core/test-data';
import { corroborate, type DescribingScenario } from '../../cucumber/descriptive-requests';
import type { RunContext } from '../../run/run-context';
import { baseValues } from '../../run/scenario-values';
import { OPERATIONS } from '../../specification/operations';
import { OtaRequest } from '../../xml/requests';
import type { Corroboration, DescribingOperation } from '../../contracts/corroboration';

/** The scenario the descriptive exchanges of an exploration are recorded under (replay answers them by it). */
export const DESCRIBING_SCENARIO = 'explore: corroboration';

export interface ExplorationBudget {
  /** Why no request may be sent now (the budget or the time is spent), or undefined. */
  spent(): string | undefined;
  /** One descriptive request was sent to `op`. */
  count(op: DescribingOperation): void;
}

/** The descriptive requests of one explored reply: its corroboration, and what those replies failed themselves. */
export class ExploredDescriptions implements DescribingScenario {
  readonly scenarioKey = DESCRIBING_SCENARIO;
  private own: Assertion[] = [];
  private asked = 0;

  constructor(
    readonly run: RunContext,
    private readonly budget: ExplorationBudget,
  ) {}

  /** Asks what the rules need of `x` and the reply does not show (cached per subject for the exploration). */
  async of(rules: Rule[], exchange: Exchange): Promise<{ corroboration: Corroboration; own: Assertion[] }> {
    this.own = [];
    const corroboration = await corroborate(this, rules, exchange);
    return { corroboration, own: this.own };
  }

  mayAsk(): string | undefined {
    const why = this.budget.spent();
    return why && `not asked: ${why}`;
  }

  async keepAside(exchange: Exchange, what: string, own: (source: string) => Assertion[] = () => []): Promise<string> {
    this.budget.count(exchange.request.operation.name as DescribingOperation);
    this.asked++;
    const source = this.run.redactor.scrub(`${what} (descriptive request ${this.asked} of the exploration)`);
    this.own.push(...own(source), credentialEcho(this.run.redactor, this.run.credentials.user).check(exchange));
    return Promise.resolve(source);
  }

  asideRequest(name: DescribingOperation, overrides: PlaceholderValues, edit: (request: OtaRequest) => void = () => undefined): OtaRequest {
    const { credentials, data, config } = this.run;
    const op = OPERATIONS[name];
    const values = { ...baseValues(credentials, data, config.runId), ...op.values?.(data), ...overrides };
    const request = OtaRequest.fromSample(op, config.samplesDir, values);
    request.testData = data;
    edit(request);
    return request;
  }
}
