// Traceability: the requirements catalogue, the feature folders and the steps must agree. The
// folder of a feature is its conformance class (features/<class>/), which the runner selects by
// the classes a target claims; so a scenario under features/core/ may only cite core requirements
// (the envelope and "served" checks the generic steps make are assertions, not tags).
import { test } from 'node:test';
import { strict as assert } from 'node:assert';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { AstBuilder, GherkinClassicTokenMatcher, Parser, compile } from '@cucumber/gherkin';
import { CONFORMANCE_CLASSES, REQUIREMENTS, isRequirementId, requirement } from '../../../src/specification/requirements';
import { OPERATION_NAMES } from '../../../src/specification/operations';
import { sentenceRules } from '../../../src/operations/index';
import { judgesAnyForm } from '../../../src/contracts/tour-activity';
import type { Rule } from '../../../src/contracts/rule';

const ROOT = join(__dirname, '../../..');
const FEATURES = join(ROOT, 'features');

interface Scenario {
  uri: string;
  /** The conformance class: the feature's folder under features/. */
  folder: string;
  /** The scenario (or outline) it comes from: the examples of one outline share it. */
  outline: string;
  name: string;
  tags: string[];
  steps: string[];
}

function featureFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? featureFiles(p) : name.endsWith('.feature') ? [p] : [];
  });
}

let lastId = 0;
const newId = () => String(++lastId);

function scenarios(): Scenario[] {
  return featureFiles(FEATURES).flatMap((file) => {
    const uri = relative(ROOT, file);
    const doc = new Parser(new AstBuilder(newId), new GherkinClassicTokenMatcher()).parse(readFileSync(file, 'utf8'));
    return compile(doc, uri, newId).map((p) => ({
      uri,
      folder: relative(FEATURES, file).split(/[\\/]/)[0],
      outline: `${uri}#${p.astNodeIds[0]}`,
      name: p.name,
      tags: p.tags.map((t) => t.name),
      steps: p.steps.map((s) => s.text),
    }));
  });
}

const all = scenarios();
const reqsOf = (s: Scenario) => s.tags.filter((t) => t.startsWith('@req:')).map((t) => t.slice(5));
const opsOf = (s: Scenario) => s.tags.filter((t) => t.startsWith('@op:')).map((t) => t.slice(4));
const named = (s: Scenario) => s.steps.flatMap((t) => /, as ([A-Z][A-Z0-9-]+) requires$/.exec(t)?.[1] ?? []);
function byOutline(xs: Scenario[]): Scenario[][] {
  const groups = new Map<string, Scenario[]>();
  for (const scenario of xs) groups.set(scenario.outline, [...(groups.get(scenario.outline) ?? []), scenario]);
  return [...groups.values()];
}
const sorted = (xs: string[]) => [...xs].sort();

test('the features hold scenarios', () => {
  assert.ok(all.length > 100, `only ${all.length} scenarios found under features/`);
});

test('every catalogue entry has a scenario or is marked untestable with a reason', () => {
  const covered = new Set(all.flatMap(reqsOf));
  const orphans = REQUIREMENTS.filter((r) => !covered.has(r.id) && !('untestable' in r && r.untestable)).map((r) => r.id);
  assert.deepEqual(orphans, [], `requirements with no scenario: ${orphans.join(', ')}`);
  const both = REQUIREMENTS.filter((r) => 'untestable' in r && r.untestable && covered.has(r.id)).map((r) => r.id);
  assert.deepEqual(both, [], 'an untestable requirement cannot also have a scenario');
});

test('every scenario cites known requirements and operations', () => {
  for (const scenario of all) {
    assert.ok(reqsOf(scenario).length > 0, `${scenario.uri}: "${scenario.name}" has no @req tag`);
    assert.ok(opsOf(scenario).length > 0, `${scenario.uri}: "${scenario.name}" has no @op tag`);
    for (const r of reqsOf(scenario)) assert.ok(isRequirementId(r), `${scenario.uri}: "${scenario.name}" cites unknown requirement ${r}`);
    for (const o of opsOf(scenario))
      assert.ok((OPERATION_NAMES as string[]).includes(o), `${scenario.uri}: "${scenario.name}" cites unknown operation ${o}`);
  }
});

test('every requirement named in a step exists', () => {
  for (const s of all) for (const id of named(s)) assert.ok(isRequirementId(id), `${s.uri}: "${s.name}" names unknown requirement ${id}`);
});

test('every operation has scenarios', () => {
  for (const op of OPERATION_NAMES)
    assert.ok(
      all.some((s) => opsOf(s).includes(op)),
      `no scenario for @op:${op}`,
    );
});

test('features live in the folder of their conformance class, and cite only requirements of it', () => {
  for (const scenario of all) {
    assert.ok(
      (CONFORMANCE_CLASSES as readonly string[]).includes(scenario.folder),
      `${scenario.uri}: features/${scenario.folder} is not a conformance class`,
    );
    for (const id of reqsOf(scenario).filter(isRequirementId))
      assert.equal(
        requirement(id).class,
        scenario.folder,
        `${scenario.uri}: "${scenario.name}" cites ${id}, of class ${requirement(id).class}`,
      );
  }
});

