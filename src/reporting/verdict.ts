// The verdict of a run and its exit code, from the requirement outcomes.
//   0 CONFORMS          every MUST of every claimed class passed ("with N warnings" when SHOULDs
//                       failed); a whole run only: a selection never gets it
//   1 DOES NOT CONFORM  a MUST of a claimed class failed (with --strict: or a SHOULD failed), in a
//                       whole run or a selection (a nonconformance seen is one, wherever it was seen)
//   2 COULD NOT RUN     configuration, unreachable target, the suite's own errors of any kind
//   3                   a secret was found in what the run wrote (decided by the runner)
//   4 NOT DETERMINED    no MUST failed, but some MUST of a claimed class is cantTell or untested;
//                       of a selection: a MUST it ran could not be checked, or it checked nothing
//   4 SELECTION PASSED  a selection (--tags, --name, paths, --dry-run, --shard, or a merge of some
//                       shards) in which every check that decides passed: not a conformance verdict
//   0 NO FINDING        an exploration (npm run explore) in which every operation explored showed
//                       evidence and nothing failed: an exploration, not a conformance verdict
// INFO requirements never decide: not a class's verdict, not the run's, under --strict too.
import { CONFORMANCE_CLASSES, type ConformanceClass } from '../specification/requirements';
import { firstLine } from './requirement-outcomes';
import type { ClassResult, RequirementResult, RunSelection, RunVerdict, ScenarioRecord } from './result';
import type { Outcome } from '../core/outcomes';

