// Transfer availability: the passengers a transfer service is for (TRF-PASSENGERS), "Returns
// available transfer services for ... passengers". The party is counted as the spec counts it, by
// its size; a count may sit in several OpenTravel 2016B placements of OTA_GroundAvailRS (charges
// per passenger category with their quantities, their amounts over unit prices, fees, a total over
// unit prices, a vehicle's or shuttle's capacity): each is read, and each must count the party. A
// place that names only some of the requested categories and counts fewer (a tax on adults only, a
// child riding free) decides nothing; charges that count the party in one reading and not in
// another are never read the passing way (cannot tell).
import { fact, firstAccepted, notShown, type ReplyReader } from '../../contracts/reader';
import { list, type Check, type Exchange } from '../../contracts/rule';
import { ageQualifyingCode, countsText } from '../../contracts/categories';
import { num } from '../../contracts/value-forms';
import type { XNode } from '../../xml/xml';

const XSD = 'OTA_GroundAvailRS.xsd (2016B)';
const SERVICE = `${XSD}: GroundServices/GroundService`;

/** The facts that count passengers, read relative to a service (GroundServices/GroundService). */
export const PASSENGER_FACTS = {
  charge: fact(
    'transferavailability.service.charge',
    'a charge of a transfer service',
    ['ota:ServiceCharges', 'ota:Fees/ota:Fee'],
    `${SERVICE}/ServiceCharges (GroundServiceChargesType); Fees/Fee (GroundFeesType: VehicleChargePurposeType with Calculation)`,
    'With no charge per passenger category anywhere and no capacity, TRF-PASSENGERS cannot tell for that service.',
    undefined,
    'transfer-passengers',
  ),
  chargeCategory: fact(
    'transferavailability.service.charge.category',
    'the passenger category a charge is for (AQC number or word)',
    ['@Description', 'ota:ChargePurpose/@Description', 'ota:ChargePurpose', 'ota:Calculation/@UnitName'],
    `${SERVICE}/ServiceCharges/@Description (free text), ServiceCharges/ChargePurpose (List_VehChargePurpose: @Code, @Description), ` +
      'Fees/Fee/@Description, Fee/Calculation/@UnitName. Charges that name no passenger category (a vehicle, a gratuity) are not passenger charges.',
    'A charge that names no passenger category is not a passenger charge; with none, TRF-PASSENGERS reads the capacity.',
  ),
  chargeQuantity: fact(
    'transferavailability.service.charge.quantity',
    'the number of passengers a charge is for',
    ['ota:Calculation/@Quantity'],
    `${SERVICE}/ServiceCharges/Calculation/@Quantity; else the charge over its unit price (@Amount or Calculation/@Total divided by Calculation/@UnitCharge)`,
    'The TotalCharge may count the passengers (next rows); otherwise TRF-PASSENGERS cannot tell for that service.',
    undefined,
    'transfer-passengers',
  ),
  capacity: fact(
    'transferavailability.service.capacity',
    'the passengers a vehicle or service holds',
    [
      'ota:Service/@MaximumPassengers',
      'ota:Service/ota:VehicleType/@MaximumPassengers',
      'ota:Shuttle/ota:Vehicle/ota:VehicleSize/@MaxPassengerCapacity',
      'ota:ServiceInfo/@MaximumPassengers',
    ],
    `${SERVICE}/Service/@MaximumPassengers (GroundServiceType; ServiceInfo in 2011B); Shuttle/Vehicle/VehicleSize/@MaxPassengerCapacity`,
    'A vehicle that holds fewer passengers than requested fails TRF-PASSENGERS. One that holds them all decides when no charge counts the passengers (a private vehicle priced as a whole).',
    undefined,
    'transfer-passengers',
  ),
  totalCharge: fact(
    'transferavailability.service.total',
    'the total charge of a transfer service',
    ['ota:TotalCharge/@EstimatedTotalAmount', 'ota:TotalCharge/@RateTotalAmount'],
    `${SERVICE}/TotalCharge (GroundTotalChargeType)`,
    'Read only to count passenger charges that show a unit price and no quantity: not shown, those charges count nothing.',
    undefined,
    'transfer-passengers',
  ),
};
const FACTS = PASSENGER_FACTS;

