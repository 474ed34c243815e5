// Run- and scenario-level hooks. BeforeAll opens the run (target, data, ledger); After cancels
// what its scenario booked, even when the scenario failed, and frees parsed documents.
import { After, AfterAll, Before, BeforeAll, Status, setDefaultTimeout } from '@cucumber/cucumber';
import { openRunContext, runContext } from '../run/run-context';
import { loadConfig } from '../run/config';
import { ConfigError } from '../run/errors';
import { DEFAULT_LIMITS, DEFAULT_RETRY } from '../transport/http';
import { cancelBooking } from '../safety/bookings';
import type { GatewayWorld } from './world';

// A step may wait for a few gateway replies (plus retries); the transport has its own bounds, so
// this is only the last line of defence against a hang. Bad configuration is reported by
// BeforeAll; until then the defaults serve.
function stepTimeoutMs(): number {
  let { limits, retry } = { limits: DEFAULT_LIMITS, retry: DEFAULT_RETRY };
  try {
    ({ limits, retry } = loadConfig());
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
  }
  return Math.max(60_000, limits.requestTimeoutMs * (retry.retries + 1) * 4 + 10_000);
}
setDefaultTimeout(stepTimeoutMs());

BeforeAll(async function () {
  await openRunContext();
});

Before(function (this: GatewayWorld, { pickle }) {
  this.pickleName = pickle.name;
  this.requirementTags = pickle.tags.map((t) => t.name).filter((t) => t.startsWith('@req:')).map((t) => t.slice(5));
});

After(async function (this: GatewayWorld, { result }) {
  const problems: string[] = [];
  for (const b of this.bookings.filter((x) => !x.cancelled)) {
    const outcome = await cancelBooking(runContext(), b.bookingRef);
    if (!outcome.ok) problems.push(`${b.bookingRef}: ${outcome.message}`);
    else b.cancelled = true;
  }
  this.dispose();
  if (problems.length > 0) {
    const text = `Clean-up could not cancel booking(s) this scenario created; they stay in the ledger and the next run retries:\n${problems.join('\n')}`;
    await this.attach(runContext().redactor.scrub(text), { mediaType: 'text/plain', fileName: 'cleanup.txt' });
    // Only a passing scenario is turned red by this: a failed one already says what went wrong.
    if (result?.status === Status.PASSED) throw new Error(text);
  }
});

AfterAll(async function () {
  await runContext().close();
});
