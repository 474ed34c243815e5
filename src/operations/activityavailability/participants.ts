// "Returns available activities, their products and rates for given participants": the party an
// activity option is priced for, read in every placement OpenTravel 2016B gives it, and
// judged at the grain of those words: the party, however its categories are written. OTA_TourActivityAvailRS has no per-category quantity: ParticipantCategory
// ("Pricing for one or more participant category(s)", repeatable, with a participant's @Age) may
// be written once per participant or once per category with a unit price; Pricing/Group carries
// @KnownGroupSize ("The actual quantity of participants in a group"); a total (Pricing/Summary, a
// Group's Price) over the unit prices shows the quantities too. The spec's own ParticipantCount
// (Quantity, QualifierInfo) and vendors' extensions give a quantity per category. Each placement
// that shows a count is read; the party's size is what the MUST judges, the categories what a
// SHOULD judges ("a child priced in the adult category" is not the spec's concern).
import type { Fact, ReplyReader } from '../../contracts/reader';
import type { Exchange } from '../../contracts/rule';
import type { XNode } from '../../xml/xml';
import { ageQualifyingCode } from '../../contracts/categories';
import { firstAccepted } from '../../contracts/reader';
import { num } from '../../contracts/value-forms';
import { amountOf, near, oneCurrency, type Amount } from './amounts';

/** The facts the party is read from (./contract.ts FACTS). */
export interface PartyFacts {
  category: Fact;
  categoryCode: Fact;
  categoryQuantity: Fact;
  categoryAge: Fact;
  price: Fact;
  total: Fact;
  groupSize: Fact;
  currency: Fact;
}

/** Participants by category code (AQC number), and their number. */
export interface Party {
  byCode: Map<string, number>;
  size: number;
}

/** What one placement of the reply says of the party. */
export interface Count {
  /** Where (a place of the reply) and how it shows the count, for findings. */
  at: string;
  how: string;
  size: number;
  /** Participants by category, when the placement shows them. */
  byCode?: Map<string, number>;
}

/** The party as the activity option shows it. */
export interface PartyShown {
  /** Every placement that shows a count. */
  counts: Count[];
  /** Categories priced once each with no count (a unit price per category): their codes. */
  categories?: string[];
  /** Why the categories could not be read as a count (some with a quantity, others without). */
  unreadable?: string;
}

/** The party the request asks for: one ParticipantCount per category, "Quantity (integer); child QualifierInfo (text: category code)". */
export function requestedParty(exchange: Exchange): Party {
  const asked = exchange.request.records('//ota:TourActivity/ota:ParticipantCount', { code: 'ota:QualifierInfo', qty: '@Quantity' });
  const byCode = new Map<string, number>();
  for (const record of asked) {
    const code = ageQualifyingCode(record.code) ?? record.code?.trim();
    const q = num(record.qty);
    if (code && q > 0) byCode.set(code, (byCode.get(code) ?? 0) + q);
  }
  return { byCode, size: [...byCode.values()].reduce((a, b) => a + b, 0) };
}

/** "10:2, 8:1", sorted: a party by category, for messages and comparison. */
export function partyText(byCode: ReadonlyMap<string, number>): string {
  const entries = [...byCode.entries()].filter(([, q]) => q > 0).sort(([a], [b]) => a.localeCompare(b));
  return entries.map(([c, q]) => `${c}:${q}`).join(', ') || '(none)';
}

/** The AQC number of a category, from the first of its places that names one. */
export function categoryCode(reply: ReplyReader, partyFacts: PartyFacts, category: XNode): string | undefined {
  return ageQualifyingCode(firstAccepted(reply, partyFacts.categoryCode, (v) => !!ageQualifyingCode(v), category)?.value[0]);
}

interface Row {
  code?: string;
  qty?: number;
  age: boolean;
  price?: Amount;
}

