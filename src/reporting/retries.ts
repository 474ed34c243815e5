// What cucumber's --retry did to a run, as the reports say it. A retry repeats a scenario that
// ended failed, cannot tell or on the suite's own error; it never undoes what an attempt showed:
// a requirement failed on one attempt and passed on another stays failed, and is "flaky".
import type { FindingRecord, FlakyRecord, RequirementResult, ScenarioRecord } from './result';

/** The start of the note of a run with retried scenarios (npm run merge recomputes it). */
export const RETRY_NOTE = '--retry:';

const attemptsText = (n: number[]) => `attempt${n.length > 1 ? 's' : ''} ${n.join(', ')}`;

/** `failed on attempt 1, passed on attempt 2 of "<scenario>"`. */
export const flakyText = (f: FlakyRecord): string =>
  `failed on ${attemptsText(f.failedOn)}, passed on ${attemptsText(f.passedOn)} of "${f.scenario}"`;

/** The requirement's flakiness in one line, or '' when it is not flaky. */
export const flakyLine = (r: Pick<RequirementResult, 'flaky'>): string =>
  r.flaky?.length ? `flaky: ${r.flaky.map(flakyText).join('; ')}; the failure stays` : '';

/** A finding's attempt, when its scenario ran more than once: " (attempt 2)", else ''. */
export const attemptText = (f: Pick<FindingRecord, 'attempt'>): string => (f.attempt === undefined ? '' : ` (attempt ${f.attempt})`);

/** Scenarios that ran more than once. */
export const retriedScenarios = <S extends Pick<ScenarioRecord, 'attempts'>>(scenarios: readonly S[]): S[] =>
  scenarios.filter((s) => s.attempts && s.attempts.length > 1);

/** The note for the certifier when some scenario ran more than once. */
export function retryNotes(scenarios: readonly ScenarioRecord[], requirements: readonly RequirementResult[]): string[] {
  const retried = retriedScenarios(scenarios);
  if (retried.length === 0) return [];
  const flaky = requirements.filter((r) => r.flaky?.length).map((r) => r.id);
  return [
    `${RETRY_NOTE} ${retried.length} scenario(s) ran more than once; what any attempt showed counts, and each finding names its attempt` +
      (flaky.length ? `; flaky (failed on one attempt, passed on another: the failure stays): ${flaky.join(', ')}` : ''),
  ];
}
