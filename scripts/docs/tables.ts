// The tables docs/ shows of the code, rendered between markers so they never drift from it: in
// docs/requirements.md the catalogue (`<!-- requirements:<class> -->`, its summary and the
// decided-by table), in docs/reply-profile.md each operation's facts (`<!-- facts:<operation> -->`),
// in docs/gateway.md the test data's fields from its JSON Schema (`<!-- test-data:fields -->`),
// the measured figures (`<!-- measured:<key> -->`, from docs/figures/: scripts/docs/measured.ts),
// and in docs/architecture.md the file list (`<!-- layout:<folder> -->`: scripts/docs/layout.ts).
// The prose around them is written by hand. `npm run docs` rewrites them; `--check` and
// test/unit/scripts/docs.test.ts fail when one is stale, unknown or missing.
import { CONFORMANCE_CLASSES, REQUIREMENTS, type RequirementDef, type RequirementId } from '../../src/specification/requirements';
import { CONTRACTS } from '../../src/operations';
import { DECIDED_BY } from '../../src/operations/decided-by';
import type { Fact } from '../../src/contracts/reader';
import { measuredTables } from './measured';
import { layoutTables } from './layout';
import { testDataFieldsTable } from './test-data-fields';

const BLOCK = /(<!-- ((?:requirements|facts|test-data|measured|layout):[a-z-]+) -->\n)([\s\S]*?)(\n?<!-- \/\2 -->)/g;

const all: readonly RequirementDef[] = REQUIREMENTS;

/** A Markdown table cell: pipes escaped, white space collapsed. */
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();
const table = (header: string[], rows: string[]) =>
  [`| ${header.join(' | ')} |`, `|${header.map(() => '---|').join('')}`, ...rows].join('\n');

const basisCell = (q: RequirementDef) =>
  q.basis.kind === 'spec' ? `Spec: "${q.basis.quote}"` : q.basis.kind === 'convention' ? q.basis.text : `Profile: ${q.basis.text}`;

function requirementsOf(cls: string): string {
  const rows = all
    .filter((q) => q.class === cls)
    .map(
      (q) =>
        `| ${q.id} | ${q.level} | ${q.class} | ${cell(q.untestable ? `${q.statement} *Untestable: ${q.untestable}.*` : q.statement)} | ${cell(basisCell(q))} |`,
    );
  return table(['ID', 'Level', 'Class', 'Statement', 'Basis'], rows);
}

/** Per MUST requirement a contract rule judges: the facts that decide it (each operation's `decidedBy`). */
function decidedBy(): string {
  const ids = (xs: readonly string[] = []) => xs.map((x) => `\`${x}\``).join(', ') || '–';
  const rows = all.flatMap((requirementDef) => {
    const decidedBy = DECIDED_BY[requirementDef.id as RequirementId];
    return decidedBy ? [`| ${requirementDef.id} | ${ids(decidedBy.facts)} | ${ids(decidedBy.corroboration)} |`] : [];
  });
  return table(['ID', 'Facts of its reply', 'Asked of the gateway when not shown (corroboration)'], rows);
}

/** Per testable MUST: its quote, how it is read, one reply it accepts and one it refuses. */
function grain(): string {
  const rows = all
    .filter((q) => q.level === 'MUST' && !q.untestable)
    .map((requirementDef) => {
      const quote = requirementDef.basis.kind === 'spec' ? `"${requirementDef.basis.quote}"` : '';
      const grain = requirementDef.grain;
      return `| ${requirementDef.id} | ${cell(quote)} | ${cell(grain?.reading ?? '*(not written yet)*')} | ${cell(grain?.accepts ?? '')} | ${cell(grain?.refuses ?? '')} |`;
    });
  return table(['ID', 'The spec says', 'Read as', 'Accepts (a legitimate reply)', 'Refuses'], rows);
}

function summary(): string {
  const n = (l: string) => all.filter((q) => q.level === l).length;
  return `${all.length} requirements: ${n('MUST')} MUST, ${n('SHOULD')} SHOULD, ${n('INFO')} INFO.`;
}

/** One row per fact: its places in the order the reader tries them (XPath unions escaped). */
function factsOf(facts: readonly Fact[]): string {
  const places = (f: Fact) => f.places.map((p) => `\`${p.replace(/\|/g, '\\|')}\``).join('<br>');
  // a fact compared at every placement says so: placements of one item that disagree are a finding
  const agree = (f: Fact) =>
    f.agree
      ? ` Every placement is read, compared as ${f.agree === 'code' ? 'codes' : f.agree === 'country' ? 'countries' : `${f.agree}s`}: placements of one item that disagree are a finding.`
      : '';
  // how a shown value is compared with what was asked: once per method, in docs/matching.md
  const matched = (f: Fact) => (f.matched ? ` Matched: [${f.matched.replace(/-/g, ' ')}](matching.md#${f.matched}).` : '');
  const rows = facts.map(
    (f) => `| \`${f.id}\` | ${cell(f.what)} | ${places(f)} | ${cell(f.source)} | ${cell(f.whenNotShown + agree(f) + matched(f))} |`,
  );
  return table(['Fact', 'What', 'Places, in order', 'Source', 'When the reply does not show it'], rows);
}

/** Every generated table, by its marker key. */
export function generatedTables(): Map<string, string> {
  return new Map([
    ['requirements:summary', summary()],
    ...CONFORMANCE_CLASSES.map((c) => [`requirements:${c}`, requirementsOf(c)] as [string, string]),
    ['requirements:decided-by', decidedBy()],
    ['requirements:grain', grain()],
    ...Object.values(CONTRACTS).map((c) => [`facts:${c.op}`, factsOf(c.facts)] as [string, string]),
    ['test-data:fields', testDataFieldsTable()],
    ...measuredTables(),
    ...layoutTables(),
  ]);
}

export interface StaleTable {
  key: string;
  /** The first line that differs, as the doc has it and as the code renders it; both undefined: the key is unknown. */
  doc?: string;
  code?: string;
  unknown?: true;
}

/** The text with every table regenerated, the tables that differed, and the keys it shows. */
export function regenerateTables(text: string, tables = generatedTables()): { text: string; stale: StaleTable[]; keys: string[] } {
  const stale: StaleTable[] = [];
  const keys: string[] = [];
  const out = text.replace(BLOCK, (whole, open: string, key: string, found: string, close: string) => {
    keys.push(key);
    const body = tables.get(key);
    if (body === undefined) {
      stale.push({ key, unknown: true });
      return whole;
    }
    if (found === body) return whole;
    const have = found.split('\n');
    const want = body.split('\n');
    const at = want.findIndex((line, i) => line !== have[i]);
    const index = at < 0 ? want.length : at;
    stale.push({ key, doc: have[index] ?? '(missing)', code: want[index] ?? '(none)' });
    return `${open}${body}${close.startsWith('\n') ? close : `\n${close}`}`;
  });
  return { text: out, stale, keys };
}
