// Hotel availability (POST /hotelavailability): everything the suite checks of its replies.
// "Returns available units for a number of guests, dates and location." The reply structure is
// "not shown": each fact is read from the places OpenTravel 2016B (OTA_HotelAvailRS) gives it.
import { notShown, showsSomething, type Fact, type ReplyReader, valuesEverywhere } from '../../contracts/reader';
import { list, replyRule, rule, type Check, type Exchange } from '../../contracts/rule';
import { checkServed, servedRule } from '../../contracts/envelope';
import type { XNode } from '../../xml/xml';
import { contradiction, normalName, placeVerdict } from '../../contracts/places';
import { subdivisionValues } from '../../contracts/subdivisions';
import type { Description } from '../../contracts/corroboration';
import type { Contract } from '../contract';
import { ageQualifyingCode, countsText } from '../../contracts/categories';
import { day, num, sameCode } from '../../contracts/value-forms';
import { itemsOffered, nothingToJudge, otherContent } from '../../contracts/items-offered';
import { expireReading, holds, nightsOf, showsEveryNight, spansOf, type Span } from './stay-dates';
import { FACTS } from './facts';

export { FACTS } from './facts';

const requestedPlace = (exchange: Exchange) => ({
  context: exchange.request.value('//ota:RefPoint/@CodeContext') ?? '',
  name: (exchange.request.value('//ota:RefPoint') ?? '').trim(),
});

