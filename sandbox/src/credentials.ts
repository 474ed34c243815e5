// Credentials the sandbox accepts. The suite imports SANDBOX_CREDENTIALS when it targets the
// embedded sandbox, so the defaults live here only and never in the suite's own files.

export interface Credentials {
  /** RequestorID Type=22 ID. */
  requestorId: string;
  /** RequestorID Type=22 ID_Context. */
  requestorContext: string;
  /** RequestorID Type=22 Instance; when set, a request's Instance (if present) must equal it. */
  requestorInstance?: string;
  /** RequestorID Type=88 ID. */
  user: string;
  /** RequestorID Type=88 MessagePassword. */
  password: string;
}

/** Documented sandbox defaults (docs/sandbox.md: "Test credentials"). */
export const SANDBOX_CREDENTIALS: Readonly<Credentials> = Object.freeze({
  requestorId: 'SANDBOX-AGENCY',
  requestorContext: 'OTA-SANDBOX',
  user: 'sandbox-user',
  password: 'sandbox-pass',
});

/**
 * Credentials from OTA_REQUESTOR_ID, OTA_REQUESTOR_CONTEXT, OTA_REQUESTOR_INSTANCE (optional),
 * OTA_USER, OTA_PASSWORD; each missing or empty variable falls back to the sandbox default.
 */
export function credentialsFromEnv(env: NodeJS.ProcessEnv = process.env): Credentials {
  const pick = (k: string, d: string): string => (env[k] && env[k]!.trim() !== '' ? env[k]! : d);
  const instance = env.OTA_REQUESTOR_INSTANCE;
  return {
    requestorId: pick('OTA_REQUESTOR_ID', SANDBOX_CREDENTIALS.requestorId),
    requestorContext: pick('OTA_REQUESTOR_CONTEXT', SANDBOX_CREDENTIALS.requestorContext),
    ...(instance && instance.trim() !== '' ? { requestorInstance: instance } : {}),
    user: pick('OTA_USER', SANDBOX_CREDENTIALS.user),
    password: pick('OTA_PASSWORD', SANDBOX_CREDENTIALS.password),
  };
}
