// Does the target answer HTTP at all? Checked once, before any scenario, so that an unreachable
// target is one clear line instead of hundreds of identical failures.
import { attempt } from './attempt';
import { checkLimits, type TransportLimits } from './limits';
import { hostPort, type TransportFailureKind } from './transport-error';

export type Reachability =
  { reachable: true; status: number; durationMs: number } | { reachable: false; kind: TransportFailureKind; message: string };

const WHITELIST_NOTE =
  "The vendor's test gateway only accepts requests from whitelisted IP addresses: if this is that gateway, " +
  "ask the operator to whitelist this machine's public IP address. Otherwise check the base URL (OTA_BASE_URL) and that the gateway is running.";

/** A GET of the base URL; any HTTP status counts as reachable. Never retried. */
export async function checkReachable(baseUrl: string, limits: TransportLimits): Promise<Reachability> {
  checkLimits(limits);
  const t0 = performance.now();
  const attemptResult = await attempt(baseUrl, 'GET', {}, undefined, limits, false);
  const durationMs = Math.round(performance.now() - t0);
  if (attemptResult.ok) return { reachable: true, status: attemptResult.reply.status, durationMs };
  const failure = attemptResult.failure;
  const what: Record<TransportFailureKind, string> = {
    refused: `the connection was refused (nothing listens at ${hostPort(baseUrl)})`,
    dns: `its host name could not be resolved (${failure.detail})`,
    tls: `the TLS handshake failed (${failure.detail})`,
    'connect-timeout': `no connection could be made within connectTimeoutMs=${limits.connectTimeoutMs} ms`,
    timeout: `it accepted the connection but sent no HTTP reply within requestTimeoutMs=${limits.requestTimeoutMs} ms`,
    reset: `the connection was closed or reset before an HTTP reply (${failure.detail})`,
    'too-large': 'its reply was too large',
    'gateway-stopped': 'it stopped answering',
    other: `the request failed (${failure.detail})`,
  };
  const message = `Target unreachable: ${baseUrl} cannot be reached - ${what[failure.kind]}. No scenario was run. ${WHITELIST_NOTE}`;
  return { reachable: false, kind: failure.kind, message };
}