/** The party requested: its passengers per category, and their number ("passengers": the party's size). */
function partyOf(exchange: Exchange) {
  const asked = exchange.request.records('ota:Passengers', { code: 'ota:Category/@Code', qty: '@Quantity' });
  const size = asked.reduce((t, p) => t + (num(p.qty) || 0), 0);
  const byCategory = new Map<string, number>();
  for (const record of asked) {
    const code = ageQualifyingCode(record.code) ?? record.code ?? '?';
    byCategory.set(code, (byCategory.get(code) ?? 0) + (num(record.qty) || 0));
  }
  const text = `${size} passengers (${countsText(asked.map((p) => [ageQualifyingCode(p.code) ?? p.code, p.qty]))} by category)`;
  return { size, byCategory, text };
}

/** A charge for a passenger category: how many passengers it counts (undefined: not shown) and its unit price. */
interface PassengerCharge {
  category: string;
  qty?: number;
  unit?: number;
  /** What the charge is for (ChargePurpose: BaseRate, AirportFee; a Fee's @Purpose), when shown. */
  purpose?: string;
}

/**
 * The passenger charges of one place of a service (ServiceCharges, Fees/Fee): those naming a
 * passenger category, each with its Calculation Quantity or, without one, its amount over its unit
 * price (Amount or Calculation Total divided by UnitCharge, when that is a whole number).
 */
function passengerCharges(reply: ReplyReader, service: XNode, place: string): PassengerCharge[] {
  const out: PassengerCharge[] = [];
  for (const node of reply.doc.find(place, service)) {
    const category = ageQualifyingCode(firstAccepted(reply, FACTS.chargeCategory, (v) => !!ageQualifyingCode(v), node)?.value[0]);
    if (!category) continue;
    const amount = (xpath: string) => num(reply.doc.find(xpath, node)[0]?.content);
    const unit = amount('ota:Calculation/@UnitCharge');
    let qty = num(reply.value(FACTS.chargeQuantity, node)?.value);
    const charged = [amount('ota:Calculation/@Total'), amount('@Amount')].find((a) => a > 0);
    if (isNaN(qty) && unit > 0 && charged !== undefined && Math.abs(charged / unit - Math.round(charged / unit)) < 0.01)
      qty = Math.round(charged / unit);
    const purpose = ['ota:ChargePurpose', 'ota:ChargePurpose/@Code', '@Purpose']
      .map((p) => reply.doc.find(p, node)[0]?.content.trim())
      .filter(Boolean)
      .join(' ');
    out.push({ category, qty: isNaN(qty) ? undefined : qty, unit: unit > 0 ? unit : undefined, purpose: purpose || undefined });
  }
  return out;
}

type Verdict = 'same' | 'other' | 'unknown' | 'either';

/**
 * The passengers one place's charges count, in each reading they allow. Several charges of one
 * category are told by their purposes: the lines of one purpose (BaseRate) are for their own
 * passengers, their sum; each purpose (a BaseRate, an AirportFee) is for the category, the one
 * counting most counts it. Without purposes, equal quantities may be read either way (a base and a
 * fee for all of them, or a line for each part of them): both readings are kept.
 */
function readings(charges: Array<PassengerCharge & { qty: number }>): Array<{ name: string; n: number }> {
  const byCategory = new Map<string, Array<PassengerCharge & { qty: number }>>();
  for (const charge of charges) byCategory.set(charge.category, [...(byCategory.get(charge.category) ?? []), charge]);
  let sum = 0;
  let each = 0;
  for (const cs of byCategory.values()) {
    const qtys = cs.map((c) => c.qty);
    const total = qtys.reduce((t, q) => t + q, 0);
    // told: each purpose's lines count the category (their sum), the purpose counting most counts it
    const told = cs.every((c) => c.purpose !== undefined);
    const byPurpose = new Map<string | undefined, number>();
    for (const c of cs) byPurpose.set(c.purpose, (byPurpose.get(c.purpose) ?? 0) + c.qty);
    const counted = told ? Math.max(...byPurpose.values()) : total;
    sum += counted;
    each += told || new Set(qtys).size > 1 ? counted : qtys[0];
  }
  return sum === each
    ? [{ name: 'their charges', n: sum }]
    : [
        { name: 'each charge is for its own passengers', n: sum },
        { name: 'each charge of a category is for all its passengers', n: each },
      ];
}

