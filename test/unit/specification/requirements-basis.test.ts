// The requirements catalogue rests on the spec's own words. Fails, naming the requirement, when a
// MUST has no spec basis, when a quote is not found verbatim in the spec (OTA_SPEC_FILE, default
// ../shared/spec/gateway-spec.md beside the clone: the only file of the project that reads it; only runs of whitespace are normalised) or is too short to mean anything, when an ID is
// duplicated, when a level and its basis disagree, when an informative entry claims to decide
// conformance, when an untestable entry gives no reason, when a class has no requirement, or when a
// MUST a contract rule judges names no facts that decide it. (docs/requirements.md is rendered from
// the catalogue by npm run docs; test/unit/scripts/docs.test.ts checks it is current.)
import { describe, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  CONFORMANCE_CLASSES,
  REQUIREMENTS,
  isRequirementId,
  requirement,
  type RequirementDef,
  type RequirementId,
} from '../../../src/specification/requirements';
import { CONTRACTS, FACT_IDS } from '../../../src/operations';
import { DECIDED_BY } from '../../../src/operations/decided-by';
import { SPEC_DOCUMENT } from '../../../src/specification/spec-document';

const PROJECT_ROOT = join(__dirname, '../../..');
const SPEC_PATH = resolve(PROJECT_ROOT, process.env.OTA_SPEC_FILE?.trim() || '../shared/spec/gateway-spec.md');

const normalise = (s: string) => s.replace(/\s+/g, ' ').trim();
const words = (s: string) => s.match(/[\p{L}\p{N}]+/gu) ?? [];
const MIN_QUOTE_WORDS = 4;

const all: readonly RequirementDef[] = REQUIREMENTS;

// The spec lies beside the clone (../shared, as CI has it) or where OTA_SPEC_FILE says. Named by
// OTA_SPEC_FILE (as .ci/run does), it must be there: the quotes are proven or the test fails. Not
// named and not beside the clone (a clone with nothing beside it), the quote checks do not run, and
// say so in one line with how to run them.
const SPEC_NAMED = !!process.env.OTA_SPEC_FILE?.trim();
const SPEC_SKIPPED =
  !SPEC_NAMED && !existsSync(SPEC_PATH)
    ? `not run: no spec at ${SPEC_PATH}; set OTA_SPEC_FILE to the gateway spec (or put it at ../shared/spec/gateway-spec.md) to check the catalogue's quotes against it`
    : undefined;

let spec: string | undefined;
function specText(): string {
  if (spec === undefined) {
    if (!existsSync(SPEC_PATH)) {
      // one line: OTA_SPEC_FILE names a spec that is not there, so the quotes cannot be proven
      const line = `no spec at ${SPEC_PATH} (OTA_SPEC_FILE): the quote test reads the gateway spec there; set OTA_SPEC_FILE to its path`;
      throw Object.assign(new Error(line), { stack: line });
    }
    spec = normalise(readFileSync(SPEC_PATH, 'utf8'));
  }
  return spec;
}

/** Collects every problem, then fails once with all of them, one line each. */
function expectNone(problems: string[], what: string) {
  assert.equal(problems.length, 0, `${problems.length} ${what}:\n  ${problems.join('\n  ')}`);
}

/** Words of the spec cited in a convention or profile text: every "..." fragment. */
const citedInText = (text: string) => [...text.matchAll(/"([^"]+)"/g)].map((m) => m[1]);

test('the catalogue is not empty and every entry is complete', () => {
  assert.ok(all.length >= 40, `only ${all.length} requirements`);
  const problems: string[] = [];
  for (const requirementDef of all) {
    if (!/^[A-Z]+(-[A-Z0-9]+)+$/.test(requirementDef.id))
      problems.push(`${requirementDef.id}: an ID is upper-case words joined by hyphens`);
    if (!['MUST', 'SHOULD', 'INFO'].includes(requirementDef.level))
      problems.push(`${requirementDef.id}: unknown level ${requirementDef.level}`);
    if (!(CONFORMANCE_CLASSES as readonly string[]).includes(requirementDef.class))
      problems.push(`${requirementDef.id}: unknown class ${requirementDef.class}`);
    if (!requirementDef.section.trim()) problems.push(`${requirementDef.id}: no spec section`);
    if (!requirementDef.statement.trim().endsWith('.'))
      problems.push(`${requirementDef.id}: the statement is not one full sentence ending with a period`);
  }
  expectNone(problems, 'incomplete entries');
});

