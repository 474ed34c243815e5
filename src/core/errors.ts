// One error hierarchy; the runner decides exit codes and requirement outcomes by type, never by
// message text (cucumber reports a step's error as `exception.type` = its constructor's name).
//
//   SuiteFault            the suite's or the user's fault: the run could not judge (exit 2)
//     ConfigError         environment, arguments, test data, reply profile, samples folder
//     SuiteError          the suite's own request is wrong (broken sample, edit matched nothing)
//     StepUsageError      a step used out of order (no request prepared, no reply yet)
//   CannotTell            the check could not be made: a precondition failed, the reply does not
//                         show the fact; the requirement is `cantTell`, never `failed`
//   ConformanceAssertionError  a MUST (or, with --strict, a SHOULD) requirement failed (exit 1)

/** Base of everything that is the suite's or the user's fault. Exit code 2. */
export abstract class SuiteFault extends Error {}

/** Bad configuration: environment variables, arguments, test data, reply profile, samples. */
export class ConfigError extends SuiteFault {
  override name = 'ConfigError';
}

/** The suite's own request is wrong (a broken sample, an edit whose XPath matches nothing). */
export class SuiteError extends SuiteFault {
  override name = 'SuiteError';
}

/** A step used where it cannot work (no request prepared, no reply yet): a fault of the feature. */
export class StepUsageError extends SuiteFault {
  override name = 'StepUsageError';
}

/** The check could not be made. Not the gateway's nonconformance: its requirement is cantTell. */
export class CannotTell extends Error {
  override name = 'CannotTell';
}

/**
 * A requirement failed. "Assertion" in the name on purpose: Allure shows such an error as failed,
 * every other error as broken (cannot tell, suite faults).
 */
export class ConformanceAssertionError extends Error {
  override name = 'ConformanceAssertionError';
}

/** Constructor names of the suite's own faults, as cucumber reports them in `exception.type`. */
export const SUITE_FAULT_TYPES: ReadonlySet<string> = new Set([ConfigError.name, SuiteError.name, StepUsageError.name]);
export const CANNOT_TELL_TYPE = CannotTell.name;
