// Hotel availability (POST /hotelavailability): everything the suite checks of its replies.
// "Returns available units for a number of guests, dates and location." The reply structure is
// "not shown": each fact is read from the places OpenTravel 2016B (OTA_HotelAvailRS) gives it.
import { fact, notShown, type Fact, type ReplyReader, valuesEverywhere } from '../../contracts/reader';
import { list, rule, type Check, type Exchange } from '../../contracts/rule';
import { checkServed } from '../../contracts/envelope';
import { addDays } from '../../core/dates';
import type { XNode } from '../../xml/xml';
import { contradiction, normalName, placeVerdict } from '../../contracts/places';
import type { Description } from '../../contracts/corroboration';
import type { Contract } from '../contract';
import { ageQualifyingCode, countsText } from '../../contracts/categories';
import { bool, day, num, sameCode } from '../../contracts/value-forms';
import { itemsOffered, nothingToJudge, otherContent } from '../../contracts/items-offered';
import { xsBoolIs } from '../../contracts/xpath-predicates';

const XSD = 'OTA_HotelAvailRS.xsd (2016B)';

export const FACTS = {
  hotel: fact(
    'hotelavailability.hotel',
    'a hotel offered',
    // Not an alternate (IsAlternate): OpenTravel's flag for an offer that does not meet the criteria.
    [`/*/ota:RoomStays/ota:RoomStay[not(${xsBoolIs('@IsAlternate', true)})]`, '/*/ota:HotelStays/ota:HotelStay'],
    `${XSD}: RoomStays/RoomStay (one per hotel and offer); HotelStays/HotelStay`,
    'No hotel: HAV-SUCCESS fails (the test data declares availability there); HAV-EMPTY passes; the other rules cannot tell.',
  ),
  code: fact(
    'hotelavailability.hotel.code',
    'the code of a hotel',
    // Not RoomStay/@RPH: it numbers the results (a reference place holder), it is no hotel code.
    ['ota:BasicPropertyInfo/@HotelCode', 'ota:RoomRates/ota:RoomRate/@HotelCode'],
    `${XSD}: RoomStay/BasicPropertyInfo/@HotelCode`,
    'The hotel is labelled by its place in the reply; HAV-MAXRESPONSES counts results only.',
  ),
  countryName: fact(
    'hotelavailability.hotel.country',
    'the country of a hotel',
    [
      'ota:BasicPropertyInfo/ota:Address/ota:CountryName',
      'ota:BasicPropertyInfo/ota:Address/ota:CountryName/@Code',
      'ota:BasicPropertyInfo/@CountryCode',
    ],
    `${XSD}: BasicPropertyInfo/Address/CountryName (text: name; @Code: ISO 3166), of the RoomStay and of the HotelStay of the same hotel (its HotelCode, or RoomStayRPH)`,
    'HAV-PLACE (Country) asks hotel descriptive data (section 13); cannot tell only when that shows no country either. Every place is compared, the HotelStay of the same hotel included. A country matches by name in any of 18 languages or by its ISO 3166 code ("ES", "España", "Spain" are one country), or by a name the test data declares in `placeAliases`. Another recognisable country fails; an unrecognised name cannot tell. A hotel shown in two countries fails, whatever was requested.',
  ),
  region: fact(
    'hotelavailability.hotel.region',
    'the region of a hotel',
    [
      'ota:BasicPropertyInfo/ota:Address/ota:StateProv',
      'ota:BasicPropertyInfo/ota:Address/ota:StateProv/@StateCode',
      'ota:BasicPropertyInfo/ota:Address/ota:CountyName',
      'ota:BasicPropertyInfo/ota:Address/ota:County',
      'ota:BasicPropertyInfo/ota:Address/ota:CityName',
      'ota:BasicPropertyInfo/ota:RelativePosition/ota:Transportations/ota:Transportation/@Description',
    ],
    `${XSD}: BasicPropertyInfo/Address (StateProv, County: 2016B AddressType; CountyName, CityName), of the RoomStay and of the HotelStay of the same hotel`,
    'HAV-PLACE (Region) asks hotel descriptive data (section 13); cannot tell only when that does not place the hotel either. Every address part is compared, the HotelStay of the same hotel included. A region matches by its test-data name or a `placeAliases` name; another place of the test data fails; any other name (a town, a province) cannot tell, and the reason says to declare it in `placeAliases`. Two places of the test data neither of which is the other (by `placeAliases`) fail: a town, a province and a region never contradict each other.',
  ),
  start: fact(
    'hotelavailability.hotel.start',
    'the first night of a stay offered',
    [
      'ota:TimeSpan/@Start',
      'ota:RoomRates/ota:RoomRate/ota:Rates/ota:Rate/@EffectiveDate',
      'ota:RoomRates/ota:RoomRate/@EffectiveDate',
      'ota:Availability/@Start',
    ],
    `${XSD}: RoomStay/TimeSpan/@Start; RoomRate/Rates/Rate/@EffectiveDate`,
    'With no end either, HAV-DATES cannot tell. The earliest start shown is the first night.',
  ),
  end: fact(
    'hotelavailability.hotel.end',
    'the departure day of a stay offered',
    [
      'ota:TimeSpan/@End',
      'ota:RoomRates/ota:RoomRate/ota:Rates/ota:Rate/@ExpireDate',
      'ota:RoomRates/ota:RoomRate/@ExpireDate',
      'ota:Availability/@End',
    ],
    `${XSD}: RoomStay/TimeSpan/@End; RoomRate/Rates/Rate/@ExpireDate (the day after the last night)`,
    'With no start either, HAV-DATES cannot tell. The departure day must be among the ends shown: a TimeSpan End; a Rate ExpireDate with ExpireDateExclusiveInd true; the day after it when false; either when the Rate does not say.',
  ),
  guests: fact(
    'hotelavailability.hotel.guests',
    'the guests a stay is offered for (a GuestCounts element)',
    ['ota:GuestCounts', 'ota:RoomRates/ota:RoomRate/ota:GuestCounts', 'ota:RoomTypes/ota:RoomType/ota:GuestCounts'],
    `${XSD}: RoomStay/GuestCounts/GuestCount (@AgeQualifyingCode, @Count); RoomRate/GuestCounts (one per rate or room)`,
    "HAV-GUESTS cannot tell (also when a GuestCount lacks AgeQualifyingCode or Count). Each GuestCounts may hold the whole party, or the stay's GuestCounts may share it.",
  ),
};

