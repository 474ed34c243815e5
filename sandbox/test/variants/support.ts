// What the variant tests of every area share: comparing the default sandbox's replies with the
// variant's by meaning, the booking story both go through, and the test of one area's variants (each
// variant shows its effect, and the same check fails between two default sandboxes).
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { RunningSandbox } from '../../src/index';
import type { VariantDef } from '../../src/variants';
import { initXml, parseXml, type XNode } from '../../src/xml';
import { call, day, fill, forOneItem, initQuery, isSuccess, post, start, xp, type Reply, type Values } from '../helpers';
import { DEFAULT_FORMS, type BookingForms } from '../xsd-cases';

export const OTA = 'http://www.opentravel.org/OTA/2003/05';
export const TOUR_ACTIVITY = '//ota:TourActivityInfo';
export const GROUND_SERVICE = '//ota:GroundService';
export const RESERVATION = '/ota:OTA_ResRetrieveRS/ota:ReservationsList/ota:HotelReservation';
export const BOOKED_DETAILS = '/ota:OTA_TourActivityBookRS/ota:ReservationDetails';
export const TWO_WEEKS = { start: day(30), end: day(43) };

export interface CanonOptions {
  /** Attribute names left out everywhere (echoes, time stamps). */
  ignore?: string[];
  /** Elements left out (with their subtree). */
  drop?: (node: XNode) => boolean;
  /** Sibling order is not significant. */
  unordered?: boolean;
}

/** A reply as a namespace-aware tree string: prefixes, attribute order, layout, CDATA, encoding and BOM do not show. */
export function canon(raw: Buffer, canonOptions: CanonOptions = {}): string {
  const walk = (node: XNode): string => {
    const attrs = Object.entries(node.attrs)
      .filter(([k]) => !canonOptions.ignore?.includes(k))
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
      .join(' ');
    const kids = node.children.filter((c) => !canonOptions.drop?.(c)).map(walk);
    if (canonOptions.unordered) kids.sort();
    return `<{${node.ns}}${node.name} ${attrs}>${node.children.length ? kids.join('') : JSON.stringify(node.text)}</>`;
  };
  return walk(parseXml(raw));
}

export interface Pair {
  /** Default sandbox. */
  d: string;
  /** Sandbox with the variant. */
  v: string;
}

/** The same request to the default sandbox and to the variant's. */
export async function both(pair: Pair, op: string, values: Values = {}): Promise<[Reply, Reply]> {
  return [await call(pair.d, op, values), await call(pair.v, op, values)];
}

/** Same request to both; same HTTP status and the same tree (with the options); returns both replies. */
export async function same(pair: Pair, op: string, values: Values = {}, canonOptions: CanonOptions = {}): Promise<{ d: Reply; v: Reply }> {
  const [d, v] = await both(pair, op, values);
  assert.equal(v.status, d.status, `${op}: HTTP status`);
  assert.equal(canon(v.raw, canonOptions), canon(d.raw, canonOptions), `${op}: the variant changed the substance`);
  return { d, v };
}

/** How many nodes an XPath selects. */
export const count = (raw: Buffer, expr: string) => Number(xp(raw, `count(${expr})`)[0]);

/** Two items booked, the first cancelled alone, the booking read, then cancelled whole and read again. */
export async function bookingFlow(base: string, forms: BookingForms = DEFAULT_FORMS) {
  const book1 = await call(base, 'activitybook', { resStatus: forms.commitResStatus, bookingRef: 'V-1', itemRef: 'A' });
  const book2 = await call(base, 'activitybook', {
    resStatus: forms.commitResStatus,
    bookingRef: 'V-1',
    itemRef: 'B',
    supplierServiceCode: 'VIP',
  });
  const partial = await post(
    base,
    'bookcancel',
    forOneItem(fill('bookcancel', { bookingRef: 'V-1', cancelType: forms.commitCancelType }), 'A'),
  );
  const read1 = await call(base, 'bookread', { bookingRef: 'V-1' });
  const whole = await call(base, 'bookcancel', { bookingRef: 'V-1', cancelType: forms.commitCancelType });
  const read2 = await call(base, 'bookread', { bookingRef: 'V-1' });
  for (const reply of [book1, book2, partial, read1, whole, read2]) assert.ok(isSuccess(reply.raw), reply.body.slice(0, 600));
  return { book1, book2, partial, read1, whole, read2 };
}

/** Every date-time value with its zone offset (or Z) taken off (byte for byte: any ASCII-compatible encoding). */
export const unzoned = (r: Reply) =>
  Buffer.from(r.raw.toString('latin1').replace(/(T\d\d:\d\d:\d\d)(?:[+-]\d\d:\d\d|Z)(["'])/g, '$1$2'), 'latin1');

/** The effect of a variant: throws (assert) when the form did not change as claimed, or the substance did. */
export type VariantEffect = (pair: Pair) => Promise<void>;

/** One effect per variant of an area's list, the compiler asks for every one. */
export type VariantEffects<Variants extends readonly { name: string }[]> = Record<Variants[number]['name'], VariantEffect>;

/** Runs `effect` between a default sandbox and one with `variant`, then between two default ones, where it must fail. */
async function showsItsEffect(variant: VariantDef, effect: VariantEffect): Promise<void> {
  const sandboxes: RunningSandbox[] = [];
  const fresh = async (variants: string[] = []) => {
    const sb = await start({ variants });
    sandboxes.push(sb);
    return sb.baseUrl;
  };
  try {
    await effect({ d: await fresh(), v: await fresh([variant.name]) });
    // Between two default sandboxes the same check must fail: the change is the variant's.
    await assert.rejects(effect({ d: await fresh(), v: await fresh() }), `${variant.name}: the check also passes without the variant`);
  } finally {
    await Promise.all(sandboxes.map((sb) => sb.close()));
  }
}

/** The tests of one area's variants (sandbox/src/variants/<area>.ts): one effect for each, and each effect shown. */
export function describeVariantEffects(
  area: string,
  variants: readonly VariantDef[],
  effects: Readonly<Record<string, VariantEffect>>,
): void {
  describe(`dialect variants of ${area}: the form changes, the substance does not`, () => {
    before(async () => {
      await initQuery();
      await initXml();
    });
    it('every variant of the area has an effect test', () => {
      assert.deepEqual(Object.keys(effects).sort(), variants.map((v) => v.name).sort());
    });
    for (const variant of variants) it(`${variant.name}: ${variant.description}`, () => showsItsEffect(variant, effects[variant.name]));
  });
}
