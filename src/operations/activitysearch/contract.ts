// Activity search (POST /activitysearch): everything the suite checks of its replies.
// "Returns available activities in an area together with some of their descriptive data." The
// reply structure is "not shown": each fact is read from the places OpenTravel 2016B
// (OTA_TourActivitySearchRS) and common practice give it.
import { fact } from '../../contracts/reader';
import { rule, type Exchange } from '../../contracts/rule';
import { checkServed } from '../../contracts/envelope';
import type { Contract } from '../contract';
import { checkDates, checkFormOffered, checkOfferedFor, offeredForNeeds, tourActivityFacts } from '../../contracts/tour-activity';
import { itemsOffered } from '../../contracts/items-offered';

const XSD = 'OTA_TourActivitySearchRS.xsd (2016B)';

export const FACTS = {
  ...tourActivityFacts('activitysearch', XSD),
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
    rule(
      'ASR-AREA',
      'every activity found is in the requested area',
      (x, c, r, more) => {
        const hotel = requestedHotel(x);
        if (hotel) checkOfferedFor(x, c, r, FACTS, hotel, more);
        else c.cannotTell('the request names no hotel (LocationPref Context=Source)');
      },
      (x, r) => offeredForNeeds(r, FACTS, requestedHotel(x)),
    ),
    rule('ASR-DATES', 'every activity found takes place within the requested dates', (x, c, r) => {
      checkDates(x, c, r, FACTS, x.request.value('//ota:DateTimePref/@Start'), x.request.value('//ota:DateTimePref/@End'));
    }),
    rule(
      'ASR-HOTEL-ONLY',
      'the activities of the requested area are found',
      (x, c, r, more) => {
        const hotel = requestedHotel(x);
        const form = { holds: !!hotel && !requestedProduct(x), is: 'a hotel and no product' };
        checkFormOffered(x, c, r, FACTS, form, `activities of the area of hotel ${hotel}`, () =>
          checkOfferedFor(x, c, r, FACTS, hotel, more),
        );
      },
      (x, r) => offeredForNeeds(r, FACTS, requestedHotel(x)),
    ),
  ],
};
