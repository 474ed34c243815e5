// Turns the assertions of a step into what cucumber, Allure and JUnit show. Every assertion is
// attached (the runner computes requirement outcomes from them); then:
//   a MUST that failed (or, with --strict, any failure)  -> ConformanceAssertionError (failed)
//   a SHOULD that failed                                 -> a warning attachment, the step passes
//   an INFO that failed                                  -> recorded only (informative)
//   a MUST that could not be checked                     -> CannotTell (broken, not failed)
import { CannotTell, ConformanceAssertionError } from '../core/errors';
import { requirement } from '../spec/requirements';
import type { Assertion, Finding } from '../contracts/rule';
import { ASSERTIONS_MEDIA_TYPE } from '../reporting/outcomes';
import { WARNING_LABEL } from '../reporting/allure-metadata';
import { label } from 'allure-js-commons';

export interface Judged {
  attach(data: string | Buffer, opts: { mediaType: string; fileName?: string }): void | Promise<void>;
}

export async function judge(world: Judged, assertions: Assertion[], opts: { strict: boolean; mask: (s: string) => string }): Promise<void> {
  if (assertions.length === 0) return;
  await world.attach(opts.mask(JSON.stringify(assertions)), { mediaType: ASSERTIONS_MEDIA_TYPE, fileName: 'assertions.json' });
  const failed = assertions.filter((a) => a.outcome === 'failed');
  const decisive = failed.filter((a) => requirement(a.req).level === 'MUST' || opts.strict);
  const warnings = failed.filter((a) => !decisive.includes(a) && requirement(a.req).level === 'SHOULD');
  if (warnings.length) {
    // Allure's "Warning (SHOULD)" category finds passed scenarios by this label.
    await label(WARNING_LABEL.name, WARNING_LABEL.value);
    await world.attach(
      opts.mask(
        formatFindings(
          'Warning (SHOULD, does not decide conformance)',
          warnings.flatMap((a) => a.findings),
        ),
      ),
      {
        mediaType: 'text/plain',
        fileName: 'warnings.txt',
      },
    );
  }
  if (decisive.length) {
    const text = opts.mask(
      formatFindings(
        'Nonconformance',
        decisive.flatMap((a) => a.findings),
      ),
    );
    await world.attach(text, { mediaType: 'text/plain', fileName: 'findings.txt' });
    throw new ConformanceAssertionError(text);
  }
  const unknown = assertions.filter((a) => a.outcome === 'cantTell' && (requirement(a.req).level === 'MUST' || opts.strict));
  if (unknown.length) {
    const text = opts.mask(`Cannot tell:\n${unknown.map((a) => `${a.req}: ${a.reasons.join('; ')}`).join('\n')}`);
    await world.attach(text, { mediaType: 'text/plain', fileName: 'cannot-tell.txt' });
    throw new CannotTell(text);
  }
}

/** Findings grouped by requirement: its level, section and statement, then where/expected/found. */
function formatFindings(title: string, findings: Finding[]): string {
  const byReq = new Map<string, Finding[]>();
  for (const f of findings) byReq.set(f.req, [...(byReq.get(f.req) ?? []), f]);
  const parts = [...byReq].map(([id, fs]) => {
    const q = requirement(id as Finding['req']);
    const head = `${id} (${q.level}, ${q.section}): ${q.statement}`;
    return `${head}\n${fs.map((f) => `  at ${f.at}\n    expected: ${f.expected}\n    found:    ${f.found}`).join('\n')}`;
  });
  return `${title}:\n${parts.join('\n')}`;
}
