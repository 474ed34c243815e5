// What a run's summary decides from its scenarios, built alike by a run (src/run/conclude.ts) and by
// a merge of shards (src/commands/merge/merge.ts), so that a sharded run and an unsharded one are
// never summarised differently: the outcome of each requirement, the verdict, the notes derived
// from them (retries, replies over their time budget) and the assertions a merge recomputes from.
import type { ConformanceClass } from '../specification/requirements';
import { budgetNotes, type OperationLatency } from './latency';
import { requirementOutcomes, type ScenarioAssertions } from './requirement-outcomes';
import type { ConformanceResult, RequirementResult, RunSelection, ScenarioRecord } from './result';
import { retryNotes } from './retries';
import { decideVerdict, EXIT } from './verdict';

export interface SummaryInput {
  /** Every scenario of the run, with the assertions it recorded. */
  scenarios: ScenarioAssertions[];
  claims: ConformanceClass[];
  strict: boolean;
  selection?: RunSelection;
  latency: OperationLatency[];
  /** The notes the caller knows (a crash, bookings, a selection...): the derived notes follow them. */
  notes: string[];
  /** Notes the caller draws from the requirements' outcomes, after its own. */
  moreNotes?: (requirements: readonly RequirementResult[]) => string[];
  /** How each scenario is written into the summary. */
  record: (scenarioAssertions: ScenarioAssertions) => ScenarioRecord;
  /** Why the run could not run (cucumber stopped): the verdict is then COULD NOT RUN. */
  stopped?: string;
  /** Said after the verdict's reason (a merge: of how many runs). */
  reasonSuffix?: string;
}

export type DecidedSummary = Pick<
  ConformanceResult,
  'verdict' | 'exitCode' | 'verdictReason' | 'warnings' | 'classes' | 'requirements' | 'scenarios' | 'notes' | 'assertions' | 'latency'
>;

/** The fields of a summary decided from its scenarios, in the order summary.json shows them. */
export function decideSummary(input: SummaryInput): DecidedSummary {
  const { scenarios, claims, strict, selection, latency, stopped } = input;
  const requirements = requirementOutcomes(scenarios, { claims, selection });
  const verdict = decideVerdict({ requirements, scenarios, claims, strict, selection });
  return {
    verdict: stopped !== undefined ? 'COULD NOT RUN' : verdict.verdict,
    exitCode: stopped !== undefined ? EXIT.COULD_NOT_RUN : verdict.exitCode,
    verdictReason: stopped !== undefined ? stopped : `${verdict.reason}${input.reasonSuffix ?? ''}`,
    warnings: verdict.warnings,
    classes: verdict.classes,
    requirements,
    scenarios: scenarios.map(input.record),
    notes: [...input.notes, ...(input.moreNotes?.(requirements) ?? []), ...retryNotes(scenarios, requirements), ...budgetNotes(latency)],
    assertions: Object.fromEntries(scenarios.map((s) => [s.id, s.assertions])),
    latency,
  };
}