const tally = (rows: ReadonlyArray<{ code?: string; n: number }>) => {
  if (rows.some((x) => !x.code)) return undefined;
  const map = new Map<string, number>();
  for (const row of rows) map.set(row.code!, (map.get(row.code!) ?? 0) + row.n);
  return map;
};

/** Every count the option shows of its party, by placement. */
export function partyShown(reply: ReplyReader, partyFacts: PartyFacts, option: XNode, wanted: Party): PartyShown {
  const shown: PartyShown = { counts: [] };
  const found = reply.nodes(partyFacts.category, option);
  const rows: Row[] = (found?.value ?? []).map((node) => {
    const value = reply.value(partyFacts.categoryQuantity, node)?.value;
    return {
      code: categoryCode(reply, partyFacts, node),
      qty: value === undefined ? undefined : num(value),
      age: !!reply.value(partyFacts.categoryAge, node),
      price: amountOf(reply, partyFacts.price, partyFacts.currency, node),
    };
  });
  if (found && rows.length) {
    const withQty = rows.filter((x) => x.qty !== undefined && x.qty >= 0);
    const codes = rows.map((x) => x.code);
    const repeated = codes.every(Boolean) && new Set(codes).size < codes.length;
    if (withQty.length === rows.length) {
      const byCode = tally(rows.map((x) => ({ code: x.code, n: x.qty! })));
      const size = rows.reduce((t, x) => t + x.qty!, 0);
      shown.counts.push({ at: `${found.at} (${partyFacts.categoryQuantity.id})`, how: 'the quantity of each category', size, byCode });
      // categories that show the whole party asked: a total that prices part of it is a discount ("the child goes free"), no count
      const priced = size === wanted.size ? undefined : totalOfPart(reply, partyFacts, option, rows);
      if (priced) shown.counts.push(priced);
    } else if (withQty.length > 0) {
      shown.unreadable = `${withQty.length} of the ${rows.length} categories at ${found.at} show a quantity (${partyFacts.categoryQuantity.id}), the others do not`;
    } else if (repeated || (rows.every((x) => x.age) && [...wanted.byCode.values()].every((q) => q === 1))) {
      // entries with an @Age are one per participant only when a code repeats or the party has one of each category:
      // otherwise one per category (its illustrative age) is a reading too, and the total decides (totalCount)
      const byCode = tally(rows.map((x) => ({ code: x.code, n: 1 })));
      shown.counts.push({ at: found.at, how: 'one entry per participant', size: rows.length, byCode });
    } else {
      shown.categories = codes.filter((c): c is string => !!c);
      const total = totalCount(reply, partyFacts, option, rows, wanted);
      if (total) shown.counts.push(total);
    }
  }
  const group = reply.values(partyFacts.groupSize, option);
  if (group) {
    const sizes = group.value.map(num);
    if (sizes.every((n) => n > 0)) shown.counts.push({ at: group.at, how: 'the known group size', size: sizes.reduce((a, b) => a + b, 0) });
  }
  return shown;
}

/**
 * The count a total shows over unit prices, one per category (no quantity): the requested
 * quantities when the total equals them times the unit prices; one of each category when it equals
 * the unit prices' sum; with a single category, the total over its unit price when that is whole.
 * Amounts in different currencies, or a total that equals none of these (it may hold taxes or
 * fees), show no count.
 */