export const EXIT = { CONFORMS: 0, DOES_NOT_CONFORM: 1, COULD_NOT_RUN: 2, SECRET_LEAKED: 3, NOT_DETERMINED: 4 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** What the verdict words of an exploration say beside NO FINDING. */
export const EXPLORATION_NOT_A_VERDICT = 'an exploration, not a conformance verdict';

/** The verdict as a reader sees it first: "CONFORMS with 2 warning(s)", "DOES NOT CONFORM", "NO FINDING in 400 explored requests (...)". */
export function verdictHead(result: { verdict: string; warnings: number; exploration?: { requests: number } }): string {
  if (result.verdict === 'NO FINDING')
    return `NO FINDING in ${result.exploration?.requests ?? 0} explored requests (${EXPLORATION_NOT_A_VERDICT})`;
  return result.verdict === 'CONFORMS' && result.warnings ? `CONFORMS with ${result.warnings} warning(s)` : result.verdict;
}

export interface VerdictInput {
  requirements: RequirementResult[];
  scenarios: ScenarioRecord[];
  claims: readonly ConformanceClass[];
  strict: boolean;
  /** The run was a selection (--tags, --name...): it cannot certify what it did not run. */
  selection?: RunSelection;
}

export interface Verdict {
  verdict: RunVerdict;
  exitCode: ExitCode;
  reason: string;
  warnings: number;
  classes: ClassResult[];
}

const zero = (): Record<Outcome, number> => ({ passed: 0, failed: 0, cantTell: 0, untested: 0, inapplicable: 0 });

/** An untestable requirement (e.g. the operator's IP whitelisting) never holds a verdict open. */
const decides = (r: RequirementResult) => r.level === 'MUST' && !(r.outcome === 'untested' && r.reason?.startsWith('untestable:'));

/** A check of it was made (whatever it concluded). */
const checked = (r: RequirementResult) => r.outcome === 'passed' || r.outcome === 'failed' || r.outcome === 'cantTell';

export function decideVerdict(input: VerdictInput): Verdict {
  const { requirements, claims } = input;
  const classes = CONFORMANCE_CLASSES.map((cls) => classVerdict(cls, input));
  const warnings = requirements.filter((r) => claims.includes(r.class) && r.level === 'SHOULD' && r.outcome === 'failed').length;
  return { ...runVerdict(input, warnings), warnings, classes };
}

/** One class's verdict from its requirements: claimed or not, its MUST outcomes, its warnings, the selection. */
function classVerdict(cls: ConformanceClass, { requirements, claims, strict, selection }: VerdictInput): ClassResult {
  const mine = requirements.filter((r) => r.class === cls);
  // every MUST is counted, as the requirements at a glance count them; an untestable one never holds the verdict open
  const must = zero();
  for (const result of mine.filter((q) => q.level === 'MUST')) must[result.outcome]++;
  const open = mine.filter((q) => decides(q) && q.outcome === 'untested').length;
  const warnings = mine.filter((r) => r.level === 'SHOULD' && r.outcome === 'failed').length;
  const claimed = claims.includes(cls);
  const verdict: ClassResult['verdict'] = !claimed
    ? 'NOT CLAIMED'
    : must.failed > 0 || (strict && warnings > 0)
      ? 'DOES NOT CONFORM'
      : !mine.some(checked)
        ? 'NOT RUN'
        : must.cantTell > 0
          ? 'NOT DETERMINED'
          : selection
            ? 'SELECTION PASSED'
            : open > 0
              ? 'NOT DETERMINED'
              : 'CONFORMS';
  return { class: cls, claimed, verdict, must, warnings };
}

type RunDecision = Pick<Verdict, 'verdict' | 'exitCode' | 'reason'>;

/** The run's verdict, in order: the suite's own trouble, nothing run, a failed MUST (or SHOULD under --strict), a selection, an open MUST, else CONFORMS. */
function runVerdict(input: VerdictInput, warnings: number): RunDecision {
  const { requirements, scenarios, claims, strict, selection } = input;
  const claimed = requirements.filter((r) => claims.includes(r.class));
  const suiteErrors = scenarios.filter((s) => s.status === 'suiteError');
  if (suiteErrors.length > 0)
    return {
      verdict: 'COULD NOT RUN',
      exitCode: EXIT.COULD_NOT_RUN,
      reason: `${suiteErrors.length} scenario(s) failed on the suite's own trouble, not the gateway's (first: "${suiteErrors[0].name}": ${firstLine(suiteErrors[0].message)})`,
    };
  if (scenarios.length === 0)
    return { verdict: 'COULD NOT RUN', exitCode: EXIT.COULD_NOT_RUN, reason: 'no scenario matched the profile, claims and tags' };

  // A nonconformance seen in a selection is one all the same: the selection is named.
  const seenIn = selection ? ` (seen in the selection ${selection.text})` : '';
  const failedMust = claimed.filter((r) => r.level === 'MUST' && r.outcome === 'failed');
  if (failedMust.length > 0)
    return {
      verdict: 'DOES NOT CONFORM',
      exitCode: EXIT.DOES_NOT_CONFORM,
      reason: `${failedMust.length} MUST requirement(s) failed: ${failedMust.map((r) => r.id).join(', ')}${seenIn}`,
    };
  if (strict && warnings > 0)
    return {
      verdict: 'DOES NOT CONFORM',
      exitCode: EXIT.DOES_NOT_CONFORM,
      reason: `--strict: ${warnings} SHOULD requirement(s) failed: ${claimed
        .filter((r) => r.level === 'SHOULD' && r.outcome === 'failed')
        .map((r) => r.id)
        .join(', ')}${seenIn}`,
    };
  if (selection) return selectionVerdict(claimed, selection);
  const open = claimed.filter((r) => decides(r) && (r.outcome === 'cantTell' || r.outcome === 'untested'));
  if (open.length > 0)
    return {
      verdict: 'NOT DETERMINED',
      exitCode: EXIT.NOT_DETERMINED,
      reason: `no MUST failed, but ${open.length} MUST requirement(s) of the claimed classes are open: ${openText(open)}`,
    };
  return {
    verdict: 'CONFORMS',
    exitCode: EXIT.CONFORMS,
    reason: `every MUST requirement of the claimed classes (${claims.join(', ')}) passed${warnings ? ` with ${warnings} warning(s)` : ''}`,
  };
}

/** At most `max` IDs, then how many more. */
function ids(reqs: RequirementResult[], max = 10): string {
  const shown = reqs.slice(0, max).map((r) => r.id);
  return reqs.length > max ? `${shown.join(', ')} and ${reqs.length - max} more` : shown.join(', ');
}

function openText(open: RequirementResult[]): string {
  const cant = open.filter((r) => r.outcome === 'cantTell');
  const untested = open.filter((r) => r.outcome === 'untested');
  return [cant.length ? `cannot tell ${ids(cant)}` : '', untested.length ? `untested ${ids(untested)}` : ''].filter(Boolean).join('; ');
}

/**
 * A selection with no failure: never CONFORMS. NOT DETERMINED when a MUST it ran could not be
 * checked or it checked nothing at all (a dry run); else SELECTION PASSED, naming what it left out.
 */
function selectionVerdict(claimed: RequirementResult[], selection: RunSelection): RunDecision {
  const musts = claimed.filter(decides);
  const cant = musts.filter((r) => r.outcome === 'cantTell');
  const notRun = musts.filter((r) => r.outcome === 'untested');
  const tail = 'not a conformance verdict: run without a selection for one';
  if (!claimed.some(checked))
    return {
      verdict: 'NOT DETERMINED',
      exitCode: EXIT.NOT_DETERMINED,
      reason: `the selection ${selection.text} checked no requirement${selection.dryRun ? ' (a dry run sends nothing)' : ''}; ${tail}`,
    };
  if (cant.length > 0)
    return {
      verdict: 'NOT DETERMINED',
      exitCode: EXIT.NOT_DETERMINED,
      reason: `no MUST failed in the selection ${selection.text}, but ${cant.length} MUST requirement(s) it ran could not be checked: ${ids(cant)}; ${tail}`,
    };
  return {
    verdict: 'SELECTION PASSED',
    exitCode: EXIT.NOT_DETERMINED,
    reason: `selection passed; ${tail} (${selection.text} ran ${musts.length - notRun.length} of ${musts.length} MUST requirement(s) of the claimed classes${notRun.length ? `; not run: ${ids(notRun)}` : ''})`,
  };
}
