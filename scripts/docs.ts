// `npm run docs [-- --check]`: regenerates the counts between `<!-- gen:<key> -->` markers in the
// README and docs/ (scripts/docs/generated.ts) and the tables rendered from the code (the
// catalogue in docs/requirements.md, each operation's facts in docs/reply-profile.md:
// scripts/docs/tables.ts), one page per requirement (docs/requirements/<ID>.md:
// scripts/docs/requirement-pages.ts), and checks that every relative link resolves (scripts/docs/links.ts).
// --check changes nothing and exits 1 when a count or a table is stale or a link broken, or a
// measured figure is of other code (the matrix of another fault count: it names the command);
// test/unit/scripts/docs.test.ts runs the same checks in npm test.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../src/run/config';
import { regenerate } from './docs/generated';
import { generatedTables, regenerateTables } from './docs/tables';
import { brokenLinks } from './docs/links';
import { staleFigures } from './docs/measured';
import { PAGES_DIR, requirementPages } from './docs/requirement-pages';

/** The user documentation: the README, every file of docs/, the sandbox's variant table. */
export function documentationFiles(root = PROJECT_ROOT): string[] {
  const docs = readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`);
  return ['README.md', ...docs, 'sandbox/VARIANTS.md'];
}

/** The page of each requirement (docs/requirements/<ID>.md): rewritten, or with --check, each stale one counted. */
function writeRequirementPages(check: boolean): number {
  const pages = requirementPages();
  const dir = join(PROJECT_ROOT, PAGES_DIR);
  const present = existsSync(dir) ? readdirSync(dir).map((f) => `${PAGES_DIR}/${f}`) : [];
  const stale = [...pages].filter(
    ([file, text]) => !existsSync(join(PROJECT_ROOT, file)) || readFileSync(join(PROJECT_ROOT, file), 'utf8') !== text,
  );
  const gone = present.filter((f) => !pages.has(f));
  if (check) {
    for (const [file] of stale) console.error(`docs: ${file} is stale or missing`);
    for (const file of gone) console.error(`docs: ${file} is the page of no requirement`);
    return stale.length + gone.length;
  }
  mkdirSync(dir, { recursive: true });
  for (const [file, text] of stale) writeFileSync(join(PROJECT_ROOT, file), text);
  for (const file of gone) rmSync(join(PROJECT_ROOT, file));
  if (stale.length + gone.length) console.log(`docs: ${PAGES_DIR}/: ${stale.length} page(s) written, ${gone.length} removed`);
  return 0;
}

function main(argv: string[]): number {
  const unknownArg = argv.find((a) => a !== '--check');
  if (unknownArg) {
    console.error(`docs: unknown argument ${unknownArg}; use --check (or nothing, to rewrite the counts and tables)`);
    return 2;
  }
  const check = argv.includes('--check');
  let problems = 0;
  const tables = generatedTables();
  const shown = new Set<string>();
  for (const file of documentationFiles()) {
    const path = join(PROJECT_ROOT, file);
    const before = readFileSync(path, 'utf8');
    const { text: counted, stale } = regenerate(before);
    const rendered = regenerateTables(counted, tables);
    const text = rendered.text;
    rendered.keys.forEach((k) => shown.add(k));
    for (const staleTable of rendered.stale.filter((x) => x.unknown)) {
      console.error(`docs: ${file}: unknown table "${staleTable.key}"`);
      problems++;
    }
    const redrawn = rendered.stale.filter((x) => !x.unknown);
    for (const staleMarker of stale.filter((x) => x.expected === undefined)) {
      console.error(`docs: ${file}: unknown generated key "${staleMarker.key}"`);
      problems++;
    }
    const changed = stale.filter((x) => x.expected !== undefined);
    if (check) {
      for (const s of changed) console.error(`docs: ${file}: gen:${s.key} says "${s.found}", the code says "${s.expected}"`);
      for (const t of redrawn) console.error(`docs: ${file}: table ${t.key} says "${t.doc}", the code renders "${t.code}"`);
      problems += changed.length + redrawn.length;
    } else if (text !== before) {
      writeFileSync(path, text);
      console.log(`docs: ${file}: ${changed.length} count(s), ${redrawn.length} table(s) updated`);
    }
  }
  for (const key of [...tables.keys()].filter((k) => !shown.has(k))) {
    console.error(`docs: no doc shows the table ${key}: add <!-- ${key} --> and <!-- /${key} --> where it belongs`);
    problems++;
  }
  problems += writeRequirementPages(check);
  for (const brokenLink of brokenLinks(PROJECT_ROOT, documentationFiles())) {
    console.error(`docs: ${brokenLink.file}:${brokenLink.line}: link ${brokenLink.target}: ${brokenLink.why}`);
    problems++;
  }
  if (problems && check) console.error('docs: run `npm run docs` to rewrite the counts and tables; fix the links by hand');
  // A measurement the code has outgrown cannot be rewritten here: the command that measures it can.
  for (const stale of staleFigures()) {
    console.error(`docs: stale measured figures: ${stale}`);
    if (check) problems++;
  }
  return problems ? 1 : 0;
}

// Run by scripts/launch.js (npm run docs): no require.main guard, the launcher is the main module.
process.exitCode = main(process.argv.slice(2));