function totalCount(reply: ReplyReader, partyFacts: PartyFacts, option: XNode, rows: Row[], wanted: Party): Count | undefined {
  const total = amountOf(reply, partyFacts.total, partyFacts.currency, option);
  const prices = rows.map((x) => x.price);
  if (!total || prices.some((p) => !p || isNaN(p.value)) || !oneCurrency([total, ...(prices as Amount[])]) || isNaN(total.value))
    return undefined;
  const unit = new Map<string, number>();
  for (const row of rows) if (row.code) unit.set(row.code, row.price!.value);
  if (unit.size !== rows.length) return undefined;
  const at = `${total.written} over ${partyFacts.price.places[0]}`;
  const priced = [...wanted.byCode].every(([c]) => unit.has(c));
  const wantedTotal = [...wanted.byCode].reduce((t, [c, q]) => t + q * (unit.get(c) ?? NaN), 0);
  if (priced && unit.size === wanted.byCode.size && near(total.value, wantedTotal))
    return {
      at,
      how: 'the total equals the requested quantities times the unit prices',
      size: wanted.size,
      byCode: new Map(wanted.byCode),
    };
  const oneEach = [...unit.values()].reduce((a, b) => a + b, 0);
  if (near(total.value, oneEach))
    return { at, how: 'the total equals one of each category', size: unit.size, byCode: new Map([...unit.keys()].map((c) => [c, 1])) };
  if (unit.size === 1) {
    const [[code, price]] = [...unit];
    const n = total.value / price;
    if (price > 0 && near(n, Math.round(n)) && Math.round(n) > 0)
      return { at, how: 'the total over the unit price', size: Math.round(n), byCode: new Map([[code, Math.round(n)]]) };
  }
  return undefined;
}

/**
 * The count a total shows beside categories that show both a quantity and a price: the amount the
 * party pays, in a second placement. A total that prices the whole party (quantity times price per
 * person, or the categories' prices summed when each is its category's amount) agrees; one that
 * matches neither may hold taxes, fees or a discount, and shows no count. Beside categories that
 * show another party than the one asked, a total that is exactly the price of part of the party
 * (fewer participants of a category, or some categories left out), of one size whichever way it
 * is read, shows a count: that part's size (asked only then: beside the whole party asked, such a
 * total is the discount of a participant, "the child goes free"). Amounts in different currencies,
 * or a category without a price, show none.
 */
function totalOfPart(reply: ReplyReader, partyFacts: PartyFacts, option: XNode, rows: Row[]): Count | undefined {
  const total = amountOf(reply, partyFacts.total, partyFacts.currency, option);
  const prices = rows.map((x) => x.price);
  if (!total || isNaN(total.value) || prices.some((p) => !p || isNaN(p.value) || p.value <= 0)) return undefined;
  if (!oneCurrency([total, ...(prices as Amount[])])) return undefined;
  const qty = rows.map((x) => x.qty!);
  const price = prices.map((p) => p!.value);
  const whole = qty.reduce((t, q) => t + q, 0);
  if (
    near(
      total.value,
      qty.reduce((t, q, i) => t + q * price[i], 0),
    ) ||
    near(
      total.value,
      price.reduce((a, b) => a + b, 0),
    )
  )
    return undefined;
  const sizes = new Set<number>();
  // per person: n of each category, at most its quantity (bounded: parties are small)
  let vectors: number[][] = [[]];
  for (const q of qty) vectors = vectors.flatMap((v) => Array.from({ length: q + 1 }, (_, n) => [...v, n])).slice(0, 20_000);
  for (const vector of vectors)
    if (
      near(
        total.value,
        vector.reduce((t, n, i) => t + n * price[i], 0),
      )
    )
      sizes.add(vector.reduce((a, b) => a + b, 0));
  // per category: some of the categories' amounts
  for (let mask = 1; mask < 1 << Math.min(rows.length, 12); mask++) {
    const part = rows.map((_, i) => (mask >> i) & 1);
    if (
      near(
        total.value,
        part.reduce((t, b, i) => t + b * price[i], 0),
      )
    )
      sizes.add(part.reduce((t, b, i) => t + b * qty[i], 0));
  }
  const [size] = [...sizes];
  if (sizes.size !== 1 || size === whole || size === 0) return undefined;
  return {
    at: `${total.written} over ${partyFacts.price.places[0]} and ${partyFacts.categoryQuantity.id}`,
    how: `the total prices ${size} of the participants shown`,
    size,
  };
}