const requestedPlace = (x: Exchange) => ({
  context: x.request.value('//ota:RefPoint/@CodeContext') ?? '',
  name: (x.request.value('//ota:RefPoint') ?? '').trim(),
});

/**
 * The departure days an end date of a stay may stand for. A TimeSpan End is the departure day. A
 * Rate's ExpireDate is the day after the last night when ExpireDateExclusiveInd is true, the last
 * night when it is false, and either when the reply does not say (OpenTravel leaves it open).
 */
function departureDays(r: ReplyReader, end: XNode): string[] {
  const d = day(end.content);
  if (!d || (end as { name?: string }).name !== 'ExpireDate') return [d];
  const exclusive = bool(r.doc.find('../@ExpireDateExclusiveInd', end)[0]?.content);
  return exclusive === true ? [d] : exclusive === false ? [addDays(d, 1)] : [d, addDays(d, 1)];
}

/**
 * The names of the requested place (its RefPoint text and Code, the test data's aliases) and of the
 * other places the test data declares, which a hotel of the requested place cannot be in.
 */
function placeNames(x: Exchange, name: string): { names: string[]; others: string[] } {
  const data = x.request.testData;
  const aliases = data?.placeAliases ?? {};
  const code = x.request.value('//ota:RefPoint/@Code');
  const names = [name, ...(code ? [code] : []), ...(aliases[name] ?? [])];
  const declared = data ? [...data.hotelAvailability.places, data.hotelAvailability.emptyPlace].map((p) => p.name) : [];
  const others = declared.filter((p) => normalName(p) !== normalName(name)).flatMap((p) => [p, ...(aliases[p] ?? [])]);
  return { names, others };
}

/**
 * The other results of the reply that name the same hotel as `hotel`: OpenTravel's HotelStays/HotelStay
 * beside RoomStays/RoomStay (its BasicPropertyInfo may carry the address the RoomStay leaves out),
 * by the same HotelCode, or by its RoomStayRPH listing the RoomStay's RPH.
 */
function sameHotel(r: ReplyReader, hotel: XNode): Array<{ node: XNode; at: string }> {
  const code = r.value(FACTS.code, hotel)?.value;
  const rph = r.doc.find('@RPH', hotel)[0]?.content.trim();
  const own = r.nodes(FACTS.hotel)?.at;
  return r
    .placesOf(FACTS.hotel)
    .filter((p) => p !== own)
    .flatMap((p) => r.doc.find(p).map((node, i) => ({ node, at: `${p}[${i + 1}]` })))
    .filter(
      (o) =>
        (!!code && sameCode(r.value(FACTS.code, o.node)?.value, code)) ||
        (!!rph && (r.doc.find('@RoomStayRPH', o.node)[0]?.content ?? '').trim().split(/\s+/).includes(rph)),
    );
}

/**
 * Where a hotel of the reply is, as the reply itself shows it (its result and the other results
 * of the same hotel), judged against the requested place; `clash` says why the places it shows
 * cannot all hold (two countries), which places it in none.
 */
