// The verdict of a run and its exit code, from the requirement outcomes.
//   0 CONFORMS          every MUST of every claimed class passed ("with N warnings" when SHOULDs failed)
//   1 DOES NOT CONFORM  a MUST of a claimed class failed (with --strict: or a SHOULD failed)
//   2 COULD NOT RUN     configuration, unreachable target, the suite's own errors of any kind
//   3                   a secret was found in what the run wrote (decided by the runner)
//   4 NOT DETERMINED    no MUST failed, but some MUST of a claimed class is cantTell or untested;
//                       for a --tags selection: "selection passed; not a conformance verdict"
import { CONFORMANCE_CLASSES, type ConformanceClass } from '../spec/requirements';
import { firstLine } from './requirement-outcomes';
import type { ClassResult, RequirementResult, RunVerdict, ScenarioRecord } from './result';
import type { Outcome } from '../core/outcomes';

export const EXIT = { CONFORMS: 0, DOES_NOT_CONFORM: 1, COULD_NOT_RUN: 2, SECRET_LEAKED: 3, NOT_DETERMINED: 4 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export interface VerdictInput {
  requirements: RequirementResult[];
  scenarios: ScenarioRecord[];
  claims: readonly ConformanceClass[];
  strict: boolean;
  /** The run was a selection (--tags, --name...): it cannot certify what it did not run. */
  selection?: string;
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

export function decideVerdict(input: VerdictInput): Verdict {
  const { requirements, claims, strict } = input;
  const classes = CONFORMANCE_CLASSES.map((cls) => classVerdict(cls, requirements, claims, strict));
  const warnings = requirements.filter((r) => claims.includes(r.class) && r.level === 'SHOULD' && r.outcome === 'failed').length;
  return { ...runVerdict(input, warnings), warnings, classes };
}

/** One class's verdict from its requirements: claimed or not, its MUST outcomes, its warnings. */
function classVerdict(
  cls: ConformanceClass,
  requirements: RequirementResult[],
  claims: readonly ConformanceClass[],
  strict: boolean,
): ClassResult {
  const mine = requirements.filter((r) => r.class === cls);
  const must = zero();
  for (const r of mine.filter(decides)) must[r.outcome]++;
  const warnings = mine.filter((r) => r.level === 'SHOULD' && r.outcome === 'failed').length;
  const claimed = claims.includes(cls);
  const verdict: ClassResult['verdict'] = !claimed
    ? 'NOT CLAIMED'
    : must.failed > 0 || (strict && warnings > 0)
      ? 'DOES NOT CONFORM'
      : must.cantTell + must.untested > 0
        ? 'NOT DETERMINED'
        : 'CONFORMS';
  return { class: cls, claimed, verdict, must, warnings };
}

type RunDecision = Pick<Verdict, 'verdict' | 'exitCode' | 'reason'>;

/** The run's verdict, in order: the suite's own trouble, nothing run, a failed MUST (or SHOULD under --strict), an open MUST, else CONFORMS. */
function runVerdict(input: VerdictInput, warnings: number): RunDecision {
  const { requirements, scenarios, claims, strict } = input;
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

  const failedMust = claimed.filter((r) => r.level === 'MUST' && r.outcome === 'failed');
  if (failedMust.length > 0)
    return {
      verdict: 'DOES NOT CONFORM',
      exitCode: EXIT.DOES_NOT_CONFORM,
      reason: `${failedMust.length} MUST requirement(s) failed: ${failedMust.map((r) => r.id).join(', ')}`,
    };
  if (strict && warnings > 0)
    return {
      verdict: 'DOES NOT CONFORM',
      exitCode: EXIT.DOES_NOT_CONFORM,
      reason: `--strict: ${warnings} SHOULD requirement(s) failed: ${claimed
        .filter((r) => r.level === 'SHOULD' && r.outcome === 'failed')
        .map((r) => r.id)
        .join(', ')}`,
    };
  const open = claimed.filter((r) => decides(r) && (r.outcome === 'cantTell' || r.outcome === 'untested'));
  if (open.length > 0) return openVerdict(open, input.selection);
  return {
    verdict: 'CONFORMS',
    exitCode: EXIT.CONFORMS,
    reason: `every MUST requirement of the claimed classes (${claims.join(', ')}) passed${warnings ? ` with ${warnings} warning(s)` : ''}`,
  };
}

/** No MUST failed but some are open: NOT DETERMINED, or, for a selection, SELECTION PASSED. */
function openVerdict(open: RequirementResult[], selection: string | undefined): RunDecision {
  const cant = open.filter((r) => r.outcome === 'cantTell').map((r) => r.id);
  const untested = open.filter((r) => r.outcome === 'untested').map((r) => r.id);
  const why = [cant.length ? `cannot tell ${cant.join(', ')}` : '', untested.length ? `untested ${untested.join(', ')}` : '']
    .filter(Boolean)
    .join('; ');
  return selection
    ? {
        verdict: 'SELECTION PASSED',
        exitCode: EXIT.NOT_DETERMINED,
        reason: `selection passed; not a conformance verdict (${selection} leaves MUST requirements of the claimed classes open: ${why})`,
      }
    : {
        verdict: 'NOT DETERMINED',
        exitCode: EXIT.NOT_DETERMINED,
        reason: `no MUST failed, but ${open.length} MUST requirement(s) of the claimed classes are open: ${why}`,
      };
}