// The steps that book (every one goes through bookActivity, directly or through bookTwoItems).
const BOOKING_STEPS = [
  'the activity is booked',
  'the same booking is committed again',
  'a booking of an available activity',
  'a booking of two activity items',
  'a cancelled booking',
];

test('the list of booking steps is the steps that book', () => {
  const source = readFileSync(join(ROOT, 'steps/booking.steps.ts'), 'utf8');
  const definitions = source.split(/\n(?=(?:Given|When|Then)\()/).slice(1);
  // bookTwoItems books through bookActivity too (two items for the partial-cancellation form search).
  const booking = definitions.filter((d) => /bookActivity\(this,|bookTwoItems\(this\)/.test(d));
  assert.deepEqual(sorted(booking.map((d) => /^\w+\('([^']+)'/.exec(d)![1])), sorted(BOOKING_STEPS));
});

test('scenarios that book carry @creates-booking, and only they (the read-only profile leaves them out)', () => {
  for (const scenario of all) {
    const books = scenario.steps.some((t) => BOOKING_STEPS.includes(t));
    assert.equal(
      scenario.tags.includes('@creates-booking'),
      books,
      `${scenario.uri}: "${scenario.name}" ${books ? 'books without' : 'has'} @creates-booking`,
    );
  }
  for (const s of all.filter((x) => x.tags.includes('@creates-booking')))
    assert.ok(['booking', 'partial-cancellation'].includes(s.folder), `${s.uri}: "${s.name}" books, but ${s.folder} is a read-only class`);
});

test('every outline over all operations lists each operation exactly once', () => {
  const outlines = byOutline(all.filter((s) => s.tags.includes('@all-operations')));
  assert.ok(outlines.length >= 10, `only ${outlines.length} outlines tagged @all-operations`);
  for (const examples of outlines) {
    for (const example of examples)
      assert.equal(opsOf(example).length, 1, `${example.uri}: "${example.name}" should name its one operation`);
    assert.deepEqual(sorted(examples.flatMap(opsOf)), sorted(OPERATION_NAMES), `${examples[0].uri}: "${examples[0].name}"`);
  }
});

test('the envelope is checked once per operation; booking read and cancel against a booking that exists', () => {
  const envelopes = all.filter((s) => s.tags.includes('@envelope'));
  assert.deepEqual(sorted(envelopes.flatMap(opsOf)), sorted(OPERATION_NAMES));
  for (const envelope of envelopes.filter((x) => opsOf(x).some((o) => o === 'bookread' || o === 'bookcancel')))
    assert.ok(
      envelope.steps.includes('a booking of an available activity'),
      `${envelope.uri}: "${envelope.name}" has no booking to read or cancel`,
    );
});

// Forms the spec does not state (only the hotel, only the product): whether they are served is at
// most a SHOULD, and a MUST is checked there only by a rule that blames no refusal or empty answer
// of such a form (judgesAnyForm: what is served is held to the MUST). A refusal
// has no envelope.
const UNSTATED_FORMS = ['no product is named', 'no hotel is named'];
const ENVELOPE_STEPS = ['the reply is a conforming OTA success', 'the envelope conforms'];
const RULES = new Map<string, Rule>(sentenceRules().map(({ rule }) => [rule.sentence, rule]));

test('a scenario sending a form the spec does not state checks a MUST only by a rule that judges any form, and a refusal no envelope', () => {
  for (const scenario of all.filter((x) => x.steps.some((t) => UNSTATED_FORMS.includes(t)))) {
    assert.deepEqual(
      named(scenario).filter((id) => isRequirementId(id) && requirement(id).level === 'MUST'),
      [],
    );
    const musts = reqsOf(scenario).filter((id) => isRequirementId(id) && requirement(id).level === 'MUST');
    const judged = scenario.steps.map((t) => RULES.get(t)).filter((r): r is Rule => !!r && requirement(r.req).level === 'MUST');
    for (const rule of judged)
      assert.ok(
        judgesAnyForm(rule),
        `${scenario.uri}: "${scenario.name}" sends a form the spec does not state, and ${rule.req} would blame its refusal`,
      );
    assert.deepEqual(
      musts.filter((id) => !judged.some((r) => r.req === id)),
      [],
      `${scenario.uri}: "${scenario.name}" tags MUSTs it does not judge`,
    );
    assert.ok(
      !scenario.steps.some((t) => ENVELOPE_STEPS.includes(t)),
      `${scenario.uri}: "${scenario.name}" checks the envelope of a form the spec does not state`,
    );
  }
  for (const s of all.filter((x) => x.steps.some((t) => t.startsWith('the request is refused'))))
    assert.ok(!s.steps.some((t) => ENVELOPE_STEPS.includes(t)), `${s.uri}: "${s.name}" checks the envelope of a refusal`);
});