function hotelPlace(x: Exchange, r: ReplyReader, hotel: { node: XNode; at: string }) {
  const place = requestedPlace(x);
  const context = place.context === 'Country' ? 'Country' : 'Region';
  const f = context === 'Country' ? FACTS.countryName : FACTS.region;
  const { names, others } = placeNames(x, place.name);
  const results = [hotel, ...sameHotel(r, hotel.node)];
  // Every address part of the hotel, not just the first place: a region may be its city's.
  const every = (fact: Fact) => [...new Set(results.flatMap((h) => valuesEverywhere(r, fact, h.node)))];
  const countries = every(FACTS.countryName);
  const regions = every(FACTS.region);
  const shown = context === 'Country' ? countries : regions;
  /** Where the reply shows `fact` of this hotel, for a finding. */
  const where = (fact: Fact): string => {
    for (const h of results) {
      const found = r.nodes(fact, h.node);
      if (found) return `${h.at}/${found.at}`;
    }
    return hotel.at;
  };
  return {
    fact: f,
    countries,
    regions,
    shown,
    where,
    clash: contradiction(countries, regions, x.request.testData),
    /** The fact whose values clash: the countries, else the places of the test data. */
    clashing: contradiction(countries, []) ? FACTS.countryName : FACTS.region,
    verdict: shown.length ? placeVerdict(context, shown, names, others) : ('unknown' as const),
  };
}

/** Where the gateway's descriptive data says a hotel is, judged against the requested place. */
function describedPlace(x: Exchange, d: Description) {
  const place = requestedPlace(x);
  const context = place.context === 'Country' ? 'Country' : 'Region';
  const shown = context === 'Country' ? d.country : d.region;
  const { names, others } = placeNames(x, place.name);
  return shown.length ? { shown, verdict: placeVerdict(context, shown, names, others) } : undefined;
}

/** The hotels of the reply, each with a label for messages; none: see nothingToJudge. */
function hotels(x: Exchange, c: Check, r: ReplyReader) {
  const items = r.items(FACTS.hotel).map((h) => ({ ...h, label: r.value(FACTS.code, h.node)?.value ?? h.at }));
  if (items.length === 0) nothingToJudge(x, c, 'hotel');
  return items;
}

