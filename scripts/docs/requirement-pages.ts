// One page per requirement (docs/requirements/<ID>.md), generated from the code so that a
// requirement can be read in one place: its statement and basis (the spec's words), how a MUST is
// read at its grain, the facts that decide it and where each may sit in a reply, where its rule is
// written, and the scenarios, faults and variants that exercise it, with the last measured matrix.
// `npm run docs` writes them; `--check` (and test/unit/scripts/docs.test.ts) fails when one is stale.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { AstBuilder, GherkinClassicTokenMatcher, Parser, compile } from '@cucumber/gherkin';
import { FAULTS } from '../../sandbox/src/faults';
import { VARIANT_LIST } from '../../sandbox/src/variants';
import { CONTRACTS, FACTS } from '../../src/operations';
import { DECIDED_BY } from '../../src/operations/decided-by';
import { PROJECT_ROOT } from '../../src/run/config';
import { REQUIREMENTS, type RequirementDef, type RequirementId } from '../../src/specification/requirements';
import { readFigures, type MatrixFigures } from '../measured-figures';

/** Where the pages are, relative to the project. */
export const PAGES_DIR = 'docs/requirements';

interface ScenarioRef {
  uri: string;
  name: string;
  reqs: string[];
}

function filesUnder(dir: string, ext: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const p = join(dir, name);
      return statSync(p).isDirectory() ? filesUnder(p, ext) : name.endsWith(ext) ? [p] : [];
    });
}

/** Every scenario of features/, with the requirements it cites (@req: tags, and steps naming one "as <ID> requires"). */
function scenarios(root: string): ScenarioRef[] {
  let n = 0;
  const id = () => String(++n);
  return filesUnder(join(root, 'features'), '.feature').flatMap((file) => {
    const uri = relative(root, file).split('\\').join('/');
    const doc = new Parser(new AstBuilder(id), new GherkinClassicTokenMatcher()).parse(readFileSync(file, 'utf8'));
    return compile(doc, uri, id).map((p) => ({
      uri,
      name: p.name,
      reqs: [
        ...p.tags.filter((t) => t.name.startsWith('@req:')).map((t) => t.name.slice(5)),
        ...p.steps.flatMap((s) => /, as ([A-Z][A-Z0-9-]+) requires$/.exec(s.text)?.[1] ?? []),
      ],
    }));
  });
}

/** The source files that bind a rule to `id` (a contract, a shared rule, a step): where it is judged. */
function ruleFiles(root: string, ids: readonly RequirementId[]): Map<RequirementId, string[]> {
  const statements = /(^src\/operations\/[^/]+\/requirements\.ts|^src\/operations\/decided-by\.ts|^src\/specification\/)/;
  const files = [...filesUnder(join(root, 'src'), '.ts'), ...filesUnder(join(root, 'steps'), '.ts')]
    .map((f) => relative(root, f).split('\\').join('/'))
    .filter((f) => !statements.test(f));
  const texts = files.map((f) => [f, readFileSync(join(root, f), 'utf8')] as const);
  return new Map(ids.map((id) => [id, texts.filter(([, t]) => t.includes(`'${id}'`)).map(([f]) => f)]));
}

const quote = (s: string) =>
  s
    .split('\n')
    .map((l) => `> ${l}`)
    .join('\n');
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();
const list = (xs: string[], none: string) => (xs.length ? xs.map((x) => `- ${x}`).join('\n') : none);

function basis(requirementDef: RequirementDef): string {
  if (requirementDef.basis.kind === 'spec') return `The spec says:\n\n${quote(`"${requirementDef.basis.quote}"`)}`;
  return requirementDef.basis.kind === 'convention'
    ? `OpenTravel convention: ${requirementDef.basis.text}`
    : `The target's profile: ${requirementDef.basis.text}`;
}