test('requirement IDs are unique', () => {
  const seen = new Set<string>();
  const dups = all.filter((q) => (seen.has(q.id) ? true : (seen.add(q.id), false))).map((q) => q.id);
  assert.deepEqual(dups, [], `duplicated requirement IDs: ${dups.join(', ')}`);
});

test("every MUST rests on the spec's own words, and only a MUST quotes the spec", () => {
  const problems: string[] = [];
  for (const requirementDef of all) {
    if (requirementDef.level === 'MUST' && requirementDef.basis.kind !== 'spec')
      problems.push(`${requirementDef.id}: MUST with a ${requirementDef.basis.kind} basis; a MUST needs a verbatim quote of the spec`);
    if (requirementDef.level !== 'MUST' && requirementDef.basis.kind === 'spec')
      problems.push(
        `${requirementDef.id}: ${requirementDef.level} with a spec quote; if the quoted words state the behaviour it is a MUST, otherwise the basis is convention or profile`,
      );
  }
  expectNone(problems, 'levels without the right basis');
});

test('a convention basis is OpenTravel 2003/05 convention, at level SHOULD', () => {
  const problems: string[] = [];
  for (const requirementDef of all) {
    if (requirementDef.basis.kind !== 'convention') continue;
    if (!requirementDef.basis.text.startsWith('OpenTravel 2003/05 convention: '))
      problems.push(`${requirementDef.id}: a convention basis starts "OpenTravel 2003/05 convention: "`);
    if (requirementDef.level !== 'SHOULD')
      problems.push(`${requirementDef.id}: a convention basis gives level SHOULD, not ${requirementDef.level}`);
  }
  expectNone(problems, 'convention entries that fail');
});

test('informative entries never claim to decide conformance', () => {
  const NORMATIVE = /\b(must|shall|required|mandatory|nonconform\w*|fails?)\b/i;
  const problems: string[] = [];
  for (const requirementDef of all) {
    if (requirementDef.class === 'alignment' && requirementDef.level !== 'INFO')
      problems.push(`${requirementDef.id}: the alignment class is informative, level ${requirementDef.level} is not`);
    if (requirementDef.level !== 'INFO') continue;
    if (requirementDef.basis.kind !== 'profile')
      problems.push(
        `${requirementDef.id}: INFO rests on a profile basis (a choice the spec leaves open), not ${requirementDef.basis.kind}`,
      );
    else if (!requirementDef.basis.text.trim()) problems.push(`${requirementDef.id}: INFO with an empty basis text`);
    if (requirementDef.class !== 'alignment' && NORMATIVE.test(requirementDef.statement))
      problems.push(
        `${requirementDef.id}: INFO in class ${requirementDef.class} states "${NORMATIVE.exec(requirementDef.statement)![0]}"; an informative entry only reports: "${requirementDef.statement}"`,
      );
  }
  expectNone(problems, 'informative entries that fail');
});

test('an untestable entry says why', () => {
  const problems = all
    .filter((q) => q.untestable !== undefined && q.untestable.trim().length < 20)
    .map((q) => `${q.id}: untestable with no reason (or too short to be one): "${q.untestable}"`);
  expectNone(problems, 'untestable entries without a reason');
});

test('every conformance class has at least one requirement, and each claimable class a MUST', () => {
  for (const c of CONFORMANCE_CLASSES)
    assert.ok(
      all.some((q) => q.class === c),
      `class ${c} has no requirement`,
    );
  // A class whose requirements are all SHOULD could be claimed and "pass" without any check deciding it.
  for (const c of CONFORMANCE_CLASSES.filter((x) => x !== 'alignment' && x !== 'security'))
    assert.ok(
      all.some((q) => q.class === c && q.level === 'MUST'),
      `class ${c} has no MUST requirement`,
    );
});

