// Hotel availability (POST /hotelavailability), "Returns available units for a number of guests,
// dates and location": its requirements (its statements in the catalogue, by conformance class) and
// the facts that decide each MUST its rules (./contract.ts) judge. This file is data: it imports
// only src/specification/catalogue/define.ts, and src/specification/requirements.ts assembles the catalogue from it.
import { r, spec, ota, HOTEL_PLACE, type DecidedByTable } from '../../specification/catalogue/define';

export const requirements = {
  core: [
    r({
      id: 'HAV-SUCCESS',
      level: 'MUST',
      class: 'core',
      section: 'What the service does; Endpoints, /hotelavailability',
      statement:
        'A valid hotel availability request for a place and future dates where the test data declares availability is served and returns at least one available hotel.',
      basis: spec('Returns available units for a number of guests, dates and location.'),
      grain: {
        reading:
          '"Returns available units": a served request for a place, dates and party the test data declares available shows at least one hotel offered, in any OpenTravel placement (RoomStays/RoomStay, HotelStays/HotelStay); a refusal, or a success showing nothing, does not return units. Content in a layout the suite does not know is cannot tell, never a pass.',
        accepts:
          'A Success whose only results are HotelStays/HotelStay elements, each with a BasicPropertyInfo/@HotelCode and no RoomStays.',
        refuses:
          'A Success with a "no availability" Warning and no hotel for a place and party the test data declares available, or an Errors reply to that request.',
      },
    }),
    r({
      id: 'HAV-REFPOINT-CONTEXTS',
      level: 'MUST',
      class: 'core',
      section: 'Endpoints, /hotelavailability',
      statement:
        'A valid hotel availability request is served both with a RefPoint of CodeContext Country and with a RefPoint of CodeContext Region.',
      basis: spec('CodeContext (values Country, Region); text: place name'),
      grain: {
        reading:
          'The spec lists two values of RefPoint/@CodeContext ("values Country, Region"): a request with each, naming a place of the test data, is served (any refusal form fails it). What the hotels returned are is HAV-PLACE\'s.',
        accepts:
          'A Region request answered with Success and hotels whose addresses show only a province the test data declares as an alias of the region.',
        refuses: 'A Region request refused as "CodeContext must be Country", or answered 400 text/plain.',
      },
    }),
    r({
      id: 'HAV-MAXRESPONSES',
      level: 'MUST',
      class: 'core',
      section: 'Limits; Endpoints, /hotelavailability',
      statement:
        'A hotel availability request carrying MaxResponses is served and returns no more results than MaxResponses (per result or per hotel).',
      basis: spec('The hotel availability request carries MaxResponses (integer) to bound the number of responses.'),
      grain: {
        reading:
          '"MaxResponses (integer) to bound the number of responses": a request carrying MaxResponses is served, and no more results come back than it says, counted per result element or per hotel (either reading), in every place hotels are listed (RoomStays, HotelStays). The scenario asks at a place where the gateway showed more hotels than the bound (MaxResponses 1 where at least 2 were shown), so that a bound ignored can show; where every place shows fewer, it cannot tell. A refusal of the request fails; a reply showing no hotel, or hotels in a layout the suite does not know, cannot tell.',
        accepts:
          'MaxResponses 1 answered with two RoomStay elements of the same HotelCode (two rooms of one hotel), counted as one response per hotel.',
        refuses:
          'MaxResponses 1 answered with RoomStays of three hotels; or the request refused because MaxResponses is below the page size.',
      },
    }),
    r({
      id: 'HAV-PLACE',
      level: 'MUST',
      class: 'core',
      section: 'What the service does; Endpoints, /hotelavailability',
      statement: 'Every hotel returned is in the requested place (RefPoint, CodeContext Country or Region).',
      basis: spec('Returns available units for a number of guests, dates and location.'),
      grain: {
        reading:
          '"Returns available units for ... location": every hotel returned is in the requested place (RefPoint, Country or Region), as the reply shows it at every address placement, or, where the reply does not place it, as the gateway\'s own hotel descriptive data of that HotelCode shows it. A country matches by ISO code or by name in any language, a region by name or a declared alias; another place of the test data fails; a name the suite cannot place cannot tell.',
        accepts:
          'Hotels named by BasicPropertyInfo/@HotelCode only, whose hotel descriptive data gives ContactInfos/ContactInfo/Addresses/Address/CountryName Code="ES" for Country Spain.',
        refuses: 'A hotel in Portugal (CountryName Code="PT") returned for RefPoint Country Spain.',
      },
    }),
    r({
      id: 'HAV-DATES',
      level: 'MUST',
      class: 'core',
      section: 'What the service does; Endpoints, /hotelavailability',
      statement: 'Every hotel returned is offered for the requested stay dates (StayDateRange Start and End).',
      basis: spec('Returns available units for a number of guests, dates and location.'),
      grain: {
        reading:
          '"Returns available units for ... dates": every hotel returned is offered for the requested stay. A TimeSpan is the stay offered: Start is the requested Start, End (or Start plus a Duration of nights) the requested End; a TimeSpan that shows neither shows no departure day, and cannot tell unless another placement of the same RoomStay (rate periods that end) holds every night. A rate period (Rate or RoomRate EffectiveDate to ExpireDate) or an Availability span may be wider than the stay (a rate season): the periods of one RoomRate together hold every night of the stay (ExpireDate read as the departure day or the last night, as ExpireDateExclusiveInd says; either when it does not). Every placement is read; no date shown cannot tell.',
        accepts:
          'No TimeSpan, and one Rate EffectiveDate="2026-01-01" ExpireDate="2026-12-31" (the hotel\'s rate season) for a stay from 2026-06-01 to 2026-06-04.',
        refuses: 'A TimeSpan Start one day after the requested Start; or rates whose periods end before the last night of the stay.',
      },
    }),
    r({
      id: 'HAV-GUESTS',
      level: 'MUST',
      class: 'core',
      section: 'What the service does; Endpoints, /hotelavailability',
      statement: 'Every hotel returned is offered for the number of guests requested (the sum of GuestCount Count).',
      basis: spec('Returns available units for a number of guests, dates and location.'),
      grain: {
        reading:
          '"Returns available units for a number of guests": every hotel returned is offered for the number of guests requested (the sum of the GuestCount Counts), in every place that counts guests (RoomStay/GuestCounts, RoomRate/GuestCounts): a GuestCount counts its Count (one guest when it shows only an Age), with or without AgeQualifyingCode. Categories are not a MUST: a party of 2 adults and 1 child shown as 3 guests of one age code is the right number. A room offered whose Occupancy/@MaxOccupancy is below the number fails. Several GuestCounts of one place may each hold the party or share it; two places that disagree are a finding.',
        accepts:
          'GuestCounts/GuestCount Count="3" with no AgeQualifyingCode (as OpenTravel\'s sample OTA_HotelAvailRS3F writes it) for 2 adults and 1 child.',
        refuses: 'GuestCount AgeQualifyingCode="10" Count="2" (the default two adults) for a request of 2 adults and 1 child.',
      },
    }),
    r({
      id: 'HAV-EMPTY',
      level: 'SHOULD',
      class: 'core',
      section: 'Endpoints, /hotelavailability',
      statement:
        'A hotel availability search where nothing is available is answered as a success with no hotels (a Warning may say so), not refused.',
      basis: ota('a search that matches nothing is answered with Success, no results and optionally a Warning, not with Errors.'),
    }),
  ],
} as const;

/** Which facts decide each MUST a rule of ./contract.ts judges from the reply (docs/requirements.md renders them). */
export const decidedBy: DecidedByTable<typeof requirements> = {
  'HAV-SUCCESS': { facts: ['hotelavailability.hotel'] },
  'HAV-MAXRESPONSES': { facts: ['hotelavailability.hotel', 'hotelavailability.hotel.code'] },
  'HAV-PLACE': {
    facts: ['hotelavailability.hotel', 'hotelavailability.hotel.code', 'hotelavailability.hotel.country', 'hotelavailability.hotel.region'],
    corroboration: HOTEL_PLACE,
  },
  'HAV-DATES': {
    facts: ['hotelavailability.hotel', 'hotelavailability.hotel.start', 'hotelavailability.hotel.end'],
    names: ['hotelavailability.hotel.code'],
  },
  'HAV-GUESTS': {
    facts: ['hotelavailability.hotel', 'hotelavailability.hotel.guests', 'hotelavailability.hotel.occupancy'],
    names: ['hotelavailability.hotel.code'],
  },
};
