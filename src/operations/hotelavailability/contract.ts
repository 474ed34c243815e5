// Hotel availability (POST /hotelavailability): everything the suite checks of its replies.
// "Returns available units for a number of guests, dates and location." The reply structure is
// "not shown": each fact is read from the places OpenTravel 2016B (OTA_HotelAvailRS) gives it.
import { fact, notShown, showsSomething, type Fact, type ReplyReader, valuesEverywhere } from '../../contracts/reader';
import { list, replyRule, rule, type Check, type Exchange } from '../../contracts/rule';
import { checkServed, servedRule } from '../../contracts/envelope';
import type { XNode } from '../../xml/xml';
import { contradiction, normalName, placeVerdict } from '../../contracts/places';
import type { Description } from '../../contracts/corroboration';
import type { Contract } from '../contract';
import { ageQualifyingCode, countsText } from '../../contracts/categories';
import { day, num, sameCode } from '../../contracts/value-forms';
import { itemsOffered, nothingToJudge, otherContent } from '../../contracts/items-offered';
import { xsBoolIs } from '../../contracts/xpath-predicates';
import { holds, nightsOf, spansOf, type Span } from './stay-dates';

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
    'code',
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
    'HAV-PLACE (Country) asks hotel descriptive data (section 13); cannot tell only when that shows no country either. Every place is compared, the HotelStay of the same hotel included. A country matches by its ISO 3166 code or its name in any language of CLDR (the localised data Node carries) ("ES", "España", "Spain" are one country), or by a name the test data declares in `placeAliases`. Another recognisable country fails; an unrecognised name cannot tell. A hotel shown in two countries fails, whatever was requested.',
    'country',
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
    'the first night of a stay or rate period offered',
    [
      'ota:TimeSpan/@Start',
      'ota:RoomRates/ota:RoomRate/ota:Rates/ota:Rate/@EffectiveDate',
      'ota:RoomRates/ota:RoomRate/@EffectiveDate',
      'ota:Availability/@Start',
    ],
    `${XSD}: RoomStay/TimeSpan/@Start (the stay); RoomRate/Rates/Rate/@EffectiveDate, RoomRate/@EffectiveDate (a rate period); HotelStay/Availability/@Start`,
    'Every place is read. A TimeSpan is the stay offered: its Start must be the requested Start. A rate period (Rate or RoomRate, ' +
      'EffectiveDate to ExpireDate) or an Availability span may be wider than the stay (a rate season): the periods of one RoomRate ' +
      'together must hold every night of the requested stay. With no date shown anywhere, HAV-DATES cannot tell.',
  ),
  end: fact(
    'hotelavailability.hotel.end',
    'the departure day of a stay, or the end of a rate period',
    [
      'ota:TimeSpan/@End',
      'ota:RoomRates/ota:RoomRate/ota:Rates/ota:Rate/@ExpireDate',
      'ota:RoomRates/ota:RoomRate/@ExpireDate',
      'ota:Availability/@End',
    ],
    `${XSD}: read on the element that shows the start: TimeSpan/@End or @Duration (DurationType, "P3N" nights); ` +
      'Rate/@ExpireDate with @ExpireDateExclusiveInd (EffectiveExpireOptionalDateGroup); Availability/@End',
    'A TimeSpan End (or Start plus Duration) must be the requested End. A Rate ExpireDate is the day after the last night when ' +
      'ExpireDateExclusiveInd is true, the last night when it is false, and either when the Rate does not say. A period with no end ' +
      'runs on from its start.',
  ),
  guests: fact(
    'hotelavailability.hotel.guests',
    'the guests a stay is offered for (a GuestCounts element)',
    ['ota:GuestCounts', 'ota:RoomRates/ota:RoomRate/ota:GuestCounts', 'ota:RoomTypes/ota:RoomType/ota:GuestCounts'],
    `${XSD}: RoomStay/GuestCounts/GuestCount (@Count, @AgeQualifyingCode, @Age; GuestCountType); RoomRate/GuestCounts (one per rate or room)`,
    'Every place is read, and each must show the number of guests requested ("a number of guests"): a GuestCount counts @Count guests ' +
      '(one when it shows only an @Age), with or without AgeQualifyingCode; guests of one age code for a party of several are the right ' +
      'number. Each GuestCounts may hold the whole party, or the GuestCounts of one place may share it. A GuestCount with neither Count ' +
      'nor Age: that place cannot tell.',
  ),
  occupancy: fact(
    'hotelavailability.hotel.occupancy',
    'the number of guests a room offered holds',
    ['ota:RoomTypes/ota:RoomType/ota:Occupancy[not(@AgeQualifyingCode)]/@MaxOccupancy'],
    `${XSD}: RoomStay/RoomTypes/RoomType/Occupancy/@MaxOccupancy (OccupancyType; times RoomType/@NumberOfUnits), without AgeQualifyingCode (a total)`,
    'A room that holds fewer guests than requested fails HAV-GUESTS. A room that holds them all decides only when no GuestCounts shows the number.',
  ),
};