test('requirement() finds every entry and throws on an unknown ID; isRequirementId agrees', () => {
  for (const requirementDef of all) {
    assert.equal(requirement(requirementDef.id as RequirementId), requirementDef);
    assert.ok(isRequirementId(requirementDef.id), requirementDef.id);
  }
  assert.equal(isRequirementId('NO-SUCH-REQ'), false);
  assert.throws(() => requirement('NO-SUCH-REQ' as RequirementId), /unknown requirement NO-SUCH-REQ/);
});

test('every MUST a contract rule judges names the facts that decide it, and each fact exists', () => {
  const judged = new Set<string>(Object.values(CONTRACTS).flatMap((c) => c.rules.map((r) => r.req)));
  for (const requirementDef of all.filter((x) => x.level === 'MUST' && judged.has(x.id)))
    assert.ok(
      DECIDED_BY[requirementDef.id as RequirementId],
      `${requirementDef.id} has no entry in the decidedBy table of src/operations/<op>/requirements.ts`,
    );
  for (const [id, d] of Object.entries(DECIDED_BY))
    for (const f of [...d!.facts, ...(d!.corroboration ?? []), ...(d!.names ?? [])]) assert.ok(FACT_IDS.has(f), `${id}: no fact ${f}`);
});

describe('the spec quotes, against the spec itself', { skip: SPEC_SKIPPED }, () => {
  test('the catalogue names the spec it quotes by its SHA-256 (a certificate carries it): a changed spec asks for the quotes to be checked again', () => {
    specText();
    const sha256 = createHash('sha256').update(readFileSync(SPEC_PATH)).digest('hex');
    assert.equal(
      sha256,
      SPEC_DOCUMENT.sha256,
      `${SPEC_PATH} is not the spec the catalogue was written against: check every quote, then set SPEC_DOCUMENT.sha256 in src/specification/spec-document.ts to ${sha256}`,
    );
  });

  test('every spec quote is found verbatim in gateway-spec.md and is long enough to mean something', () => {
    const spec = specText();
    const problems: string[] = [];
    for (const requirementDef of all) {
      if (requirementDef.basis.kind !== 'spec') continue;
      const quote = normalise(requirementDef.basis.quote);
      if (!spec.includes(quote))
        problems.push(`${requirementDef.id}: quote not found verbatim in gateway-spec.md: "${requirementDef.basis.quote}"`);
      if (words(quote).length < MIN_QUOTE_WORDS)
        problems.push(`${requirementDef.id}: quote shorter than ${MIN_QUOTE_WORDS} words: "${requirementDef.basis.quote}"`);
    }
    expectNone(problems, 'spec quotes that fail');
  });

  test('words of the spec cited in double quotes inside a convention or profile text are verbatim too', () => {
    const spec = specText();
    const problems: string[] = [];
    for (const requirementDef of all) {
      if (requirementDef.basis.kind === 'spec') continue;
      for (const cited of citedInText(requirementDef.basis.text))
        if (!spec.includes(normalise(cited)))
          problems.push(`${requirementDef.id}: cited words not found verbatim in gateway-spec.md: "${cited}"`);
    }
    expectNone(problems, 'cited words that fail');
  });

  test('the quote check itself fails on words the spec does not hold (self-test)', () => {
    const spec = specText();
    assert.ok(spec.includes(normalise('Success is HTTP status 200\n  with an application/xml body')), 'whitespace runs are normalised');
    assert.ok(!spec.includes(normalise('A request with another Version is refused')), 'an invented sentence is not found');
    assert.ok(
      !spec.includes(normalise('Every operation is one HTTP POST to its own path under base_url.')),
      'punctuation and braces count',
    );
    assert.ok(words('optional Instance (string)').length < MIN_QUOTE_WORDS, 'a three-word quote is too short');
  });
});

test('CI names the spec (OTA_SPEC_FILE in .ci/run), so there the quote checks run, or fail', () => {
  const ci = readFileSync(join(PROJECT_ROOT, '.ci/run'), 'utf8');
  assert.match(ci, /^export OTA_SPEC_FILE="\$\{OTA_SPEC_FILE:-[^"]*\/shared\/spec\/gateway-spec\.md\}"$/m);
  assert.ok(ci.indexOf('export OTA_SPEC_FILE') < ci.indexOf('npm test'), 'named before npm test');
});
