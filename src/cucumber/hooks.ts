// Run- and scenario-level hooks. BeforeAll opens the run (target, data, ledger); After cancels
// what its scenario booked, even when the scenario failed, and frees parsed documents.
import { withScenario } from '../transport/recording';
import { After, AfterAll, AfterStep, Before, BeforeAll, setDefaultTimeout, setDefinitionFunctionWrapper } from '@cucumber/cucumber';
import { openedConfig, openRunContext, runContext } from '../run/run-context';
import { loadConfig } from '../run/config';
import { ConfigError } from '../core/errors';
import { DEFAULT_LIMITS, DEFAULT_RETRY } from '../transport/limits';
import { settleScenarioBooking } from '../bookings/scenario-bookings';
import { maskStepErrors, protectProcess } from '../run/run-guard';
import type { GatewayWorld } from './world';
import { CLEANUP_NOTE_MEDIA_TYPE } from '../reporting/requirement-outcomes';
import { LATENCY_MEDIA_TYPE, timedExchange } from '../reporting/latency';
import { installNativeMatchIndices } from '../run/cucumber-patches';
import { preloadSubdivisions } from '../contracts/subdivisions';

// Step text is matched with native RegExp match indices, not cucumber-expressions' polyfill.
installNativeMatchIndices();

// The configuration, loaded once per process: the runner's, which opened the run before cucumber
// loaded this file; else (a parallel worker, plain cucumber-js) loaded here, and BeforeAll opens
// the run with it. A bad one is reported by BeforeAll, as one line; until then the defaults serve.
const early =
  openedConfig() ??
  (() => {
    try {
      return loadConfig();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      return undefined;
    }
  })();

// A step may wait for a few gateway replies (plus retries); the transport has its own bounds, so
// this is only the last line of defence against a hang.
const { limits, retry } = early ?? { limits: DEFAULT_LIMITS, retry: DEFAULT_RETRY };
setDefaultTimeout(Math.max(60_000, limits.requestTimeoutMs * (retry.retries + 1) * 4 + 10_000));

// Each process (a parallel worker writes to the terminal itself) masks its console (the run
// context gives it the run's breaker); errors of steps and hooks are masked before any formatter sees them.
if (early) protectProcess(early);
setDefinitionFunctionWrapper(maskStepErrors);

BeforeAll(async function () {
  await openRunContext(early);
  preloadSubdivisions();
});

Before(function (this: GatewayWorld, { pickle }) {
  this.pickleName = pickle.name;
  // how a cassette knows the scenario: its name and place (two scenarios may share a name)
  this.scenarioKey = `${pickle.name} (${pickle.uri}:${pickle.location?.line ?? pickle.astNodeIds.join(',')})`;
  this.lastStepId = pickle.steps.at(-1)?.id;
  this.requirementTags = pickle.tags
    .map((t) => t.name)
    .filter((t) => t.startsWith('@req:'))
    .map((t) => t.slice(5));
});

// Steps record their assertions without stopping the scenario (every cited requirement is judged
// by its own checks); the step that ends the scenario carries its verdict: the last one, or one that
// skipped the rest. A step that threw (a precondition, the suite's own trouble) carries its own end.
AfterStep(function (this: GatewayWorld, { pickleStep, result }) {
  const status = result?.status;
  if (!(status === 'SKIPPED' || (status === 'PASSED' && pickleStep.id === this.lastStepId))) return;
  const verdict = this.verdict();
  if (verdict) throw verdict;
});

After(async function (this: GatewayWorld) {
  const ctx = runContext();
  const problems: Array<{ bookingRef: string; message: string }> = [];
  // Each booking is closed only when a read shows it closed: one the scenario cancelled is read
  // back, one it did not is cancelled and read back; a Commit in doubt is read back and cancelled
  // if it landed, else left open in the ledger until it can no longer land (the run's end checks it).
  const refs = [
    ...this.bookings.map((b) => ({ ref: b.bookingRef, cancelAnswered: b.cancelled })),
    ...this.inDoubt.filter((r) => !this.bookings.some((b) => b.bookingRef === r)).map((ref) => ({ ref, cancelAnswered: false })),
  ];
  for (const { ref, cancelAnswered } of refs) {
    const outcome = await withScenario(this.scenarioKey, () => settleScenarioBooking(ctx, ref, { cancelAnswered }));
    if (!outcome.ok && outcome.kind !== 'open') problems.push({ bookingRef: ref, message: ctx.redactor.scrub(outcome.message) });
  }
  // What the scenario's exchanges took (reply time per operation, in the run's summary)
  const timed = this.history.flatMap(timedExchange);
  if (timed.length > 0) await this.attach(JSON.stringify(timed), { mediaType: LATENCY_MEDIA_TYPE, fileName: 'latency.json' });
  this.dispose();
  // Not an error of the scenario: the gateway's conformance was judged already. The run lists
  // the booking in its notes, and the next run retries from the ledger.
  if (problems.length > 0) {
    await this.attach(JSON.stringify(problems), { mediaType: CLEANUP_NOTE_MEDIA_TYPE, fileName: 'cleanup.json' });
  }
});

AfterAll(async function () {
  await runContext().close();
});
