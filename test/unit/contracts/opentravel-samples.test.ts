// Every OpenTravel placement: official OpenTravel sample instances that no one
// here wrote (test/fixtures/opentravel-samples, with their source and licence in its README) are
// read with the suite's own reader; every fact annotated in facts.json must be found, with its
// count of items or every annotated value. A miss is fixed in the contracts' places, never here.
import { before, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadXml, XmlDoc, type XNode } from '../../../src/xml/xml';
import { ReplyReader, valuesEverywhere } from '../../../src/contracts/reader';
import { FACTS } from '../../../src/operations';

before(loadXml);

const DIR = join(__dirname, '../../fixtures/opentravel-samples');
interface Annotation {
  in?: string;
  count?: number;
  values?: string[];
}
const corpus = JSON.parse(readFileSync(join(DIR, 'facts.json'), 'utf8')) as Record<
  string,
  { operation: string; facts: Record<string, Annotation> }
>;
const fact = (id: string) => {
  const fact = FACTS.find((x) => x.id === id);
  assert.ok(fact, `facts.json names fact ${id}, which no contract has`);
  return fact;
};

for (const [file, sample] of Object.entries(corpus)) {
  test(`${file}: the reader finds every annotated fact`, () => {
    const reply = new ReplyReader(XmlDoc.parse(readFileSync(join(DIR, file), 'utf8'), file));
    /** The nodes a fact is read within: the document, or every item of the fact it is `in`. */
    const within = (id: string | undefined): Array<XNode | undefined> =>
      id === undefined ? [undefined] : within(sample.facts[id]?.in).flatMap((p) => reply.nodes(fact(id), p)?.value ?? []);
    for (const [id, want] of Object.entries(sample.facts)) {
      const factDef = fact(id);
      assert.ok(factDef.id.startsWith(sample.operation), `${id} is a fact of ${sample.operation}`);
      const scopes = within(want.in);
      if (want.count !== undefined) {
        const n = scopes.reduce((sum, s) => sum + (reply.nodes(factDef, s)?.value.length ?? 0), 0);
        assert.equal(n, want.count, `${file}: ${id} (${factDef.places.join(' | ')})`);
      }
      const found = new Set(scopes.flatMap((s) => valuesEverywhere(reply, factDef, s)));
      for (const value of want.values ?? [])
        assert.ok(found.has(value), `${file}: ${id} should show "${value}"; found ${[...found].join(', ') || 'nothing'}`);
    }
  });
}
