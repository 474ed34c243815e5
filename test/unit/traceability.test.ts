// Traceability: the requirements catalogue and the features must agree. Fails when a catalogue
// entry has no scenario and no reason to be untestable, when a scenario cites an unknown
// requirement or operation, or when a scenario that books lacks @creates-booking.
import { test } from 'node:test';
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AstBuilder, GherkinClassicTokenMatcher, Parser, compile } from '@cucumber/gherkin';
import { REQUIREMENTS } from '../../src/spec/requirements-old';
import { OPERATION_NAMES } from '../../src/spec/operations';

let lastId = 0;
const newId = () => String(++lastId);
const featuresDir = join(__dirname, '../../features');

function pickles() {
  const out: Array<{ uri: string; name: string; tags: string[]; steps: string[] }> = [];
  for (const file of readdirSync(featuresDir).filter((f) => f.endsWith('.feature'))) {
    const uri = `features/${file}`;
    const parser = new Parser(new AstBuilder(newId), new GherkinClassicTokenMatcher());
    const doc = parser.parse(readFileSync(join(featuresDir, file), 'utf8'));
    for (const p of compile(doc, uri, newId)) {
      out.push({ uri, name: p.name, tags: p.tags.map((t) => t.name), steps: p.steps.map((s) => s.text) });
    }
  }
  return out;
}

const all = pickles();

test('the features hold scenarios', () => {
  assert.ok(all.length > 50, `only ${all.length} scenarios found under features/`);
});

test('every catalogue entry has a scenario or is marked untestable with a reason', () => {
  const covered = new Set(all.flatMap((p) => p.tags.filter((t) => t.startsWith('@req:')).map((t) => t.slice(5))));
  const orphans = REQUIREMENTS.filter((r) => !covered.has(r.id) && !r.untestable?.trim()).map((r) => r.id);
  assert.deepEqual(orphans, [], `requirements with no scenario: ${orphans.join(', ')}`);
  const untestableButCovered = REQUIREMENTS.filter((r) => r.untestable && covered.has(r.id)).map((r) => r.id);
  assert.deepEqual(untestableButCovered, [], 'an untestable requirement cannot also have a scenario');
});

test('every scenario cites at least one known requirement and operation', () => {
  const ids = new Set(REQUIREMENTS.map((r) => r.id));
  for (const p of all) {
    const reqs = p.tags.filter((t) => t.startsWith('@req:')).map((t) => t.slice(5));
    const ops = p.tags.filter((t) => t.startsWith('@op:')).map((t) => t.slice(4));
    assert.ok(reqs.length > 0, `${p.uri}: "${p.name}" has no @req tag`);
    assert.ok(ops.length > 0, `${p.uri}: "${p.name}" has no @op tag`);
    for (const r of reqs) assert.ok(ids.has(r), `${p.uri}: "${p.name}" cites unknown requirement ${r}`);
    for (const o of ops) assert.ok((OPERATION_NAMES as string[]).includes(o), `${p.uri}: "${p.name}" cites unknown operation ${o}`);
  }
});

test('every operation has scenarios', () => {
  for (const op of OPERATION_NAMES) assert.ok(all.some((p) => p.tags.includes(`@op:${op}`)), `no scenario for @op:${op}`);
});

test('scenarios that commit a booking carry @creates-booking (the read-only profile leaves them out)', () => {
  const commits = /^the activity is booked$|^another activity item is added|^the same booking is committed again$/;
  for (const p of all.filter((x) => x.steps.some((s) => commits.test(s)))) {
    assert.ok(p.tags.includes('@creates-booking'), `${p.uri}: "${p.name}" commits a booking without @creates-booking`);
  }
});

test('requirement IDs named in step text exist in the catalogue', () => {
  const ids = new Set(REQUIREMENTS.map((r) => r.id));
  for (const p of all)
    for (const s of p.steps) {
      const m = /as ([A-Z]+-[A-Z0-9-]+) requires$/.exec(s);
      if (m) assert.ok(ids.has(m[1]), `${p.uri}: step "${s}" names unknown requirement ${m[1]}`);
    }
});