function facts(id: RequirementId): string {
  const decidedBy = DECIDED_BY[id];
  if (!decidedBy)
    return 'No decided-by entry: a SHOULD or INFO requirement, or a MUST judged from the exchange itself (status, headers, envelope).';
  const rows = decidedBy.facts.map((f) => {
    const fact = FACTS.find((x) => x.id === f);
    return fact
      ? `| \`${f}\` | ${cell(fact.what)} | ${fact.places.map((p) => `\`${cell(p)}\``).join('<br>')} | ${cell(fact.source)} |`
      : `| \`${f}\` | *(no contract has this fact)* | | |`;
  });
  const table = ['| Fact | What | Where it may sit (in order) | Source |', '|---|---|---|---|', ...rows].join('\n');
  const names = decidedBy.names?.length
    ? `\n\nRead only to name the item a finding is about: ${decidedBy.names.map((c) => `\`${c}\``).join(', ')}.`
    : '';
  const methods = [...new Set(decidedBy.facts.flatMap((f) => FACTS.find((x) => x.id === f)?.matched ?? []))];
  const matched = methods.length
    ? `\n\nHow a shown value is matched: ${methods.map((m) => `[${m.replace(/-/g, ' ')}](../matching.md#${m})`).join(', ')}.`
    : '';
  const asked = decidedBy.corroboration?.length
    ? `\n\nWhen the reply does not show them, asked of the gateway: ${decidedBy.corroboration.map((c) => `\`${c}\``).join(', ')}.`
    : '';
  return `${table}${matched}${asked}${names}\n\nThe rule reads these facts and no other of its reply (test/unit/operations/facts-read.test.ts).`;
}

function rules(id: RequirementId, files: string[]): string {
  const sentences = Object.values(CONTRACTS).flatMap((c) =>
    c.rules.filter((r) => r.req === id).map((r) => (r.sentence ? `"Then ${r.sentence}" (${c.op})` : `called by a step (${c.op})`)),
  );
  const where = list(
    files.map((f) => `[\`${f}\`](../../${f})`),
    'No rule names it: untestable, or judged by a step.',
  );
  return sentences.length ? `${where}\n\nAsked for by: ${sentences.join('; ')}.` : where;
}

function matrixLine(root: string): string {
  const figures = readFigures<MatrixFigures>('matrix', root);
  if (!figures) return 'The fault × variant matrix has not been measured (`npm run mutants -- --matrix`).';
  const matrixFigures = figures.figures;
  return (
    `Not recorded per requirement. The last full matrix (${figures.date}, ${figures.commit}, \`${figures.command}\`): ` +
    `${matrixFigures.caught}/${matrixFigures.faults} faults caught in every dialect that touches them, ${matrixFigures.missedCells} cells missed.`
  );
}

function page(requirementDef: RequirementDef, all: ScenarioRef[], files: string[], matrix: string): string {
  const id = requirementDef.id as RequirementId;
  const cited = all.filter((s) => s.reqs.includes(id));
  const byFile = [...new Set(cited.map((s) => s.uri))].map(
    (uri) => `[\`${uri}\`](../../${uri}): ${[...new Set(cited.filter((s) => s.uri === uri).map((s) => s.name))].join('; ')}`,
  );
  const faults = FAULTS.filter((f) => f.breaks.includes(id)).map((f) => `\`${f.name}\`: ${f.description}`);
  const variants = VARIANT_LIST.filter((v) => v.expectedWarnings.includes(id)).map((v) => `\`${v.name}\`: ${v.description}`);
  const grain = requirementDef.grain;
  return (
    [
      `<!-- Generated by npm run docs (scripts/docs/requirement-pages.ts) from the code: do not edit. -->`,
      `# ${requirementDef.id}`,
      `**${requirementDef.level}**, class \`${requirementDef.class}\`, ${requirementDef.section}.`,
      quote(requirementDef.statement) + (requirementDef.untestable ? `\n\n*Untestable: ${requirementDef.untestable}.*` : ''),
      `## Basis\n\n${basis(requirementDef)}`,
      ...(grain ? [`## Read at its grain\n\n${grain.reading}\n\n- Accepts: ${grain.accepts}\n- Refuses: ${grain.refuses}`] : []),
      `## The facts that decide it\n\n${facts(id)}`,
      `## Its rule\n\n${rules(id, files)}`,
      `## Scenarios\n\n${list(byFile, 'None.')}`,
      `## Faults that must fail it\n\n${list(faults, 'None.')}`,
      `## Dialect variants that may warn on it\n\n${list(variants, 'None.')}`,
      `## The fault × variant matrix\n\n${matrix}`,
    ].join('\n\n') + '\n'
  );
}

/** Every page, by its path relative to the project. */
export function requirementPages(root = PROJECT_ROOT): Map<string, string> {
  const all = scenarios(root);
  const matrix = matrixLine(root);
  const files = ruleFiles(
    root,
    REQUIREMENTS.map((q) => q.id as RequirementId),
  );
  return new Map(REQUIREMENTS.map((q) => [`${PAGES_DIR}/${q.id}.md`, page(q, all, files.get(q.id as RequirementId) ?? [], matrix)]));
}
