// A region against a country, in every operation that places a subject: for each pair of a country
// placement and a state-or-province placement of one item, a reply whose item shows the requested
// country beside a region of another country ("Crete" beside "Spain") is never passed, by the rule
// that judges the place, or (a descriptive reply) describes the subject nowhere; the same item
// with a region of that country, in its local language or as its ISO 3166-2 code, is not failed.
// Then the item against the gateway's own description of the same subject (item vs corroboration).
import { before, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { CONTRACTS } from '../../../src/operations/index';
import { OPERATION_NAMES, OPERATIONS, type OperationName } from '../../../src/specification/operations';
import type { RequirementId } from '../../../src/specification/requirements';
import { SUBDIVISION_PLACES } from '../../../src/contracts/subdivisions';
import { corroborationOf, type Description } from '../../../src/contracts/corroboration';
import { hotelDescription } from '../../../src/operations/hotelnbc';
import { activityDescription } from '../../../src/operations/activitynbc';
import { exchange, loadXml, NS, type ExchangeOptions } from '../../support/contracts';
import { buildPlaces, elementSteps } from '../../support/skeleton';

before(() => loadXml());

/** The rule that judges where a subject is, by operation; or, for a descriptive operation, what reads its description. */
const PLACE_RULES: Partial<Record<OperationName, RequirementId>> = {
  hotelavailability: 'HAV-PLACE',
  activityavailability: 'AAV-LOCATION',
  activitysearch: 'ASR-AREA',
};
const DESCRIBES: Partial<Record<OperationName, typeof hotelDescription>> = {
  hotelnbc: hotelDescription,
  activitynbc: activityDescription,
};
/** The subject's code in the requests of test/support/contracts.ts (a hotel H1; an activity P1). */
const CODE = 'H1';

const facts = (op: OperationName) => CONTRACTS[op].facts;
const countryFact = (op: OperationName) => facts(op).find((f) => f.agree === 'country');
/** The fact of the same item that holds its region, at a state-or-province placement. */
const regionFact = (op: OperationName) =>
  facts(op).find((f) => f !== countryFact(op) && f.id.split('.').length === 3 && f.places.some((p) => SUBDIVISION_PLACES.test(p)));
/** The item fact: the first whose place is the reply's own element (absolute). */
const itemFact = (op: OperationName) => facts(op).find((f) => f.places.some((p) => elementSteps(p)?.absolute));
const codeFact = (op: OperationName) =>
  facts(op).find((f) => /\.(code|id)$/.test(f.id) && f.id.split('.').length === 3 && f.places.some((p) => p.startsWith('@')));

/** A reply whose one item shows each value at its place (relative places under the item element). */
function replyWith(op: OperationName, values: Array<[string, string]>): string | undefined {
  const built = buildPlaces(values);
  const steps = elementSteps(itemFact(op)!.places[0]);
  if (!built || !steps) return undefined;
  const inner = built.item.replace(/^<Probe([^>]*)>/, '').replace(/<\/Probe>$/, '');
  const attrs = /^<Probe([^>]*)>/.exec(built.item)?.[1] ?? '';
  const [last, ...outer] = [...steps.names].reverse();
  let xml = `<${last}${attrs}>${inner}</${last}>`;
  for (const n of outer) xml = `<${n}>${xml}</${n}>`;
  const root = OPERATIONS[op].replyRoot;
  return `<${root} ${NS} Version="1.0"${built.rootAttrs}><Success/>${built.root}${xml}</${root}>`;
}

const placing = OPERATION_NAMES.filter((op) => countryFact(op) && regionFact(op));

test('every operation whose items show a country and a state or province is judged here', () => {
  assert.deepEqual(
    placing.filter((op) => !PLACE_RULES[op] && !DESCRIBES[op]),
    [],
  );
  assert.ok(placing.length >= 5, `operations placing a subject: ${placing.join(', ')}`);
});

/** What the operation concludes of one reply: the place rule's outcome, or whether the description places the subject. */
function judged(op: OperationName, body: string, opts: ExchangeOptions = {}): string {
  const sent = exchange(op, body, opts);
  const rule = CONTRACTS[op].rules.find((r) => r.req === PLACE_RULES[op]);
  if (rule) return rule.check(sent).outcome;
  const description = DESCRIBES[op]!(sent, op === 'activitynbc' ? 'P1' : CODE, 'the description');
  return description.problem ? `nowhere: ${description.problem}` : 'placed';
}

for (const op of placing) {
  test(`${op}: a region of another country beside the country is never passed; a region of that country is not failed`, () => {
    const country = countryFact(op)!;
    const region = regionFact(op)!;
    const code = codeFact(op);
    const id: Array<[string, string]> = code ? [[code.places.find((p) => p.startsWith('@'))!, op === 'activitynbc' ? 'P1' : CODE]] : [];
    let pairs = 0;
    for (const cp of country.places)
      for (const rp of region.places.filter((p) => SUBDIVISION_PLACES.test(p))) {
        const countryValue = cp.endsWith('@Code') ? 'ES' : 'Spain';
        const of = (v: string) => replyWith(op, [...id, [cp, countryValue], [rp, v]]);
        const wrong = of(rp.endsWith('@StateCode') ? 'GR-M' : 'Crete');
        const right = of(rp.endsWith('@StateCode') ? 'ES-PM' : 'Illes Balears');
        if (!wrong || !right) continue;
        pairs++;
        const w = judged(op, wrong);
        assert.ok(w === 'failed' || w.startsWith('nowhere'), `${cp} = ${countryValue}, ${rp} = Crete: ${w}\n${wrong}`);
        if (w.startsWith('nowhere')) assert.match(w, /a region of GR/);
        const r = judged(op, right);
        assert.ok(r !== 'failed' && !r.startsWith('nowhere'), `${cp} = ${countryValue}, ${rp} = Illes Balears: ${r}\n${right}`);
      }
    assert.ok(pairs > 0, `no pair of placements could be built for ${op}`);
  });
}

/** A description of hotel H1 in a country, as the gateway's hotel descriptive data would give it. */
const described = (country: string): Description => ({
  kind: 'hotel',
  code: CODE,
  country: [country],
  region: [],
  source: `hotel descriptive data of ${CODE}`,
});

// Item vs corroborating description: the reply places the subject only by a region of Greece; the
// gateway's own hotel descriptive data of the same hotel places it in Portugal.
for (const op of Object.keys(PLACE_RULES) as OperationName[]) {
  test(`${op}: a region the reply shows, of another country than the gateway's own description says: not passed`, () => {
    const region = regionFact(op)!;
    const rule = CONTRACTS[op].rules.find((r) => r.req === PLACE_RULES[op])!;
    const rp = region.places.find((p) => SUBDIVISION_PLACES.test(p) && !p.includes('@'))!;
    // the hotel's own code on a hotel; an activity names no hotel (its area is judged against the requested hotel's)
    const hotelCode = facts(op).find((f) => f.id === 'hotelavailability.hotel.code');
    const id: Array<[string, string]> = hotelCode ? [[hotelCode.places[0], CODE]] : [];
    const body = replyWith(op, [...id, [rp, 'Kriti']])!;
    // a requested place the datasets cannot place (hotel availability): the reply alone cannot tell
    const opts: ExchangeOptions =
      op === 'hotelavailability'
        ? { edit: (r) => r.setAttribute('//ota:RefPoint', 'CodeContext', 'Region').setText('//ota:RefPoint', 'Heraklion') }
        : {};
    const sent = exchange(op, body, opts);
    const wrong = rule.check(sent, {}, corroborationOf([described('Portugal')]));
    assert.equal(wrong.outcome, 'failed', `${rp} = Kriti, described in Portugal:\n${body}`);
    const right = rule.check(sent, {}, corroborationOf([described('Ελλάδα')]));
    assert.notEqual(right.outcome, 'failed', `${rp} = Kriti, described in Greece:\n${body}`);
  });
}
