// Turns the assertions of a scenario into what cucumber, Allure and JUnit show. A step records its
// assertions and never stops the scenario for them: each requirement the scenario cites is judged
// by its own checks, so a failure or a cannot-tell of one never leaves another unjudged. Per step:
//   every assertion                                      -> attached (the runner computes
//                                                           requirement outcomes from them)
//   a SHOULD that failed                                 -> a warning attachment
//   a MUST that failed (with --strict, a SHOULD too)     -> a findings attachment on that step
//   a MUST that could not be checked (--strict: SHOULD)  -> a cannot-tell attachment on that step
//   an INFO result                                       -> attached, and nothing else: INFO never
//                                                           decides, under --strict too
// At the end of the scenario (its last step, see hooks.ts) the verdict of everything recorded:
//   a decisive failure -> ConformanceAssertionError (failed); else a MUST cantTell -> CannotTell
//   (broken, not failed); else nothing (passed).
import { CannotTell, ConformanceAssertionError } from '../core/errors';
import { requirement } from '../specification/requirements';
import type { Assertion, Finding } from '../contracts/rule';
import { ASSERTIONS_MEDIA_TYPE } from '../reporting/requirement-outcomes';

export interface Judged {
  attach(data: string | Buffer, opts: { mediaType: string; fileName?: string }): void | Promise<void>;
}

export interface JudgeOptions {
  strict: boolean;
  mask: (s: string) => string;
}

/** Whether the requirement's result decides the scenario: a MUST always, a SHOULD under --strict, an INFO never. */
const decides = (assertion: Assertion, strict: boolean) => {
  const level = requirement(assertion.req).level;
  return level === 'MUST' || (strict && level === 'SHOULD');
};
const decisive = (a: Assertion, strict: boolean) => a.outcome === 'failed' && decides(a, strict);
const open = (a: Assertion, strict: boolean) => a.outcome === 'cantTell' && decides(a, strict);

/** Attaches what one step concluded (assertions, warnings, findings, cannot-tell); throws nothing. */
export async function judge(world: Judged, assertions: Assertion[], opts: JudgeOptions): Promise<void> {
  if (assertions.length === 0) return;
  await world.attach(opts.mask(JSON.stringify(assertions)), { mediaType: ASSERTIONS_MEDIA_TYPE, fileName: 'assertions.json' });
  const warnings = assertions.filter((a) => a.outcome === 'failed' && !decisive(a, opts.strict) && requirement(a.req).level === 'SHOULD');
  if (warnings.length) {
    const text = formatFindings(
      'Warning (SHOULD, does not decide conformance)',
      warnings.flatMap((a) => a.findings),
    );
    await world.attach(opts.mask(text), { mediaType: 'text/plain', fileName: 'warnings.txt' });
  }
  const failed = assertions.filter((a) => decisive(a, opts.strict));
  if (failed.length) await world.attach(opts.mask(nonconformance(failed)), { mediaType: 'text/plain', fileName: 'findings.txt' });
  const unknown = assertions.filter((a) => open(a, opts.strict));
  if (unknown.length) await world.attach(opts.mask(cannotTellText(unknown)), { mediaType: 'text/plain', fileName: 'cannot-tell.txt' });
}

/**
 * The verdict of a scenario from every assertion its steps recorded: a decisive failure wins over
 * a cannot-tell; undefined when the scenario passes. `endedEarly` is why it stopped before its last
 * step (a precondition), added to the message.
 */
export function scenarioVerdict(assertions: Assertion[], opts: JudgeOptions, endedEarly?: string): Error | undefined {
  const failed = assertions.filter((a) => decisive(a, opts.strict));
  const then = endedEarly ? `\nThen the scenario ended early: ${endedEarly}` : '';
  if (failed.length) return new ConformanceAssertionError(opts.mask(nonconformance(failed) + then));
  const unknown = assertions.filter((a) => open(a, opts.strict));
  if (endedEarly) return new CannotTell(opts.mask(endedEarly + (unknown.length ? `\n${cannotTellText(unknown)}` : '')));
  if (unknown.length) return new CannotTell(opts.mask(cannotTellText(unknown)));
  return undefined;
}

function nonconformance(failed: Assertion[]): string {
  return formatFindings(
    'Nonconformance',
    failed.flatMap((a) => a.findings),
  );
}

/** One line per requirement left open, the first naming them all (a report shows the first line). */
function cannotTellText(unknown: Assertion[]): string {
  const byReq = new Map<string, string[]>();
  for (const assertion of unknown) byReq.set(assertion.req, [...new Set([...(byReq.get(assertion.req) ?? []), ...assertion.reasons])]);
  const lines = [...byReq].map(([id, why]) => `${id}: ${why.join('; ') || 'no reason given'}`);
  return `Cannot tell: ${lines.join('\n')}`;
}

/** Findings grouped by requirement: its level, section and statement, then where/expected/found. */
function formatFindings(title: string, findings: Finding[]): string {
  const byReq = new Map<string, Finding[]>();
  for (const finding of findings) byReq.set(finding.req, [...(byReq.get(finding.req) ?? []), finding]);
  const parts = [...byReq].map(([id, fs]) => {
    const q = requirement(id as Finding['req']);
    const head = `${id} (${q.level}, ${q.section}): ${q.statement}`;
    return `${head}\n${fs.map((f) => `  at ${f.at}\n    expected: ${f.expected}\n    found:    ${f.found}`).join('\n')}`;
  });
  return `${title}:\n${parts.join('\n')}`;
}