const requestedPlace = (x: Exchange) => ({
  context: x.request.value('//ota:RefPoint/@CodeContext') ?? '',
  name: (x.request.value('//ota:RefPoint') ?? '').trim(),
});

/** The guests one GuestCounts shows: their number (undefined when a GuestCount shows neither Count nor Age) and how. */
function guestsOf(r: ReplyReader, counts: XNode): { total?: number; text: string } {
  const rows = r.doc.find('ota:GuestCount', counts).map((g) => {
    const value = (name: string) => r.doc.find(`@${name}`, g)[0]?.content.trim();
    const n = value('Count') !== undefined ? num(value('Count')) : value('Age') !== undefined ? 1 : NaN;
    const code = ageQualifyingCode(value('AgeQualifyingCode'));
    return { n, label: `${isNaN(n) ? '?' : n}${code ? ` of AQC ${code}` : value('Age') ? ` aged ${value('Age')}` : ''}` };
  });
  const total = rows.some((g) => isNaN(g.n)) ? undefined : rows.reduce((t, g) => t + g.n, 0);
  return { total, text: rows.length ? rows.map((g) => g.label).join(' + ') : '(no GuestCount)' };
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
    servedRule('HAV-SUCCESS', 'at least one hotel is returned', (x, c, r) => {
      itemsOffered(x, c, r, FACTS.hotel, 'at least one available hotel');
    }),
    servedRule('HAV-EMPTY', 'no hotel is returned', (x, c, r) => {
      const hotels = r.items(FACTS.hotel);
      if (hotels.length) c.fail(r.nodes(FACTS.hotel)!.at, 'no hotel (nothing is available there)', `${hotels.length}`);
      else {
        // hotels in a place the suite does not know would look like none: not a pass
        const other = otherContent(r);
        if (other.length)
          c.cannotTell(`the reply shows no hotel in the known places, but carries other content (${list(other.slice(0, 3))})`);
      }
    }),
    // Judged on any reply, a bare refusal too: a refusal is one whatever its form.
    {
      ...replyRule('HAV-MAXRESPONSES', (x, c, r) => {
        const max = num(x.request.value('@MaxResponses'));
        if (isNaN(max)) {
          c.cannotTell('the request carries no MaxResponses');
          return;
        }
        // A refusal of a request carrying MaxResponses is no bound honoured: the request is valid.
        if (!checkServed(x, c) || !r) return;
        // Every place hotels may be listed in (RoomStays, HotelStays) is counted; "responses" may be
        // counted per result element or per hotel: either reading is honoured.
        let read = 0;
        for (const at of r.placesOf(FACTS.hotel)) {
          // an element that shows nothing is no result (see ReplyReader.items)
          const items = r.doc.find(at).filter((h) => showsSomething(r.doc, h));
          read += items.length;
          const codes = new Set(items.map((h) => r.value(FACTS.code, h)?.value).filter(Boolean));
          if (items.length > max && (codes.size === 0 || codes.size > max))
            c.fail(at, `at most ${max} (MaxResponses)`, `${items.length} results${codes.size ? ` for ${codes.size} hotels` : ''}`);
        }
        if (read === 0) {
          const other = otherContent(r);
          c.cannotTell(
            other.length
              ? `the reply shows no hotel in the known places (${r.placesOf(FACTS.hotel).join(' | ')}), but carries other content (${list(other.slice(0, 3))}): the bound cannot be seen`
              : r.emptyItems(FACTS.hotel)
                ? 'the reply shows only hotel results that show nothing (no attribute value, no text): a bound cannot be seen on them'
                : 'the reply shows no hotel: a bound of MaxResponses cannot be seen on nothing',
          );
        }
      }),
      sentence: 'no more hotels are returned than MaxResponses',
    },
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
          // Two operations of the gateway that place one hotel where it cannot be: the gateway
          // contradicts itself about the hotel this reply offers, a finding of this reply (never a
          // pass, whichever of the two is right).
          const disagree = contradiction([...own.countries, ...d.country], [...own.regions, ...d.region], x.request.testData);
          if (disagree) {
            c.fail(
              `${h.at} (hotel ${h.label}), and ${d.source}`,
              `hotel ${h.label} in one place, the same in the reply and in the gateway's description of it`,
              `the reply shows ${list([...own.countries, ...own.regions])} and ${d.source} shows ` +
                `${list([...d.country, ...d.region])}: ${disagree} together`,
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
      const start = day(x.request.value('//ota:StayDateRange/@Start'));
      const end = day(x.request.value('//ota:StayDateRange/@End'));
      const nights = nightsOf(start, end);
      for (const h of hotels(x, c, r)) {
        const spans = spansOf(r, h.node, FACTS.start);
        if (spans.length === 0) c.cannotTell(notShown(r, [FACTS.start, FACTS.end], `hotel ${h.label}`));
        // A TimeSpan is the stay offered: it is the requested stay.
        for (const s of spans.filter((s) => s.stay)) {
          if (s.start !== start) c.fail(`${h.at}/${s.at}`, `the stay from ${start}`, s.start);
          if (s.ends.length && !s.ends.includes(end)) c.fail(`${h.at}/${s.endAt ?? s.at}`, `the stay to ${end}`, s.endText ?? '');
        }
        // Rate periods (a season) may be wider than the stay: together they hold every night of it.
        const groups = new Map<string, Span[]>();
        for (const s of spans.filter((p) => !p.stay)) groups.set(s.group, [...(groups.get(s.group) ?? []), s]);
        for (const group of groups.values()) {
          const open = nights.filter((n) => !group.some((s) => holds(s, n)));
          if (open.length)
            c.fail(
              `${h.at}/${group[0].at}`,
              `rate periods holding every night from ${start} to ${end} (departure)`,
              `${list(group.map((s) => `${s.start} to ${s.endText ?? '(open)'}`))}: ${open.length === 1 ? 'the night of' : 'nights from'} ${open[0]} not held`,
            );
        }
      }
    }),
    rule('HAV-GUESTS', 'every hotel returned is priced for the requested guests', (x, c, r) => {
      const asked = x.request.records('//ota:GuestCount', { code: '@AgeQualifyingCode', n: '@Count' });
      const party = asked.reduce((t, g) => t + (num(g.n) || 0), 0);
      const wanted = `${party} guests (${countsText(asked.map((g) => [ageQualifyingCode(g.code) ?? g.code, g.n]))} by AgeQualifyingCode)`;
      for (const h of hotels(x, c, r)) {
        // Every place that counts the guests must show the party's number ("a number of guests").
        let decided = false;
        const unreadable: string[] = [];
        for (const at of r.placesOf(FACTS.guests)) {
          const groups = r.doc.find(at, h.node).map((g) => guestsOf(r, g));
          if (groups.length === 0) continue;
          if (groups.some((g) => g.total === undefined)) {
            unreadable.push(`${h.at}/${at}: ${list(groups.map((g) => g.text))}`);
            continue;
          }
          decided = true;
          // Each GuestCounts may hold the whole party (alternatives), or those of one place share it (one room each).
          const sum = groups.reduce((t, g) => t + g.total!, 0);
          if (!groups.every((g) => g.total === party) && sum !== party) c.fail(`${h.at}/${at}`, wanted, list(groups.map((g) => g.text)));
        }
        // A room offered that cannot hold the party is not offered for it; one that holds it decides only when nothing counts the guests.
        for (const at of r.placesOf(FACTS.occupancy))
          for (const n of r.doc.find(at, h.node)) {
            const units = num(r.doc.find('../../@NumberOfUnits', n)[0]?.content) || 1;
            const holdsGuests = num(n.content) * units;
            if (isNaN(holdsGuests)) continue;
            if (holdsGuests < party) c.fail(`${h.at}/${at}`, `a room for ${wanted}`, `a room for ${holdsGuests}`);
            decided = true;
          }
        if (!decided && unreadable.length)
          c.cannotTell(
            `the reply does not show the number of every guest count (GuestCount @Count, or @Age) for hotel ${h.label}: ${unreadable.join('; ')}`,
          );
        else if (!decided) c.cannotTell(notShown(r, [FACTS.guests, FACTS.occupancy], `hotel ${h.label}`));
      }
    }),
  ],
};