export const contract: Contract = {
  op: 'hotelavailability',
  facts: Object.values(FACTS),
  rules: [
    rule('HAV-SUCCESS', 'at least one hotel is returned', (x, c, r) => {
      if (checkServed(x, c)) itemsOffered(x, c, r, FACTS.hotel, 'at least one available hotel');
    }),
    rule('HAV-EMPTY', 'no hotel is returned', (x, c, r) => {
      if (!checkServed(x, c)) return;
      const hotels = r.nodes(FACTS.hotel);
      if (hotels) c.fail(hotels.at, 'no hotel (nothing is available there)', `${hotels.value.length}`);
      else {
        // hotels in a place the suite does not know would look like none: not a pass
        const other = otherContent(r);
        if (other.length)
          c.cannotTell(`the reply shows no hotel in the known places, but carries other content (${list(other.slice(0, 3))})`);
      }
    }),
    rule('HAV-MAXRESPONSES', 'no more hotels are returned than MaxResponses', (x, c, r) => {
      const max = num(x.request.value('@MaxResponses'));
      if (isNaN(max)) {
        c.cannotTell('the request carries no MaxResponses');
        return;
      }
      const items = r.items(FACTS.hotel);
      // "Responses" may be counted per result element or per hotel: either reading is honoured.
      const codes = new Set(items.map((h) => r.value(FACTS.code, h.node)?.value).filter(Boolean));
      if (items.length > max && (codes.size === 0 || codes.size > max))
        c.fail(
          r.nodes(FACTS.hotel)!.at,
          `at most ${max} (MaxResponses)`,
          `${items.length} results${codes.size ? ` for ${codes.size} hotels` : ''}`,
        );
    }),
    rule(
      'HAV-PLACE',
      'every hotel returned is in the requested place',
      (x, c, r, more) => {
        const place = requestedPlace(x);
        const wanted = `${place.context} ${place.name}`;
        for (const h of hotels(x, c, r)) {
          // The reply is read first, at every place of the hotel (its HotelStay too).
          const own = hotelPlace(x, r, h);
          if (own.clash) {
            c.fail(
              own.where(own.clashing),
              `hotel ${h.label} in one place (the requested ${wanted})`,
              `${own.clash}: ${list([...own.countries, ...own.regions])}`,
            );
            continue;
          }
          if (own.verdict === 'other') c.fail(own.where(own.fact), wanted, list(own.shown));
          if (own.verdict !== 'unknown') continue;
          // The reply does not place the hotel: the gateway's own hotel descriptive data may.
          const d = more.hotel(h.label);
          const shown = own.shown.length
            ? `hotel ${h.label} shows ${list(own.shown)}, which the suite cannot place in ${wanted}; ` +
              "if it is there, declare that name in the test data's placeAliases"
            : notShown(r, own.fact, `hotel ${h.label}`);
          if (!d || d.problem) {
            const why =
              d?.problem ??
              (r.value(FACTS.code, h.node)
                ? 'no hotel descriptive data of it was asked'
                : 'the reply shows no HotelCode to ask hotel descriptive data for');
            c.cannotTell(`${shown}; ${why}`);
            continue;
          }
          // Two operations of the gateway that place one hotel where it cannot be: the suite
          // cannot tell which is right, so neither decides.
          const disagree = contradiction([...own.countries, ...d.country], [...own.regions, ...d.region], x.request.testData);
          if (disagree) {
            c.cannotTell(
              `hotel ${h.label}: the reply shows ${list([...own.countries, ...own.regions])} and ${d.source} shows ` +
                `${list([...d.country, ...d.region])}, ${disagree} together: the two operations disagree, and the suite cannot tell which is right`,
            );
            continue;
          }
          const told = describedPlace(x, d);
          if (!told)
            c.cannotTell(`${shown}; ${d.source} does not show its ${place.context === 'Country' ? 'country' : 'region or town'} either`);
          else if (told.verdict === 'other') c.fail(`${h.at} (hotel ${h.label}), by ${d.source}`, wanted, list(told.shown));
          else if (told.verdict === 'unknown')
            c.cannotTell(
              `${shown}, and ${d.source} shows ${list(told.shown)}, which the suite cannot place there either; ` +
                "if it is there, declare that name in the test data's placeAliases",
            );
        }
      },
      // hotels the reply does not place (nor contradicts itself about), to ask hotel descriptive data about
      (x, r) =>
        r
          .items(FACTS.hotel)
          .filter((h) => {
            const own = hotelPlace(x, r, h);
            return own.verdict === 'unknown' && !own.clash;
          })
          .map((h) => r.value(FACTS.code, h.node)?.value)
          .filter((code): code is string => !!code)
          .map((code) => ({ kind: 'hotel' as const, code })),
    ),
    rule('HAV-DATES', 'every hotel returned is offered for the requested stay dates', (x, c, r) => {
      const start = x.request.value('//ota:StayDateRange/@Start');
      const end = x.request.value('//ota:StayDateRange/@End');
      for (const h of hotels(x, c, r)) {
        // Rates by period may come in any order: the first night is the earliest start shown, and
        // the last Rate's ExpireDate (or TimeSpan/@End) is the departure day.
        const starts = r.values(FACTS.start, h.node);
        const ends = r.nodes(FACTS.end, h.node);
        if (!starts && !ends) c.cannotTell(notShown(r, [FACTS.start, FACTS.end], `hotel ${h.label}`));
        const first = starts?.value.map(day).sort()[0];
        if (starts && first !== start) c.fail(`${h.at}/${starts.at}`, `${start}`, list(starts.value));
        const departures = ends?.value.flatMap((n) => departureDays(r, n)) ?? [];
        if (ends && !departures.includes(day(end))) c.fail(`${h.at}/${ends.at}`, `${end}`, list(ends.value.map((n) => n.content.trim())));
      }
    }),
    rule('HAV-GUESTS', 'every hotel returned is priced for the requested guests', (x, c, r) => {
      const asked = x.request.records('//ota:GuestCount', { code: '@AgeQualifyingCode', n: '@Count' });
      const wanted = countsText(asked.map((g) => [ageQualifyingCode(g.code) ?? g.code, g.n]));
      for (const h of hotels(x, c, r)) {
        const at = r.nodes(FACTS.guests, h.node);
        const groups = at?.value.map((g) =>
          r.doc
            .find('ota:GuestCount', g)
            .map((n) => [r.doc.find('@AgeQualifyingCode', n)[0]?.content, r.doc.find('@Count', n)[0]?.content]),
        );
        if (!at || !groups?.flat().length) c.cannotTell(notShown(r, FACTS.guests, `hotel ${h.label}`));
        else if (groups.flat().some(([code, n]) => !ageQualifyingCode(code) || n === undefined))
          c.cannotTell(
            `the reply does not show the AgeQualifyingCode and Count of every guest count (GuestCount/@AgeQualifyingCode, @Count) for hotel ${h.label}, at ${h.at}/${at.at}`,
          );
        else {
          // GuestCounts per rate may each hold the whole party (alternatives) or share it (one room each).
          const each = groups.map((g) => countsText(g.map(([code, n]) => [ageQualifyingCode(code), n])));
          const all = countsText(groups.flat().map(([code, n]) => [ageQualifyingCode(code), n]));
          if (!each.every((t) => t === wanted) && all !== wanted)
            c.fail(`${h.at}/${at.at}`, `guests by AgeQualifyingCode ${wanted}`, list(each));
        }
      }
    }),
  ],
};