/**
 * What one place's passenger charges say of the party: 'same' (they count its size), 'other' (more
 * than the party, or every requested category named and another number), 'unknown' (a quantity
 * not shown and no total over the unit prices; or only some requested categories named, counting
 * fewer: a fee for the adults alone, a child riding free), 'either' (the readings of the charges
 * disagree on whether they count the party: never the passing one taken).
 */
function chargesCount(charges: PassengerCharge[], party: ReturnType<typeof partyOf>, total: number): { verdict: Verdict; text: string } {
  const text = list(charges.map((p) => `${p.qty ?? '?'} of ${p.category}${p.purpose ? ` (${p.purpose})` : ''}`));
  if (charges.every((p) => p.qty !== undefined)) {
    const named = new Set(charges.map((c) => c.category));
    const everyCategory = [...party.byCategory].every(([code, n]) => n <= 0 || named.has(code));
    const judged = readings(charges as Array<PassengerCharge & { qty: number }>).map((r) => ({
      ...r,
      verdict: r.n === party.size ? 'same' : r.n > party.size || everyCategory ? 'other' : 'unknown',
    }));
    const verdicts = new Set(judged.map((r) => r.verdict));
    const readingsText = `${text}: ${list(judged.map((r) => `${r.n} if ${r.name}`))}`;
    if (verdicts.size === 1) return { verdict: judged[0].verdict as Verdict, text: judged.length > 1 ? readingsText : text };
    return { verdict: verdicts.has('same') ? 'either' : 'unknown', text: readingsText };
  }
  // Unit prices with no quantity: the total charge shows the quantities when it is their sum over the party requested.
  const expected = charges.every((p) => p.unit !== undefined && party.byCategory.has(p.category))
    ? charges.reduce((t, p) => t + p.unit! * party.byCategory.get(p.category)!, 0)
    : NaN;
  return { verdict: Math.abs(total - expected) < 0.01 ? 'same' : 'unknown', text };
}

/** TRF-PASSENGERS for one service: every place that counts its passengers counts the party's size. */
export function checkPassengers(exchange: Exchange, check: Check, reply: ReplyReader, s: { node: XNode; at: string }): void {
  const party = partyOf(exchange);
  // Every place that counts the passengers must count the party's size ("passengers"); their
  // categories are not a MUST (a child priced at the adult rate is still one passenger).
  let decided = false;
  const unknown: string[] = [];
  const total = num(reply.value(FACTS.totalCharge, s.node)?.value);
  for (const place of reply.placesOf(FACTS.charge)) {
    const charges = passengerCharges(reply, s.node, place);
    if (charges.length === 0) continue;
    const count = chargesCount(charges, party, total);
    if (count.verdict === 'unknown') unknown.push(`${s.at}/${place}: ${count.text}`);
    else decided = true;
    if (count.verdict === 'other') check.fail(`${s.at}/${place}`, party.text, count.text);
    // a reading that counts the party is not taken over one that does not: the charges do not say which holds
    if (count.verdict === 'either')
      check.cannotTell(`${s.at}/${place} counts ${party.text} in one reading of its charges and not in the other: ${count.text}`);
  }
  // A vehicle that cannot hold the party is not for it; one that holds it decides when no charge counts the passengers.
  for (const place of reply.placesOf(FACTS.capacity))
    for (const v of reply.doc
      .find(place, s.node)
      .map((n) => num(n.content))
      .filter((n) => !isNaN(n))) {
      if (v < party.size) check.fail(`${s.at}/${place}`, `a vehicle for ${party.text}`, String(v));
      decided = true;
    }
  if (!decided && unknown.length)
    check.cannotTell(
      "no place of the reply counts the whole party (a charge's quantity not shown and no total over the unit prices, " +
        `or charges for only some of the requested categories): ${unknown.join('; ')}`,
    );
  else if (!decided) check.cannotTell(notShown(reply, [FACTS.charge, FACTS.capacity], s.at));
}
