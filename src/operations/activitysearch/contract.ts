// Activity search (POST /activitysearch): everything the suite checks of its replies.
// "Returns available activities in an area together with some of their descriptive data." The
// reply structure is "not shown": each fact is read from the places OpenTravel 2016B
// (OTA_TourActivitySearchRS) and common practice give it.
import { fact } from '../../contracts/reader';
import { list, type Exchange } from '../../contracts/rule';
import { servedRule } from '../../contracts/envelope';
import type { Contract } from '../contract';
import {
  checkDates,
  checkOfferedFor,
  offeredForNeeds,
  offeredRule,
  tourActivityFacts,
  type TourActivityNotShown,
  type UnstatedForm,
  hotelOnlyRule,
} from '../../contracts/tour-activity';
import { itemsOffered } from '../../contracts/items-offered';
import { descriptiveValue, echoesOf } from './descriptive';

const XSD = 'OTA_TourActivitySearchRS.xsd (2016B)';

/** What the rules conclude when the reply does not show one of the facts shared with the other tour activity operation. */
const NOT_SHOWN: TourActivityNotShown = {
  activity: 'No activity: ASR-SUCCESS and ASR-HOTEL-ONLY fail; the other rules cannot tell.',
  tourActivityId: 'The activity is labelled by its place in the reply.',
  product: 'Not read by a rule of activity search (documented for reply profiles shared with availability).',
  hotel: "ASR-AREA compares the activity's area with the area of the activities shown at the hotel; without either, it cannot tell.",
  area: 'ASR-AREA judges the activity by the hotel it names, by its hotel descriptive data (section 13); else it cannot tell.',
  country: "ASR-AREA fails an activity that shows another country than the requested hotel's. Not shown: the area decides, or cannot tell.",
  start: 'ASR-DATES cannot tell for that activity.',
};

export const FACTS = {
  ...tourActivityFacts('activitysearch', XSD, NOT_SHOWN),
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
    'ASR-SUCCESS fails: the spec requires "some of their descriptive data". A Language or ID_Context attribute, the ' +
      "activity's own code or a value the request sent is no descriptive data.",
  ),
};

const requestedHotel = (exchange: Exchange) => (exchange.request.value("//ota:LocationPref[@Context='Source']/ota:Region") ?? '').trim();
const requestedProduct = (exchange: Exchange) => (exchange.request.value("//ota:LocationPref[@Context='Service']/ota:Region") ?? '').trim();

/** The search forms the spec's table does not state: a hotel alone (ASR-HOTEL-ONLY judges whether it is served). */
const unstated = (exchange: Exchange): UnstatedForm | undefined =>
  requestedHotel(exchange) && !requestedProduct(exchange) ? { is: 'a hotel and no product', judgedBy: 'ASR-HOTEL-ONLY' } : undefined;

export const contract: Contract = {
  op: 'activitysearch',
  facts: Object.values(FACTS),
  rules: [
    // The spec requires the descriptive data ("together with some of their descriptive data"): an
    // activity shown without any is a finding, not a cannot-tell.
    servedRule('ASR-SUCCESS', 'at least one activity is found with some of its descriptive data', (exchange, check, reply) => {
      const items = itemsOffered(exchange, check, reply, FACTS.activity, 'at least one activity');
      for (const item of items) {
        // a language tag, the activity's own code or a value the request sent describes nothing
        const echoes = echoesOf(exchange, reply, [FACTS.tourActivityId, FACTS.product], item.node);
        const descriptive = descriptiveValue(reply, FACTS.descriptive, item.node, echoes);
        if (descriptive.found) continue;
        // text in elements the suite does not know may be that data (the reply layout is not shown)
        const texts = reply.doc.find('.//*/text()[normalize-space()]', item.node).filter((t) => !echoes.has(t.content.trim()));
        if (texts.length)
          check.cannotTell(
            `${item.at} shows ${FACTS.descriptive.what} in none of the known places, but holds other text; if that is it, name the place for "${FACTS.descriptive.id}" in OTA_REPLY_PROFILE`,
          );
        else
          check.fail(
            item.at,
            `${FACTS.descriptive.what} (such as its name)`,
            descriptive.skipped.length || item.node.content.trim()
              ? `none: ${list([...new Set([...descriptive.skipped, item.node.content.trim()].filter(Boolean))])} (its own code, a value of the request or a language tag) describes nothing`
              : 'none',
          );
      }
    }),
    offeredRule(
      'ASR-AREA',
      'every activity found is in the requested area',
      FACTS,
      unstated,
      (exchange, check, reply, corroboration) => {
        const hotel = requestedHotel(exchange);
        if (hotel) checkOfferedFor(exchange, check, reply, FACTS, hotel, corroboration);
        else check.cannotTell('the request names no hotel (LocationPref Context=Source)');
      },
      (exchange, reply) => offeredForNeeds(reply, FACTS, requestedHotel(exchange)),
    ),
    offeredRule('ASR-DATES', 'every activity found takes place within the requested dates', FACTS, unstated, (exchange, check, reply) => {
      checkDates(
        exchange,
        check,
        reply,
        FACTS,
        exchange.request.value('//ota:DateTimePref/@Start'),
        exchange.request.value('//ota:DateTimePref/@End'),
      );
    }),
    hotelOnlyRule(
      'ASR-HOTEL-ONLY',
      'the activities of the requested area are found',
      FACTS,
      { hotel: requestedHotel, product: requestedProduct },
      (hotel) => `activities of the area of hotel ${hotel}`,
    ),
  ],
};
