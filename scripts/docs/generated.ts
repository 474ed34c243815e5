// The counts the README and docs/ quote, generated from the code between markers so they never go
// stale: `<!-- gen:<key> -->value<!-- /gen -->`. `npm run docs` rewrites them; the docs test fails
// when one is stale or names an unknown key.
import { FAULTS } from '../../sandbox/src/faults';
import { VARIANTS } from '../../sandbox/src/variants';
import { VARIANT_COMBINATIONS } from '../mutants/matrix';
import { CONFORMANCE_CLASSES, REQUIREMENTS, type ConformanceClass } from '../../src/specification/requirements';

const MARKER = /<!-- gen:([a-z0-9:-]+) -->([\s\S]*?)<!-- \/gen -->/g;

/** Every generated value, by key. `must:<class>` for each conformance class. */
export function generatedValues(): Map<string, string> {
  const of = (level: string) => REQUIREMENTS.filter((q) => q.level === level).length;
  const caught = FAULTS.filter((f) => !f.edge);
  const edges = FAULTS.filter((f) => f.edge);
  const values = new Map<string, string>([
    ['requirements', `${REQUIREMENTS.length} requirements: ${of('MUST')} MUST, ${of('SHOULD')} SHOULD, ${of('INFO')} INFO`],
    ['must', String(of('MUST'))],
    ['faults', String(FAULTS.length)],
    ['variants', String(VARIANTS.length)],
    // edge faults (only some inputs show them) are counted apart: found by exploration, not by conformance
    ['mutation-score', `${caught.length}/${caught.length}`],
    ['edge-faults', `${edges.length}/${edges.length}`],
    // Each variant alone, then each combined dialect as a whole (npm run mutants runs both).
    ['fairness-score', `${VARIANTS.length + VARIANT_COMBINATIONS.length}/${VARIANTS.length + VARIANT_COMBINATIONS.length}`],
    ['combined-dialects', String(VARIANT_COMBINATIONS.length)],
    ['untestable', String(REQUIREMENTS.filter((q) => 'untestable' in q && q.untestable).length)],
    ['faulted-requirements', faultedRequirements()],
  ]);
  for (const c of CONFORMANCE_CLASSES as readonly ConformanceClass[])
    values.set(`must:${c}`, String(REQUIREMENTS.filter((q) => q.level === 'MUST' && q.class === c).length));
  return values;
}

/** Testable MUST and SHOULD requirements that some fault declares, of all testable ones: "n/m". */
function faultedRequirements(): string {
  const testable = REQUIREMENTS.filter((q) => q.level !== 'INFO' && !('untestable' in q && q.untestable));
  const declared = new Set<string>(FAULTS.flatMap((f) => f.breaks));
  return `${testable.filter((q) => declared.has(q.id)).length}/${testable.length}`;
}

export interface StaleMarker {
  key: string;
  found: string;
  expected?: string; // undefined: the key is unknown
}

/** The text with every marker's value regenerated, and the markers that differed. */
export function regenerate(text: string, values = generatedValues()): { text: string; stale: StaleMarker[] } {
  const stale: StaleMarker[] = [];
  const out = text.replace(MARKER, (whole, key: string, found: string) => {
    const expected = values.get(key);
    if (expected === undefined) {
      stale.push({ key, found });
      return whole;
    }
    if (found !== expected) stale.push({ key, found, expected });
    return `<!-- gen:${key} -->${expected}<!-- /gen -->`;
  });
  return { text: out, stale };
}
