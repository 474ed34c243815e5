// Activity search (POST /activitysearch), "Returns available activities in an area together with
// some of their descriptive data": its requirements (its statements in the catalogue, by
// conformance class) and the facts that decide each MUST its rules (./contract.ts) judge. This file
// is data: it imports only src/specification/catalogue/define.ts, and src/specification/requirements.ts assembles the
// catalogue from it.
import { r, spec, ota, profile, MANDATORY_OPEN, ACTIVITY_PLACE, type DecidedByTable } from '../../specification/catalogue/define';

export const requirements = {
  core: [
    r({
      id: 'ASR-SUCCESS',
      level: 'MUST',
      class: 'core',
      section: 'What the service does; Endpoints, /activitysearch',
      statement:
        'A valid activity search naming a hotel and a product with availability in the test data is served and returns at least one activity, each with some descriptive data (such as its name).',
      basis: spec('Returns available activities in an area together with some of their descriptive data.'),
      grain: {
        reading:
          '"Returns available activities ... together with some of their descriptive data": the valid search of the table is served and offers at least one activity, each showing some descriptive data (a name, a description, a category, a place, languages, policies). Which data, and where, is "not shown": any of them serves.',
        accepts:
          'TourActivityInfo elements showing only Schedule/Summary and BasicInfo with TourActivityID and Name (as sparse as OpenTravel 2016B allows), no Location and no pickup.',
        refuses:
          'TourActivityInfo elements showing only BasicInfo/@TourActivityID and a Schedule (no descriptive data at all), beside them only an empty Description Language="en" or a BasicInfo/@Name that is the TourActivityID or a value of the request (a language tag, the activity\'s own code or an echo describes nothing); a Success with no activity and nothing else.',
      },
    }),
    r({
      id: 'ASR-AREA',
      level: 'MUST',
      class: 'core',
      section: 'What the service does; Endpoints, /activitysearch',
      statement:
        'Activities returned by a search are in the requested area: the area (region, town or country) of the hotel named by LocationPref Context=Source, or at that hotel. This holds on every search form the gateway serves, a hotel without a product included.',
      basis: spec('Returns available activities in an area together with some of their descriptive data.'),
      grain: {
        reading:
          '"in an area": the area is that of the hotel the search names (LocationPref Context=Source): its region or town, or its country shown alone; an activity at that hotel or picking up there is in it, unless its own place is in another country than the hotel (by the hotel\'s descriptive data, or the other activities at the hotel): the hotel named and the place shown are two placements, and they must agree. A search naming a hotel and no product is a form the table does not state: a gateway may refuse it (ASR-HOTEL-ONLY), but what it serves for it is held to these words, since a product named hides a search that ignores the area.',
        accepts:
          'For a hotel in Mallorca and no product: activities placed only by their own activity descriptive data (Location/Address/StateProv Mallorca), none of them naming the hotel; or an OTA_ErrorRS refusal of that form (no finding here: ASR-HOTEL-ONLY judges it).',
        refuses:
          'For a hotel in Mallorca and no product: activities of the Algarve or of Sicily beside those of Mallorca; an activity picking up at the hotel (PickupDropoff/@LocationName, the hotel code) whose Location/Address shows CountryName Italy or StateProv Sicilia.',
      },
    }),
    r({
      id: 'ASR-DATES',
      level: 'SHOULD',
      class: 'core',
      section: 'Endpoints, /activitysearch',
      statement: 'Activities returned by a search take place within the requested DateTimePref Start to End.',
      basis: ota(
        'DateTimePref is the date preference of a search; the spec states an area for the search ("Returns available activities in an area") but no dates.',
      ),
    }),
    r({
      id: 'ASR-HOTEL-ONLY',
      level: 'SHOULD',
      class: 'core',
      section: 'Endpoints, /activitysearch',
      statement:
        'An activity search that names a hotel (LocationPref Context=Source) and no product is served and returns activities of that area.',
      basis: profile(`a reasonable reading of a form the spec neither requires nor forbids: ${MANDATORY_OPEN}`),
    }),
  ],
} as const;

/** Which facts decide each MUST a rule of ./contract.ts judges from the reply (docs/requirements.md renders them). */
export const decidedBy: DecidedByTable<typeof requirements> = {
  'ASR-SUCCESS': {
    facts: [
      'activitysearch.activity',
      'activitysearch.activity.descriptive',
      'activitysearch.activity.tourActivityId',
      'activitysearch.activity.product',
    ],
  },
  'ASR-AREA': {
    facts: ['activitysearch.activity', 'activitysearch.activity.hotel', 'activitysearch.activity.area', 'activitysearch.activity.country'],
    corroboration: ACTIVITY_PLACE,
    names: ['activitysearch.activity.tourActivityId'],
  },
};
