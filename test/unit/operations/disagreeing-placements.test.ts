// Every fact read from every placement: for every fact of every contract with two or more known
// placements, one item showing it at two of them with values that cannot both hold (two codes,
// two countries, two dates, two numbers) is a finding of the rule that read it, never a pass; the
// same value at both passes. A fact whose placements differ by right (a town and its region, a
// stay and a rate season) says why below, and each is read at every placement by its own rules.
import { before, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { CONTRACTS } from '../../../src/operations/index';
import { OPERATION_NAMES, OPERATIONS, type OperationName } from '../../../src/specification/operations';
import type { Agreement, Fact } from '../../../src/contracts/reader';
import { rule } from '../../../src/contracts/rule';
import { exchange, loadXml, NS } from '../../support/contracts';
import { buildPlaces } from '../../support/skeleton';

before(() => loadXml());

/** Facts whose placements may show different values of one item by right, and why. */
const DIFFER_BY_RIGHT: Record<string, string> = {
  product: 'a product is named by its TourActivityID or its SupplierProductCode: two codes of one product',
  hotel: 'an activity serves several hotels (its pickups, its Region HotelCode): each is one of its values; a hotel result is an item',
  area: 'a town, a province and a region of one subject differ by right; two places of the test data that cannot both hold are a contradiction (places.ts)',
  region:
    'a town, a province and a region of one subject differ by right; two places of the test data that cannot both hold are a contradiction (places.ts)',
  start:
    'a stay (TimeSpan) and a rate season, a tour departure (Summary) and a schedule of a whole season (Detail) are different spans; their rules read every placement',
  end: 'as the start: a stay and a rate season, a departure and a schedule are different spans',
  supplierServiceCode: 'an activity may offer several services, each with its code',
  operationTime: 'elements (OperationTime), one of several per activity, not one value',
  'pickup.time': 'pickup times differ by pickup point and departure',
  minParticipants: 'the participants policy (Policies/Participant) and the size of a group price (Pricing/Group) are different limits',
  maxParticipants: 'the participants policy (Policies/Participant) and the size of a group price (Pricing/Group) are different limits',
  category: 'elements (one per participant category), not one value',
  'category.code': "QualifierInfo's text, its Extension, AgeQualifyingCode and a vendor's QualifierInfo attribute are different code lists",
  total: 'the Summary total and the price of one group may price different things',
  guests: 'elements (GuestCounts) of the stay and of each rate: HAV-GUESTS reads every one of them, and each must show the party',
  descriptive: 'descriptive content: names, short names and descriptions, many values by nature',
  name: 'a name and a short name differ by right',
  content: 'descriptive content: many texts by nature',
  description: 'descriptive content: many texts by nature',
  hotels: 'an activity serves several hotels',
  booking: 'elements (the booking, its Summary and Detail): the booking-read rules tie them by their references',
  reference: 'a UniqueID or Confirmation element (its ID read apart): the reference of a booking beside those of its items',
  status: 'the booking status and an item status are read apart (an item cancelled in a booking that lives)',
  item: 'elements (the items of a booking)',
  'item.reference': 'an item and the booking it belongs to carry different references (Type 37 and 36)',
  'item.status': 'statuses are read in the target words the test data declares, item by item (booking-facts.ts)',
  surname: 'several participants, several surnames',
  activity: 'elements (the activities described), not one value',
  duration: 'the operation times of one activity may last differently (Summary, Detail, each OperationTime)',
  terms: 'elements (cancellation rules), several by nature',
  confirmation: 'a cancellation number beside another one of another cancellation',
  price: 'the total of a booking and the price of one participant category differ by right',
  leg: 'a leg label (RPH) of the service and of each of its locations',
  arrival: 'elements (the pickup and its airport), not one value',
  departure: 'elements (the drop-off and its airport), not one value',
  airport:
    'the arrival and the departure airport of a round trip differ by right; TRF-AIRPORT reads every placement, each must be one requested',
  location: 'the location of each leg; TRF-LOCATION reads every placement, each must be one requested',
  pickupTime: 'the pickup time of each leg differs by right',
  charge: 'elements (charges and fees), several by nature',
  'charge.category': 'a charge is described by several words (its purpose, its unit)',
  capacity: 'a service may hold several vehicles of several sizes',
  total_transfer: 'an estimated and a rate total differ by right',
};

/** The fact's name within its operation: "hotelavailability.hotel.region" -> "region". */
function shortName(fact: Fact): string {
  const parts = fact.id.split('.').slice(1);
  const [head, ...rest] = parts;
  const name = ['activity', 'hotel', 'service', 'booking', 'participant'].includes(head) && rest.length ? rest.join('.') : parts.join('.');
  return fact.id === 'transferavailability.service.total' ? 'total_transfer' : name;
}

const TWO: Record<Agreement, [string, string]> = {
  code: ['A1', 'B2'],
  country: ['Portugal', 'ギリシャ'],
  date: ['2030-06-02', '2030-07-15'],
  number: ['2', '3'],
  boolean: ['true', 'false'],
};

const opOf = (f: Fact) => f.id.split('.')[0] as OperationName;

/** A reply of the fact's operation with a Probe item showing `a` at `p` and `b` at `q`; undefined when a place cannot be built. */
function replyWith(fact: Fact, p: string, a: string, q: string, b: string): string | undefined {
  const inner = buildPlaces([
    [p, a],
    [q, b],
  ]);
  if (!inner) return undefined;
  return `<${OPERATIONS[opOf(fact)].replyRoot} ${NS} Version="1.0"${inner.rootAttrs}><Success/>${inner.root}${inner.item}</${OPERATIONS[opOf(fact)].replyRoot}>`;
}

/** A rule of the fact's operation that reads the fact of the Probe item, as every contract rule reads one. */
function probeRule(fact: Fact) {
  const req = CONTRACTS[opOf(fact)].rules[0]?.req ?? 'EP-POST';
  return rule(req, undefined, (_x, _c, r) => {
    r.value(fact, r.doc.find("//*[local-name()='Probe']")[0]);
  });
}

const facts = OPERATION_NAMES.flatMap((op) => CONTRACTS[op].facts).filter((f) => f.places.length >= 2);

test('every fact with two or more placements either compares them or says why they differ by right', () => {
  const unexplained = facts.filter((f) => !f.agree && !DIFFER_BY_RIGHT[shortName(f)]).map((f) => f.id);
  assert.deepEqual(unexplained, []);
  assert.ok(facts.filter((f) => f.agree).length >= 15, 'the facts compared');
});

for (const factDef of facts.filter((x) => x.agree)) {
  test(`${factDef.id}: two placements of one item that disagree are a finding; that agree pass`, () => {
    const [a, b] = TWO[factDef.agree!];
    const places = factDef.places;
    let pairs = 0;
    for (let i = 0; i < places.length; i++)
      for (let j = i + 1; j < places.length; j++) {
        const differ = replyWith(factDef, places[i], a, places[j], b);
        const same = replyWith(factDef, places[i], a, places[j], a);
        if (!differ || !same) continue;
        pairs++;
        const r = probeRule(factDef);
        const got = r.check(exchange(opOf(factDef), differ));
        assert.equal(got.outcome, 'failed', `${places[i]} = ${a}, ${places[j]} = ${b}:\n${differ}`);
        assert.match(got.findings[0].expected, new RegExp(`at every placement`));
        assert.match(got.findings[0].found, new RegExp(`${a} at .*; ${b} at `));
        assert.equal(r.check(exchange(opOf(factDef), same)).outcome, 'passed', `${places[i]} and ${places[j]} = ${a}:\n${same}`);
      }
    assert.ok(pairs > 0, `no two placements of ${factDef.id} could be built: ${places.join(' | ')}`);
  });
}
