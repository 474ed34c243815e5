// Activity search (POST /activitysearch): everything the suite checks of its replies.
// "Returns available activities in an area together with some of their descriptive data." The
// reply structure is "not shown": each fact is read from the places OpenTravel 2016B
// (OTA_TourActivitySearchRS) and common practice give it.
import { fact, type ReplyReader } from '../../contracts/reader';
import { list, rule, type Check, type Exchange } from '../../contracts/rule';
import { checkServed } from '../../contracts/envelope';
import { itemsOffered, sameCode, valuesEverywhere } from '../../contracts/values';
import { countryCode } from '../../contracts/places';
import type { XNode } from '../../xml/xml';
import type { Contract } from '../contract';
import { activities, checkDates, checkFormOffered, showsOneOf, tourActivityFacts } from '../activityavailability/tour-activity';

const XSD = 'OTA_TourActivitySearchRS.xsd (2016B)';

export const FACTS = {
  ...tourActivityFacts('activitysearch', XSD),
  area: fact(
    'activitysearch.activity.area',
    'the area of an activity',
    [
      'ota:Location/ota:Region/@RegionName',
      'ota:Location/ota:Address/ota:StateProv',
      'ota:Location/ota:Address/ota:StateProv/@StateCode',
      'ota:Location/ota:Address/ota:CityName',
      'ota:Location/ota:Address/ota:CountryName',
    ],
    `${XSD}: TourActivityInfo/Location (TourActivityLocationType): Region/@RegionName, Address (StateProv, CityName, CountryName)`,
  ),
  country: fact(
    'activitysearch.activity.country',
    'the country of an activity',
    ['ota:Location/ota:Address/ota:CountryName/@Code', 'ota:Location/ota:Address/ota:CountryName'],
    `${XSD}: TourActivityInfo/Location/Address/CountryName (text: name; @Code: ISO 3166)`,
  ),
  descriptive: fact(
    'activitysearch.activity.descriptive',
    'descriptive data of an activity',
    [
      'ota:BasicInfo/@Name',
      'ota:BasicInfo/@ShortName',
      'ota:Description/ota:ShortDescription',
      'ota:Description/ota:LongDescription',
      'ota:Description',
      'ota:Description/@*',
      'ota:CategoryAndType/*',
      'ota:Location/ota:Address',
      'ota:Location/ota:Region/@RegionName',
      'ota:LanguageSpoken',
      'ota:Policies/*',
    ],
    `${XSD}: TourActivityInfo/BasicInfo/@Name, Description (TourActivityDescriptionType), CategoryAndType, Location, ` +
      'LanguageSpoken, Policies',
  ),
};

const requestedHotel = (x: Exchange) => (x.request.value("//ota:LocationPref[@Context='Source']/ota:Region") ?? '').trim();
const requestedProduct = (x: Exchange) => (x.request.value("//ota:LocationPref[@Context='Service']/ota:Region") ?? '').trim();

/** The ISO codes of the countries an activity shows (by code or by name, in any language). */
const countriesOf = (r: ReplyReader, node: XNode) =>
  new Set(
    valuesEverywhere(r, FACTS.country, node)
      .map(countryCode)
      .filter((v): v is string => !!v),
  );

/** The place of a town: towns differ within one area. */
const TOWN = 'ota:Location/ota:Address/ota:CityName';

/**
 * Every activity is in the area of `hotel`: it is offered at that hotel, or it shows the same area
 * (at the same place) as the activities that are. An area is the spec's word and has no stated
 * extent: two towns may both be in it. So an activity is out of the area when it shows another
 * country than the hotel's activities, or another region at the same region place (RegionName,
 * StateProv); another town is cannot tell. A pickup at another hotel is not by itself out of it.
 */
function checkArea(x: Exchange, c: Check, r: ReplyReader, hotel: string): void {
  const items = activities(x, c, r, FACTS).map((a) => ({
    ...a,
    atHotel: showsOneOf(r, FACTS.hotel, a.node, hotel),
    area: r.value(FACTS.area, a.node),
    countries: countriesOf(r, a.node),
  }));
  const areaOfHotel = items.filter((a) => a.atHotel && a.area).map((a) => a.area!);
  const countriesOfHotel = new Set(items.filter((a) => a.atHotel).flatMap((a) => [...a.countries]));
  for (const a of items) {
    if (a.atHotel) continue;
    const known = areaOfHotel.filter((h) => h.at === a.area?.at).map((h) => h.value);
    const sameArea = !!a.area && known.some((v) => sameCode(v, a.area!.value));
    if (countriesOfHotel.size && a.countries.size && ![...a.countries].some((k) => countriesOfHotel.has(k)))
      c.fail(
        `${a.at}/${r.nodes(FACTS.country, a.node)!.at}`,
        `the country of hotel ${hotel}'s area (${list([...countriesOfHotel])})`,
        list([...a.countries]),
      );
    else if (a.area && known.length && !sameArea && a.area.at !== TOWN)
      c.fail(`${a.at}/${a.area.at}`, `the area of hotel ${hotel} (${list([...new Set(known)])})`, a.area.value);
    else if (!sameArea)
      c.cannotTell(
        a.atHotel === undefined
          ? `the reply does not show ${FACTS.hotel.what}: activity ${a.label}`
          : a.area && known.length
            ? `activity ${a.label} shows town ${a.area.value} where hotel ${hotel}'s activities show ${list([...new Set(known)])}: an area may hold several towns`
            : `activity ${a.label} is offered at another hotel, and the reply does not show whether it is in the area of ${hotel}`,
      );
  }
}

export const contract: Contract = {
  op: 'activitysearch',
  facts: Object.values(FACTS),
  rules: [
    // The spec requires the descriptive data ("together with some of their descriptive data"): an
    // activity shown without any is a finding, not a cannot-tell.
    rule('ASR-SUCCESS', 'at least one activity is found with some of its descriptive data', (x, c, r) => {
      if (!checkServed(x, c)) return;
      const items = itemsOffered(x, c, r, FACTS.activity, 'at least one activity');
      for (const a of items) {
        if (r.value(FACTS.descriptive, a.node)) continue;
        // text in elements the suite does not know may be that data (the reply layout is not shown)
        const texts = r.doc.find('.//*[text()[normalize-space()]]', a.node);
        if (texts.length)
          c.cannotTell(
            `${a.at} shows ${FACTS.descriptive.what} in none of the known places, but holds other text; if that is it, name the place for "${FACTS.descriptive.id}" in OTA_REPLY_PROFILE`,
          );
        else c.fail(a.at, `${FACTS.descriptive.what} (such as its name)`, 'none');
      }
    }),
    rule('ASR-AREA', 'every activity found is in the requested area', (x, c, r) => {
      const hotel = requestedHotel(x);
      if (hotel) checkArea(x, c, r, hotel);
      else c.cannotTell('the request names no hotel (LocationPref Context=Source)');
    }),
    rule('ASR-DATES', 'every activity found takes place within the requested dates', (x, c, r) => {
      checkDates(x, c, r, FACTS, x.request.value('//ota:DateTimePref/@Start'), x.request.value('//ota:DateTimePref/@End'));
    }),
    rule('ASR-HOTEL-ONLY', 'the activities of the requested area are found', (x, c, r) => {
      const hotel = requestedHotel(x);
      const form = { holds: !!hotel && !requestedProduct(x), is: 'a hotel and no product' };
      checkFormOffered(x, c, r, FACTS, form, `activities of the area of hotel ${hotel}`, () => checkArea(x, c, r, hotel));
    }),
  ],
};
