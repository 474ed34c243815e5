// Each dialect variant of transfer availability replies (legs, passenger charges) changes the form
// it claims and not the substance (sandbox/src/variants/transfers.ts): the same requests go to a
// default sandbox and to one with the variant, and both replies are read by meaning.
import assert from 'node:assert/strict';
import type { TRANSFER_VARIANTS } from '../../src/variants/transfers';
import type { XNode } from '../../src/xml';
import { one, xp } from '../helpers';
import { both, canon, count, GROUND_SERVICE, type VariantEffects } from './support';

/** Per GroundService (by its offer reference): what each passenger category is charged, with the given category path. */
function charges(raw: Buffer, codePath: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (let i = 1; i <= count(raw, GROUND_SERVICE); i++) {
    const g = `(${GROUND_SERVICE})[${i}]`;
    const list: string[] = [];
    for (let k = 1; k <= count(raw, `${g}/ota:ServiceCharges`); k++) {
      const sc = `${g}/ota:ServiceCharges[${k}]`;
      list.push(
        `${one(raw, `${sc}/${codePath}`)} ${one(raw, `${sc}/ota:Calculation/@Quantity`)} ${one(raw, `${sc}/ota:Calculation/@UnitCharge`)} ${one(raw, `${sc}/@Amount`)}`,
      );
    }
    map.set(one(raw, `${g}/ota:Reference/@ID`)!, list.sort());
  }
  return map;
}

/** A service of the variant's reply, found by the offer reference of the default reply's service. */
const serviceOf = (ref: string | undefined) => `${GROUND_SERVICE}[ota:Reference/@ID='${ref}']/ota:Service/ota:Location`;

/**
 * Per service of the default reply (by its offer reference): the leg its RPH names, and the leg the
 * variant's same service shows by its content (1 = from the airport, 2 = to the airport).
 */
function legsByContent(bytes: Buffer, v: Buffer): { ref?: string; rph?: string; shown?: string }[] {
  return Array.from({ length: count(bytes, GROUND_SERVICE) }, (_, index) => {
    const g = `(${GROUND_SERVICE})[${index + 1}]`;
    const ref = one(bytes, `${g}/ota:Reference/@ID`);
    const arrival = count(v, `${serviceOf(ref)}/ota:Pickup/ota:AirportInfo/ota:Arrival`) > 0;
    const departure = count(v, `${serviceOf(ref)}/ota:Dropoff/ota:AirportInfo/ota:Departure`) > 0;
    const shown = arrival ? '1' : departure ? '2' : undefined;
    return { ref, rph: one(bytes, `${g}/ota:RateQualifier/ota:SpecialInputs[@Name='RPH']/@Value`), shown };
  });
}

export const TRANSFER_EFFECTS: VariantEffects<typeof TRANSFER_VARIANTS> = {
  'transfer-legs-by-content': async (pair) => {
    const [d, v] = await both(pair, 'transferavailability');
    assert.ok(count(v.raw, GROUND_SERVICE) > 1);
    assert.equal(count(v.raw, `${GROUND_SERVICE}/ota:RateQualifier`), 0);
    // The sample's leg 1 is the arrival, leg 2 the departure.
    for (const { ref, rph, shown } of legsByContent(d.raw, v.raw)) {
      assert.equal(shown, rph, ref);
      const pickup = `${serviceOf(ref)}/ota:Pickup/@DateTime`;
      assert.equal(one(v.raw, pickup), one(d.raw, pickup));
    }
    assert.equal(canon(v.raw), canon(d.raw, { drop: (n) => n.name === 'RateQualifier' }), 'nothing else changed');
  },
  'passenger-charges-by-code': async (pair) => {
    const [d, v] = await both(pair, 'transferavailability', { adults: 2, children: 1 });
    assert.equal(count(v.raw, `${GROUND_SERVICE}/ota:ServiceCharges/@Description`), 0);
    const dflt = charges(d.raw, '@Description');
    assert.ok([...dflt.values()].every((l) => l.length === 2));
    assert.deepEqual(charges(v.raw, 'ota:ChargePurpose/@Code'), dflt);
  },
  'passenger-charges-unit-prices': async (pair) => {
    const [d, v] = await both(pair, 'transferavailability', { adults: 2, children: 1 });
    const calc = `${GROUND_SERVICE}/ota:ServiceCharges/ota:Calculation`;
    assert.ok(count(v.raw, calc) > 1);
    assert.equal(count(v.raw, `${calc}/@Quantity | ${calc}/@Total`), 0, 'no Quantity, no Total');
    // Amount over UnitCharge is the default's Quantity, charge by charge
    const ratios = xp(v.raw, `${GROUND_SERVICE}/ota:ServiceCharges`).map((_, index) => {
      const sc = `(${GROUND_SERVICE}/ota:ServiceCharges)[${index + 1}]`;
      return String(Math.round(Number(one(v.raw, `${sc}/@Amount`)) / Number(one(v.raw, `${sc}/ota:Calculation/@UnitCharge`))));
    });
    assert.deepEqual(ratios, xp(d.raw, `${calc}/@Quantity`));
    assert.deepEqual(new Set(ratios), new Set(['2', '1']));
    const noCalc = { ignore: ['Quantity', 'Total'] };
    assert.equal(canon(v.raw, noCalc), canon(d.raw, noCalc), 'nothing else changed');
  },
  'vendor-service-rph': async (pair) => {
    const [d, v] = await both(pair, 'transferavailability');
    const n = count(v.raw, GROUND_SERVICE);
    assert.ok(n > 1);
    assert.deepEqual(
      xp(v.raw, `${GROUND_SERVICE}/@RPH`),
      Array.from({ length: n }, (_, i) => String(i + 1)),
    );
    assert.equal(count(v.raw, `${GROUND_SERVICE}/ota:RateQualifier`), 0);
    // The leg each service answers is still told by its content.
    for (const { ref, rph, shown } of legsByContent(d.raw, v.raw)) assert.equal(shown, rph, ref);
    const noRph = { ignore: ['RPH'], drop: (x: XNode) => x.name === 'RateQualifier' };
    assert.equal(canon(v.raw, noRph), canon(d.raw, noRph), 'nothing else changed');
  },
};