/** The guests one GuestCounts shows: their number (undefined when a GuestCount shows neither Count nor Age) and how. */
function guestsOf(reply: ReplyReader, counts: XNode): { total?: number; text: string } {
  const rows = reply.doc.find('ota:GuestCount', counts).map((node) => {
    const value = (name: string) => reply.doc.find(`@${name}`, node)[0]?.content.trim();
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
function placeNames(exchange: Exchange, name: string): { names: string[]; others: string[] } {
  const data = exchange.request.testData;
  const aliases = data?.placeAliases ?? {};
  const code = exchange.request.value('//ota:RefPoint/@Code');
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
function sameHotel(reply: ReplyReader, hotel: XNode): Array<{ node: XNode; at: string }> {
  const code = reply.value(FACTS.code, hotel)?.value;
  const rph = reply.doc.find('@RPH', hotel)[0]?.content.trim();
  const own = reply.nodes(FACTS.hotel)?.at;
  return reply
    .placesOf(FACTS.hotel)
    .filter((p) => p !== own)
    .flatMap((p) => reply.doc.find(p).map((node, i) => ({ node, at: `${p}[${i + 1}]` })))
    .filter(
      (o) =>
        (!!code && sameCode(reply.value(FACTS.code, o.node)?.value, code)) ||
        (!!rph && (reply.doc.find('@RoomStayRPH', o.node)[0]?.content ?? '').trim().split(/\s+/).includes(rph)),
    );
}

/**
 * Where a hotel of the reply is, as the reply itself shows it (its result and the other results
 * of the same hotel), judged against the requested place; `clash` says why the places it shows
 * cannot all hold (two countries), which places it in none.
 */
function hotelPlace(exchange: Exchange, reply: ReplyReader, hotel: { node: XNode; at: string }) {
  const place = requestedPlace(exchange);
  const context = place.context === 'Country' ? 'Country' : 'Region';
  const factDef = context === 'Country' ? FACTS.countryName : FACTS.region;
  const { names, others } = placeNames(exchange, place.name);
  const results = [hotel, ...sameHotel(reply, hotel.node)];
  // Every address part of the hotel, not just the first place: a region may be its city's.
  const every = (fact: Fact) => [...new Set(results.flatMap((h) => valuesEverywhere(reply, fact, h.node)))];
  const countries = every(FACTS.countryName);
  const regions = every(FACTS.region);
  // its states or provinces (and ISO 3166-2 codes), which the subdivision datasets may place in a country
  const subdivisions = [...new Set(results.flatMap((h) => subdivisionValues(reply, FACTS.region, h.node)))];
  const shown = context === 'Country' ? countries : regions;
  /** Where the reply shows `fact` of this hotel, for a finding. */
  const where = (fact: Fact): string => {
    for (const result of results) {
      const found = reply.nodes(fact, result.node);
      if (found) return `${result.at}/${found.at}`;
    }
    return hotel.at;
  };
  return {
    fact: factDef,
    countries,
    regions,
    subdivisions,
    shown,
    where,
    clash: contradiction(countries, regions, exchange.request.testData, subdivisions),
    /** The fact whose values clash: the countries, else the regions. */
    clashing: contradiction(countries, []) ? FACTS.countryName : FACTS.region,
    verdict:
      shown.length || subdivisions.length || countries.length
        ? placeVerdict(context, shown, names, others, { countries, subdivisions })
        : ('unknown' as const),
  };
}

/** Where the gateway's descriptive data says a hotel is, judged against the requested place. */
function describedPlace(exchange: Exchange, description: Description) {
  const place = requestedPlace(exchange);
  const context = place.context === 'Country' ? 'Country' : 'Region';
  const shown = context === 'Country' ? description.country : description.region;
  const { names, others } = placeNames(exchange, place.name);
  const placed = { countries: description.country, subdivisions: description.subdivisions ?? [] };
  return shown.length || placed.subdivisions.length
    ? { shown: [...new Set([...shown, ...placed.subdivisions])], verdict: placeVerdict(context, shown, names, others, placed) }
    : undefined;
}

/** The hotels of the reply, each with a label for messages; none: see nothingToJudge. */
function hotels(exchange: Exchange, check: Check, reply: ReplyReader) {
  const items = reply.items(FACTS.hotel).map((h) => ({ ...h, label: reply.value(FACTS.code, h.node)?.value ?? h.at }));
  if (items.length === 0) nothingToJudge(exchange, check, 'hotel');
  return items;
}

export const contract: Contract = {
  op: 'hotelavailability',
  facts: Object.values(FACTS),
  rules: [
    servedRule('HAV-SUCCESS', 'at least one hotel is returned', (exchange, check, reply) => {
      itemsOffered(exchange, check, reply, FACTS.hotel, 'at least one available hotel');
    }),
    servedRule('HAV-EMPTY', 'no hotel is returned', (exchange, check, reply) => {
      const hotels = reply.items(FACTS.hotel);
      if (hotels.length) check.fail(reply.nodes(FACTS.hotel)!.at, 'no hotel (nothing is available there)', `${hotels.length}`);
      else {
        // hotels in a place the suite does not know would look like none: not a pass
        const other = otherContent(reply);
        if (other.length)
          check.cannotTell(`the reply shows no hotel in the known places, but carries other content (${list(other.slice(0, 3))})`);
      }
    }),
    // Judged on any reply, a bare refusal too: a refusal is one whatever its form.
    {
      ...replyRule('HAV-MAXRESPONSES', (exchange, check, reply) => {
        const max = num(exchange.request.value('@MaxResponses'));
        if (isNaN(max)) {
          check.cannotTell('the request carries no MaxResponses');
          return;
        }
        // A refusal of a request carrying MaxResponses is no bound honoured: the request is valid.
        if (!checkServed(exchange, check) || !reply) return;
        // Every place hotels may be listed in (RoomStays, HotelStays) is counted; "responses" may be
        // counted per result element or per hotel: either reading is honoured.
        let read = 0;
        for (const at of reply.placesOf(FACTS.hotel)) {
          // an element that shows nothing is no result (see ReplyReader.items)
          const items = reply.doc.find(at).filter((h) => showsSomething(reply.doc, h));
          read += items.length;
          const codes = new Set(items.map((h) => reply.value(FACTS.code, h)?.value).filter(Boolean));
          if (items.length > max && (codes.size === 0 || codes.size > max))
            check.fail(at, `at most ${max} (MaxResponses)`, `${items.length} results${codes.size ? ` for ${codes.size} hotels` : ''}`);
        }
        if (read === 0) {
          const other = otherContent(reply);
          check.cannotTell(
            other.length
              ? `the reply shows no hotel in the known places (${reply.placesOf(FACTS.hotel).join(' | ')}), but carries other content (${list(other.slice(0, 3))}): the bound cannot be seen`
              : reply.emptyItems(FACTS.hotel)
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
      (exchange, check, reply, corroboration) => {
        const place = requestedPlace(exchange);
        const wanted = `${place.context} ${place.name}`;
        for (const h of hotels(exchange, check, reply)) {
          // The reply is read first, at every place of the hotel (its HotelStay too).
          const own = hotelPlace(exchange, reply, h);
          if (own.clash) {
            check.fail(
              own.where(own.clashing),
              `hotel ${h.label} in one place (the requested ${wanted})`,
              `${own.clash}: ${list([...own.countries, ...own.regions])}`,
            );
            continue;
          }
          // another place, shown as the place asked or as a country or region beside it: every placement must agree
          if (own.verdict === 'other')
            check.fail(own.where(own.shown.length ? own.fact : FACTS.region), wanted, list([...own.countries, ...own.regions]));
          if (own.verdict !== 'unknown') continue;
          // The reply does not place the hotel: the gateway's own hotel descriptive data may.
          const description = corroboration.hotel(h.label);
          const shown = own.shown.length
            ? `hotel ${h.label} shows ${list(own.shown)}, which the suite cannot place in ${wanted}; ` +
              "if it is there, declare that name in the test data's placeAliases"
            : notShown(reply, own.fact, `hotel ${h.label}`);
          if (!description || description.problem) {
            const why =
              description?.problem ??
              (reply.value(FACTS.code, h.node)
                ? 'no hotel descriptive data of it was asked'
                : 'the reply shows no HotelCode to ask hotel descriptive data for');
            check.cannotTell(`${shown}; ${why}`);
            continue;
          }
          // Two operations of the gateway that place one hotel where it cannot be: the gateway
          // contradicts itself about the hotel this reply offers, a finding of this reply (never a
          // pass, whichever of the two is right).
          const disagree = contradiction(
            [...own.countries, ...description.country],
            [...own.regions, ...description.region],
            exchange.request.testData,
            [...own.subdivisions, ...(description.subdivisions ?? [])],
          );
          if (disagree) {
            check.fail(
              `${h.at} (hotel ${h.label}), and ${description.source}`,
              `hotel ${h.label} in one place, the same in the reply and in the gateway's description of it`,
              `the reply shows ${list([...own.countries, ...own.regions])} and ${description.source} shows ` +
                `${list([...description.country, ...description.region])}: ${disagree} together`,
            );
            continue;
          }
          const told = describedPlace(exchange, description);
          if (!told)
            check.cannotTell(
              `${shown}; ${description.source} does not show its ${place.context === 'Country' ? 'country' : 'region or town'} either`,
            );
          else if (told.verdict === 'other') check.fail(`${h.at} (hotel ${h.label}), by ${description.source}`, wanted, list(told.shown));
          else if (told.verdict === 'unknown')
            check.cannotTell(
              `${shown}, and ${description.source} shows ${list(told.shown)}, which the suite cannot place there either; ` +
                "if it is there, declare that name in the test data's placeAliases",
            );
        }
      },
      // hotels the reply does not place (nor contradicts itself about), to ask hotel descriptive data about
      (exchange, reply) =>
        reply
          .items(FACTS.hotel)
          .filter((h) => {
            const own = hotelPlace(exchange, reply, h);
            return own.verdict === 'unknown' && !own.clash;
          })
          .map((h) => reply.value(FACTS.code, h.node)?.value)
          .filter((code): code is string => !!code)
          .map((code) => ({ kind: 'hotel' as const, code })),
    ),
    rule('HAV-DATES', 'every hotel returned is offered for the requested stay dates', (exchange, check, reply) => {
      const start = day(exchange.request.value('//ota:StayDateRange/@Start'));
      const end = day(exchange.request.value('//ota:StayDateRange/@End'));
      const nights = nightsOf(start, end);
      // Rates a night short of the TimeSpan are two placements that disagree, read as the reply writes ExpireDate.
      const reading = expireReading(reply);
      for (const h of hotels(exchange, check, reply)) {
        const spans = spansOf(reply, h.node, FACTS.start, reading);
        if (spans.length === 0) check.cannotTell(notShown(reply, [FACTS.start, FACTS.end], `hotel ${h.label}`));
        // A TimeSpan is the stay offered: it is the requested stay. One that shows no departure day
        // (no End, no Duration) may be a stay of one night: another placement must show every night.
        for (const span of spans.filter((s) => s.stay)) {
          if (span.start !== start) check.fail(`${h.at}/${span.at}`, `the stay from ${start}`, span.start);
          if (span.ends.length && !span.ends.includes(end))
            check.fail(`${h.at}/${span.endAt ?? span.at}`, `the stay to ${end}`, span.endText ?? '');
          else if (span.start === start && !span.ends.length && !showsEveryNight(spans, start, end))
            check.cannotTell(
              `${h.at}/${span.at} (hotel ${h.label}) shows the stay from ${start} but not its departure day (no End, no Duration of nights), ` +
                `and no other placement of it (a TimeSpan with an End, rate periods that end) holds every night to ${end}`,
            );
        }
        // Rate periods (a season) may be wider than the stay: together they hold every night of it.
        const groups = new Map<string, Span[]>();
        for (const s of spans.filter((p) => !p.stay)) groups.set(s.group, [...(groups.get(s.group) ?? []), s]);
        for (const group of groups.values()) {
          const open = nights.filter((n) => !group.some((s) => holds(s, n)));
          if (open.length)
            check.fail(
              `${h.at}/${group[0].at}`,
              `rate periods holding every night from ${start} to ${end} (departure)`,
              `${list(group.map((s) => `${s.start} to ${s.endText ?? '(open)'}`))}: ${open.length === 1 ? 'the night of' : 'nights from'} ${open[0]} not held`,
            );
        }
      }
    }),
    rule('HAV-GUESTS', 'every hotel returned is priced for the requested guests', (exchange, check, reply) => {
      const asked = exchange.request.records('//ota:GuestCount', { code: '@AgeQualifyingCode', n: '@Count' });
      const party = asked.reduce((t, g) => t + (num(g.n) || 0), 0);
      const wanted = `${party} guests (${countsText(asked.map((g) => [ageQualifyingCode(g.code) ?? g.code, g.n]))} by AgeQualifyingCode)`;
      for (const h of hotels(exchange, check, reply)) {
        // Every place that counts the guests must show the party's number ("a number of guests").
        let decided = false;
        const unreadable: string[] = [];
        for (const at of reply.placesOf(FACTS.guests)) {
          const groups = reply.doc.find(at, h.node).map((g) => guestsOf(reply, g));
          if (groups.length === 0) continue;
          if (groups.some((g) => g.total === undefined)) {
            unreadable.push(`${h.at}/${at}: ${list(groups.map((g) => g.text))}`);
            continue;
          }
          decided = true;
          // Each GuestCounts may hold the whole party (alternatives), or those of one place share it (one room each).
          const sum = groups.reduce((t, g) => t + g.total!, 0);
          if (!groups.every((g) => g.total === party) && sum !== party)
            check.fail(`${h.at}/${at}`, wanted, list(groups.map((g) => g.text)));
        }
        // A room offered that cannot hold the party is not offered for it; one that holds it decides only when nothing counts the guests.
        for (const at of reply.placesOf(FACTS.occupancy))
          for (const node of reply.doc.find(at, h.node)) {
            const units = num(reply.doc.find('../../@NumberOfUnits', node)[0]?.content) || 1;
            const holdsGuests = num(node.content) * units;
            if (isNaN(holdsGuests)) continue;
            if (holdsGuests < party) check.fail(`${h.at}/${at}`, `a room for ${wanted}`, `a room for ${holdsGuests}`);
            decided = true;
          }
        if (!decided && unreadable.length)
          check.cannotTell(
            `the reply does not show the number of every guest count (GuestCount @Count, or @Age) for hotel ${h.label}: ${unreadable.join('; ')}`,
          );
        else if (!decided) check.cannotTell(notShown(reply, [FACTS.guests, FACTS.occupancy], `hotel ${h.label}`));
      }
    }),
  ],
};
