// Refused credentials are named, not blamed (issue 20). A wrong password on a first run against a
// real gateway would otherwise be judged as a gateway that refuses every valid request: DOES NOT
// CONFORM on a dozen MUSTs, the rest cannot tell. Before any scenario, and before the clean-up of
// earlier bookings (which needs the same credentials), the run sends valid, read-only requests for
// data the test data declares, with the configured credentials. The first one served ends the
// check. Only when every probe, on different operations, is refused (in any form: an Errors
// element, OTA_ErrorRS, a 4xx) are the credentials taken as refused: a gateway that refuses some
// valid requests is left to the scenarios, which judge it.
import { exchange, disposeExchange, PREFLIGHT_HEADER } from '../transport/exchange';
import { OtaRequest } from '../xml/requests';
import { OPERATIONS, type OperationName } from '../spec/operations';
import { refusalForm } from '../contracts/envelope';
import { ConfigError } from '../core/errors';
import { baseValues } from './scenario-values';
import type { RunContext } from './run-context';

/** Read-only operations of the core class, each valid as its sample stands with the test data's values. */
export const CREDENTIAL_PROBES: readonly OperationName[] = ['hotelavailability', 'activitysearch', 'activityavailability'];

export const CREDENTIAL_VARIABLES =
  'OTA_REQUESTOR_ID, OTA_REQUESTOR_CONTEXT, OTA_REQUESTOR_INSTANCE (the Instance), OTA_USER and OTA_PASSWORD';

/** Thrown when the target refuses the configured credentials: COULD NOT RUN (exit 2), never a finding. */
export class CredentialsRefused extends ConfigError {}

/**
 * Resolves when some probe is served, or cannot say (no HTTP reply: the scenarios judge that with
 * their evidence); rejects with CredentialsRefused, one line, when every probe is refused.
 */
export async function checkCredentials(ctx: RunContext): Promise<void> {
  const refusals = new Map<string, string[]>(); // refusal -> the paths that gave it
  for (const op of CREDENTIAL_PROBES) {
    const request = OtaRequest.fromSample(OPERATIONS[op], ctx.config.samplesDir, baseValues(ctx.credentials, ctx.data, ctx.config.runId));
    const x = await exchange(request, {
      baseUrl: ctx.baseUrl,
      limits: ctx.config.limits,
      retry: ctx.config.retry,
      headers: { [PREFLIGHT_HEADER.name]: PREFLIGHT_HEADER.value },
    });
    try {
      const refusal = x.reply.exchange ? refusalForm(x) : undefined;
      if (!refusal) return;
      refusals.set(refusal, [...(refusals.get(refusal) ?? []), OPERATIONS[op].path]);
    } finally {
      disposeExchange(x);
    }
  }
  throw new CredentialsRefused(
    ctx.redactor.scrub(
      `the target refused the configured credentials: every valid request sent with them was refused (${[...refusals].map(([why, paths]) => `${paths.join(', ')}: ${why}`).join('; ')}). Check ${CREDENTIAL_VARIABLES}`,
    ),
  );
}
