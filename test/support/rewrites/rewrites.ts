// One broken statement per reply kind: each rewrite takes the sandbox's real reply and breaks one
// statement of the spec in it, the way a gateway with that mistake would answer. `breaks` names the
// suite's requirement for that statement and `expected` what the suite must make of it.
import { DOMParser, XMLSerializer, type Document, type Element } from '@xmldom/xmldom';

export interface Exchange {
  op: string;
  request: string;
  status: number;
  contentType: string;
  reply: string;
  /** Shared by every exchange of one proxy: what a rewrite needs to remember across replies. */
  memory: Map<string, string>;
}
type Reply = Pick<Exchange, 'status' | 'contentType' | 'reply'>;
export interface Rewrite {
  op: string;
  does: string;
  breaks: string;
  /** What the suite must conclude in summary.json: the requirement failed (a SHOULD too: a warning), or anything but passed (nothing left to judge it by). */
  expected: 'failed' | 'not passed';
  /** Sandbox dialect variants the rewrite needs to be seen. */
  variants?: readonly string[];
  rewrite(exchange: Exchange): Reply;
}

const NS = 'http://www.opentravel.org/OTA/2003/05';
const parse = (s: string): Document => new DOMParser().parseFromString(s, 'application/xml');
const byName = (d: Document | Element, n: string): Element[] => Array.from(d.getElementsByTagNameNS(NS, n));
const shiftDate = (value: string, days: number) => {
  const d = new Date(Date.parse(`${value.slice(0, 10)}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  return d + value.slice(10);
};
const reqAttr = (x: Exchange, n: string) => new RegExp(`\\b${n}="([^"]*)"`).exec(x.request)?.[1];

/** Rewrites the reply's document with `f` (a reply that is not a Success XML reply is left alone). */
function onDoc(f: (doc: Document, exchange: Exchange) => void) {
  return (exchange: Exchange): Reply => {
    if (!/<(\w+:)?Success\b/.test(exchange.reply)) return exchange;
    const doc = parse(exchange.reply);
    f(doc, exchange);
    return { ...exchange, reply: new XMLSerializer().serializeToString(doc) };
  };
}
function stripAll(element: Element) {
  for (const attribute of Array.from(element.attributes)) element.removeAttribute(attribute.name);
  for (const childNode of Array.from(element.childNodes)) {
    if (childNode.nodeType === 3 || childNode.nodeType === 4) element.removeChild(childNode);
    else if (childNode.nodeType === 1) stripAll(childNode as Element);
  }
}
/** Success replaced by an advisory Warning: the data stays, but nothing says the request was processed. */
function warningsInsteadOfSuccess(doc: Document) {
  const element = byName(doc, 'Success')[0];
  const elementNS = doc.createElementNS(NS, 'Warnings');
  const one = doc.createElementNS(NS, 'Warning');
  one.setAttribute('Type', '11');
  one.setAttribute('ShortText', 'Partial results: processing not completed');
  elementNS.appendChild(one);
  element.parentNode!.replaceChild(elementNS, element);
}

export const REWRITES = {
  'hav-hollow-room-stays': {
    op: 'hotelavailability',
    does: 'every RoomStay keeps its elements, but none has an attribute or text (a skeleton: no hotel, no rate, no date)',
    breaks: 'HAV-SUCCESS',
    expected: 'failed',
    rewrite: onDoc((d) => byName(d, 'RoomStay').forEach(stripAll)),
  },
  'hav-success-as-warning': {
    op: 'hotelavailability',
    does: 'Success is replaced by Warnings (Type 11, "processing not completed"); the RoomStays stay',
    breaks: 'HAV-SUCCESS',
    expected: 'failed',
    rewrite: onDoc(warningsInsteadOfSuccess),
  },
  'hav-timespan-one-night-more': {
    op: 'hotelavailability',
    does: "each RoomStay's TimeSpan ends a day later than asked; its rates still price the nights asked (two placements of the stay disagree)",
    breaks: 'HAV-DATES',
    expected: 'failed',
    rewrite: onDoc((d) =>
      byName(d, 'TimeSpan').forEach((t) => t.hasAttribute('End') && t.setAttribute('End', shiftDate(t.getAttribute('End')!, 1))),
    ),
  },
  'hav-one-over-max': {
    op: 'hotelavailability',
    does: 'a copy of the last RoomStay is added when the reply already holds MaxResponses of them',
    breaks: 'HAV-MAXRESPONSES',
    expected: 'failed',
    rewrite: onDoc((doc, exchange) => {
      const stays = byName(doc, 'RoomStay');
      const max = Number(reqAttr(exchange, 'MaxResponses') ?? Infinity);
      if (stays.length === 0 || stays.length < max) return;
      const last = stays[stays.length - 1];
      last.parentNode!.appendChild(last.cloneNode(true));
    }),
  },
  'hav-guest-count-plus-one': {
    op: 'hotelavailability',
    does: 'the first GuestCount of every RoomStay counts one guest more than asked',
    breaks: 'HAV-GUESTS',
    expected: 'failed',
    rewrite: onDoc((d) =>
      byName(d, 'GuestCounts').forEach((element) => {
        const c = byName(element, 'GuestCount')[0];
        if (c?.hasAttribute('Count')) c.setAttribute('Count', String(Number(c.getAttribute('Count')) + 1));
      }),
    ),
  },
  'hav-country-code-disagrees': {
    op: 'hotelavailability',
    does: "each hotel's CountryName keeps its text and gets another country's ISO code (GR for any other, IT for Greece)",
    breaks: 'HAV-PLACE',
    expected: 'failed',
    rewrite: onDoc((d) => byName(d, 'CountryName').forEach((c) => c.setAttribute('Code', c.getAttribute('Code') === 'GR' ? 'IT' : 'GR'))),
  },
  'aav-last-category-dropped': {
    op: 'activityavailability',
    does: 'the last ParticipantCategory of each activity is left out (the children of the party are not priced)',
    breaks: 'AAV-PARTICIPANTS',
    expected: 'failed',
    rewrite: onDoc((d) =>
      byName(d, 'Pricing').forEach((element) => {
        const cats = byName(element, 'ParticipantCategory');
        if (cats.length > 1) element.removeChild(cats[cats.length - 1]);
      }),
    ),
  },
  'aav-schedule-two-months-later': {
    op: 'activityavailability',
    does: 'every date of every Schedule is moved 60 days later, outside the period asked',
    breaks: 'AAV-DATES',
    expected: 'failed',
    rewrite: onDoc((d) =>
      byName(d, 'Schedule').forEach((s) =>
        [s, ...Array.from(s.getElementsByTagNameNS(NS, '*'))].forEach((e) =>
          ['Start', 'End', 'Date'].forEach(
            (a) =>
              e.hasAttribute(a) && /^\d{4}-\d{2}-\d{2}/.test(e.getAttribute(a)!) && e.setAttribute(a, shiftDate(e.getAttribute(a)!, 60)),
          ),
        ),
      ),
    ),
  },
  'asr-address-region-disagrees': {
    op: 'activitysearch',
    does: "the first activity's Address says it is in Lapland (StateProv, CityName Rovaniemi, CountryName FI); its Region still names the area asked",
    breaks: 'ASR-AREA',
    expected: 'failed',
    rewrite: onDoc((doc) => {
      const info = byName(doc, 'TourActivityInfo')[0];
      const addr = info && byName(info, 'Address')[0];
      if (!addr) return;
      for (const [n, v] of [
        ['StateProv', 'Lapland'],
        ['CityName', 'Rovaniemi'],
        ['CountryName', 'Finland'],
      ] as const) {
        const element = byName(addr, n)[0];
        if (element) element.textContent = v;
        if (element && n === 'CountryName') element.setAttribute('Code', 'FI');
      }
    }),
  },
  'hnbc-other-hotel-code': {
    op: 'hotelnbc',
    does: 'the HotelDescriptiveContent names another hotel (HotelCode OTHER01); the rest is unchanged',
    breaks: 'HNBC-SUBJECT',
    expected: 'failed',
    rewrite: onDoc((d) => byName(d, 'HotelDescriptiveContent').forEach((c) => c.setAttribute('HotelCode', 'OTHER01'))),
  },
  'trf-pickup-day-before': {
    op: 'transferavailability',
    does: 'every Pickup DateTime is a day earlier than the flight asked allows',
    breaks: 'TRF-DATES',
    expected: 'failed',
    rewrite: onDoc((d) =>
      byName(d, 'Pickup').forEach(
        (p) => p.hasAttribute('DateTime') && p.setAttribute('DateTime', shiftDate(p.getAttribute('DateTime')!, -1)),
      ),
    ),
  },
  'trf-capacity-one': {
    op: 'transferavailability',
    does: 'every service offered seats one passenger (MaximumPassengers 1), whatever the party',
    breaks: 'TRF-PASSENGERS',
    expected: 'failed',
    rewrite: onDoc((d) =>
      Array.from(d.getElementsByTagNameNS(NS, '*')).forEach(
        (e) => e.hasAttribute('MaximumPassengers') && e.setAttribute('MaximumPassengers', '1'),
      ),
    ),
  },
  'trf-other-airport': {
    op: 'transferavailability',
    does: 'every AirportInfo of the reply names another airport (LocationCode OPO)',
    breaks: 'TRF-AIRPORT',
    expected: 'failed',
    rewrite: onDoc((d) =>
      ['Arrival', 'Departure'].forEach((n) =>
        byName(d, n).forEach((a) => a.hasAttribute('LocationCode') && a.setAttribute('LocationCode', 'OPO')),
      ),
    ),
  },
  'bkg-commit-other-reference': {
    op: 'activitybook',
    does: "a committed booking's reply shows another client reference (Type 36 ID with -X appended) everywhere it shows one",
    breaks: 'BKG-COMMIT-REF',
    expected: 'failed',
    rewrite: onDoc((doc, exchange) => {
      if (/ResStatus="Quote"/.test(exchange.request)) return;
      Array.from(doc.getElementsByTagNameNS(NS, '*')).forEach(
        (e) => e.getAttribute('Type') === '36' && e.hasAttribute('ID') && e.setAttribute('ID', `${e.getAttribute('ID')}-X`),
      );
    }),
  },
  'rd-success-as-warning': {
    op: 'bookread',
    does: 'a booking read answers Warnings (Type 11, "processing not completed") instead of Success; the booking stays',
    breaks: 'RD-RETURNS-BOOKING',
    expected: 'failed',
    rewrite: onDoc(warningsInsteadOfSuccess),
  },
  'rd-cancelled-shown-live': {
    op: 'bookread',
    does: 'a booking read after a cancel shows every status word "Cancelled" as "Reserved" (the cancel was not applied)',
    breaks: 'CXL-COMMIT-CANCELS',
    expected: 'failed',
    rewrite: (x) => ({ ...x, reply: x.reply.replace(/"Cancell?ed"/g, '"Reserved"').replace(/>Cancell?ed</g, '>Reserved<') }),
  },
  'aav-currency-disagrees': {
    op: 'activityavailability',
    does: "the first ParticipantCategory's Price is in USD while every other amount of the activity is in the currency asked",
    breaks: 'AAV-CURRENCY',
    // a SHOULD: failed in summary.json, a warning on the console, the run not failed
    expected: 'failed',
    rewrite: onDoc((d) =>
      byName(d, 'TourActivityInfo').forEach((element) => {
        const p = byName(element, 'ParticipantCategory')[0];
        const price = p && byName(p, 'Price')[0];
        if (price) price.setAttribute('CurrencyCode', 'USD');
      }),
    ),
  },
  'hnbc-success-as-warning': {
    op: 'hotelnbc',
    does: 'hotel descriptive data answers Warnings (Type 11, "processing not completed") instead of Success, its content unchanged: it describes nothing, so (with the sandbox variant hotel-code-only-availability) nothing places the hotels of hotel availability',
    breaks: 'HAV-PLACE',
    expected: 'not passed',
    variants: ['hotel-code-only-availability'],
    rewrite: onDoc(warningsInsteadOfSuccess),
  },
  'hav-country-name-in-japanese-elsewhere': {
    op: 'hotelavailability',
    does: "each hotel's CountryName keeps its ISO code and says, in Japanese, another country (ギリシャ, Greece; イタリア, Italy for a Greek hotel)",
    breaks: 'HAV-PLACE',
    expected: 'failed',
    rewrite: onDoc((d) =>
      byName(d, 'CountryName').forEach((c) => (c.textContent = c.getAttribute('Code') === 'GR' ? 'イタリア' : 'ギリシャ')),
    ),
  },
  'hav-rates-one-night-short': {
    op: 'hotelavailability',
    does: "each RoomStay's last Rate expires a night early (the last night is not priced); its TimeSpan still says the stay asked",
    breaks: 'HAV-DATES',
    expected: 'failed',
    rewrite: onDoc((d) =>
      byName(d, 'Rates').forEach((rates) => {
        const all = byName(rates, 'Rate');
        const last = all[all.length - 1];
        if (last?.hasAttribute('ExpireDate')) last.setAttribute('ExpireDate', shiftDate(last.getAttribute('ExpireDate')!, -1));
      }),
    ),
  },
  'aav-total-one-category-short': {
    op: 'activityavailability',
    // a total short of one participant's price beside categories that still show the whole party
    // is a discount ("the child goes free"), no mistake: the last category loses that participant too
    does: "each activity's Pricing/Summary total leaves out the price of one participant of its last category, and that category's quantity counts one fewer (the category is left out when it held one)",
    breaks: 'AAV-PARTICIPANTS',
    expected: 'failed',
    rewrite: onDoc((d) =>
      byName(d, 'Pricing').forEach((element) => {
        const sum = byName(element, 'Summary')[0];
        const cats = byName(element, 'ParticipantCategory');
        const last = cats.length > 1 ? cats[cats.length - 1] : undefined;
        const price = last ? byName(last, 'Price')[0] : undefined;
        // the quantity: @Quantity on the category (the spec's form), or on an element inside it (an extension)
        const counted = last && [last, ...Array.from(last.getElementsByTagNameNS(NS, '*'))].find((e) => e.hasAttribute('Quantity'));
        if (!sum?.hasAttribute('Amount') || !price?.hasAttribute('Amount') || !counted) return;
        sum.setAttribute('Amount', (Number(sum.getAttribute('Amount')) - Number(price.getAttribute('Amount'))).toFixed(2));
        const qty = Number(counted.getAttribute('Quantity'));
        if (qty > 1) counted.setAttribute('Quantity', String(qty - 1));
        else element.removeChild(last!);
      }),
    ),
  },
  'aav-detail-outside-period': {
    op: 'activityavailability',
    does: "each activity's last Schedule/Detail day is moved 60 days later; its Schedule/Summary still spans the period asked",
    breaks: 'AAV-DATES',
    expected: 'failed',
    rewrite: onDoc((d) =>
      byName(d, 'Schedule').forEach((element) => {
        const details = byName(element, 'Detail');
        const last = details[details.length - 1];
        if (last?.hasAttribute('Start')) last.setAttribute('Start', shiftDate(last.getAttribute('Start')!, 60));
      }),
    ),
  },
  'aav-region-name-elsewhere': {
    op: 'activityavailability',
    does: "each activity's Location/Region@RegionName names Lapland; its Address still names the area asked",
    breaks: 'AAV-LOCATION',
    expected: 'failed',
    rewrite: onDoc((d) => byName(d, 'Region').forEach((r) => r.hasAttribute('RegionName') && r.setAttribute('RegionName', 'Lapland'))),
  },
  'bkg-quote-first-participant-only': {
    op: 'activitybook',
    does: 'a Quote for several participants is answered for the first only: one ParticipantInfo, one category of quantity 1, priced as one',
    breaks: 'BKG-PARTICIPANTS-REPEATED',
    expected: 'failed',
    rewrite: onDoc((doc, exchange) => {
      if (!/ResStatus="Quote"/.test(exchange.request)) return;
      const drop = (es: Element[]) => es.slice(1).forEach((e) => e.parentNode!.removeChild(e));
      drop(byName(doc, 'ParticipantInfo'));
      drop(byName(doc, 'ParticipantCategory'));
      const first = byName(doc, 'ParticipantCategory')[0];
      const unit = first && byName(first, 'Price')[0]?.getAttribute('Amount');
      byName(doc, 'ParticipantCount').forEach((c) => c.setAttribute('Quantity', '1'));
      if (unit)
        [...byName(doc, 'Summary'), ...byName(doc, 'PaymentInfo')].forEach(
          (e) => e.hasAttribute('Amount') && e.setAttribute('Amount', unit),
        );
    }),
  },
  'rd-items-of-another-booking': {
    op: 'bookread',
    does: "a booking read keeps the booking's reference (Type 36) over another booking's items: other item references (Type 37), another activity, a week later",
    breaks: 'RD-RETURNS-BOOKING',
    expected: 'failed',
    rewrite: onDoc((d) =>
      byName(d, 'Service').forEach((element, index) => {
        if (element.getAttribute('Type') === '37') element.setAttribute('ID', `OTHER-ITEM-${index + 1}`);
        if (element.hasAttribute('ServiceInventoryCode')) element.setAttribute('ServiceInventoryCode', 'OTHER-TOUR');
        byName(element, 'TimeSpan').forEach((t) =>
          ['Start', 'End'].forEach((a) => t.hasAttribute(a) && t.setAttribute(a, shiftDate(t.getAttribute(a)!, 7))),
        );
      }),
    ),
  },
  'rd-status-extension-disagrees': {
    op: 'bookread',
    does: 'a read of a cancelled booking adds TPA_Extensions/ReservationStatus Status="Reserved" beside its ResStatus="Cancelled" (two placements of its status disagree)',
    breaks: 'CXL-COMMIT-CANCELS',
    expected: 'not passed',
    rewrite: onDoc((d) =>
      byName(d, 'HotelReservation').forEach((element) => {
        if (!/^Cancell?ed$/.test(element.getAttribute('ResStatus') ?? '')) return;
        const ext = d.createElementNS(NS, 'TPA_Extensions');
        const st = d.createElementNS(NS, 'ReservationStatus');
        st.setAttribute('Status', 'Reserved');
        ext.appendChild(st);
        element.appendChild(ext);
      }),
    ),
  },
  'aav-hollow-activities': {
    op: 'activityavailability',
    does: 'every TourActivityInfo keeps its elements, but none has an attribute or text (no activity, no price, no date)',
    breaks: 'AAV-SUCCESS',
    expected: 'failed',
    rewrite: onDoc((d) => byName(d, 'TourActivityInfo').forEach(stripAll)),
  },
  'asr-hollow-activities': {
    op: 'activitysearch',
    does: 'every TourActivityInfo of a search keeps its elements, but none has an attribute or text',
    breaks: 'ASR-SUCCESS',
    expected: 'failed',
    rewrite: onDoc((d) => byName(d, 'TourActivityInfo').forEach(stripAll)),
  },
  'trf-hollow-services': {
    op: 'transferavailability',
    does: 'every GroundService keeps its elements, but none has an attribute or text (no vehicle, no pickup, no price)',
    breaks: 'TRF-SUCCESS',
    expected: 'failed',
    rewrite: onDoc((d) => byName(d, 'GroundService').forEach(stripAll)),
  },
  'hav-position-elsewhere': {
    op: 'hotelavailability',
    does: "each hotel's BasicPropertyInfo gains a Position in Lapland (66.50, 25.73) beside its Address in the place asked (two placements of its place disagree)",
    breaks: 'HAV-PLACE',
    expected: 'failed',
    rewrite: onDoc((d) =>
      byName(d, 'BasicPropertyInfo').forEach((element) => {
        const pos = d.createElementNS(NS, 'Position');
        pos.setAttribute('Latitude', '66.50');
        pos.setAttribute('Longitude', '25.73');
        element.insertBefore(pos, element.firstChild);
      }),
    ),
  },
} as const satisfies Record<string, Rewrite>;

export type RewriteName = keyof typeof REWRITES;
export const REWRITE_NAMES = Object.keys(REWRITES) as RewriteName[];
