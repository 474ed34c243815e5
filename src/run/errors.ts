// Error kinds the runner maps to exit codes: a ConfigError or TargetUnreachableError means the
// run could not happen (exit 2); a SuiteError means our own request or sample is broken and must
// never be reported as the gateway's nonconformance.

/** Bad configuration: environment variables, test data, samples folder. Exit code 2. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The suite's own request is wrong (a broken sample, an unknown placeholder). Not the gateway's fault. */
export class SuiteError extends Error {
  override name = 'SuiteError';
}
