// Refused credentials are named, not blamed. A wrong password on a first run against a
// real gateway would otherwise be judged as a gateway that refuses every valid request: DOES NOT
// CONFORM on a dozen MUSTs, the rest cannot tell. Before any scenario, and before the clean-up of
// earlier bookings (which needs the same credentials), the run sends valid, read-only requests for
// data the test data declares, with the configured credentials. The first one served ends the
// check. Only when every probe, on different operations, is refused (in any form: an Errors
// element, OTA_ErrorRS, a 4xx) AND the refusals are about authentication are the credentials taken
// as refused: a gateway that refuses some valid requests, or refuses them all for another reason
// (a processing error), is left to the scenarios, which judge it. The spec shows no error forms,
// so "about authentication" is what the refusals say (HTTP 401 or 403, OpenTravel error type 4 or
// 5, words such as "credentials" or "password"), or, when they say nothing of the kind, that a
// request with credentials no gateway knows is refused in exactly the same words.
import { exchange, disposeExchange, PREFLIGHT_HEADER, type Exchange } from '../transport/exchange';
import { OtaRequest } from '../xml/requests';
import { OPERATIONS, type OperationName } from '../specification/operations';
import { refusalForm } from '../contracts/envelope';
import { ConfigError } from '../core/errors';
import { baseValues } from './scenario-values';
import { exchangeOptions, type RunContext } from './run-context';
import type { Credentials } from './config';

/** What a refusal says of authentication: HTTP 401 or 403, OpenTravel error type 4 (authentication) or 5 (authorization), or words. */
const AUTH_WORDS = /credential|password|passwd|authenti|authori[sz]|login|log-in|forbidden|denied|requestor|\buser\b|not allowed|access/i;

/** Whether a refusal is about authentication: HTTP 401 or 403, OpenTravel error type 4 or 5, or its words. */
export function refusedForAuthentication(sent: Exchange, refusal: string): boolean {
  const status = sent.reply.exchange?.status;
  const types = sent.reply.doc?.values("/*/*[local-name()='Errors']/*[local-name()='Error']/@Type").map((t) => t.trim()) ?? [];
  return status === 401 || status === 403 || types.some((t) => t === '4' || t === '5') || AUTH_WORDS.test(refusal);
}

/** The refusal a probe of `op` with these credentials gets; undefined when served or when no HTTP reply came. */
async function refusalOf(
  ctx: RunContext,
  op: OperationName,
  credentials: Credentials,
): Promise<{ refusal: string; authentication: boolean } | undefined> {
  const request = OtaRequest.fromSample(OPERATIONS[op], ctx.config.samplesDir, baseValues(credentials, ctx.data, ctx.config.runId));
  const sent = await exchange(request, {
    ...exchangeOptions(ctx),
    headers: { [PREFLIGHT_HEADER.name]: PREFLIGHT_HEADER.value },
  });
  try {
    const refusal = sent.reply.exchange ? refusalForm(sent) : undefined;
    return refusal ? { refusal, authentication: refusedForAuthentication(sent, refusal) } : undefined;
  } finally {
    disposeExchange(sent);
  }
}

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
  let aboutAuthentication = true;
  for (const op of CREDENTIAL_PROBES) {
    const probe = await refusalOf(ctx, op, ctx.credentials);
    if (!probe) return;
    aboutAuthentication &&= probe.authentication;
    refusals.set(probe.refusal, [...(refusals.get(probe.refusal) ?? []), OPERATIONS[op].path]);
  }
  if (!aboutAuthentication) {
    // The refusals say nothing of credentials: are they what credentials no gateway knows get?
    const nobody = {
      ...ctx.credentials,
      requestorId: 'OTA-CONFORMANCE-NOBODY',
      user: 'ota-conformance-nobody',
      password: `nobody-${ctx.config.runId}`,
    };
    const garbage = await refusalOf(ctx, CREDENTIAL_PROBES[0], nobody);
    if (!garbage || !refusals.has(garbage.refusal)) return;
  }
  throw new CredentialsRefused(
    ctx.redactor.scrub(
      `the target refused the configured credentials: every valid request sent with them was refused (${[...refusals].map(([why, paths]) => `${paths.join(', ')}: ${why}`).join('; ')}). Check ${CREDENTIAL_VARIABLES}`,
    ),
  );
}
