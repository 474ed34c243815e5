// Hotel descriptive data (POST /hotelnbc), "Returns the descriptive or portfolio data requested for
// a hotel": its requirements (its statements in the catalogue, by conformance class) and the facts
// that decide each MUST its rules (./contract.ts) judge. This file is data: it imports only
// src/specification/catalogue/define.ts, and src/specification/requirements.ts assembles the catalogue from it.
import { r, spec, ota, REFUSAL_FORMS, ERRORS_CONVENTION, FIELDS_OPEN, type DecidedByTable } from '../../specification/catalogue/define';

export const requirements = {
  core: [
    r({
      id: 'HNBC-SUBJECT',
      level: 'MUST',
      class: 'core',
      section: 'What the service does; Endpoints, /hotelnbc',
      statement:
        'A valid hotel descriptive data request is served and describes the hotel requested (HotelCode); portfolio data may describe related hotels beside it.',
      basis: spec('Returns the descriptive or portfolio data requested for a hotel.'),
      grain: {
        reading:
          '"The descriptive or portfolio data requested for a hotel": the request is served, and an item (HotelDescriptiveContent) names the requested HotelCode, on itself or on HotelDescriptiveContents. Portfolio data may describe or name other hotels beside it (the sister hotels of its brand, AreaInfo/OtherHotels): they are no finding. Items that all name other hotels fail; a refusal fails; when no item names the hotel and some item names none, it cannot tell.',
        accepts:
          "HotelDescriptiveContents holding the requested hotel's HotelDescriptiveContent and one for each sister hotel of its brand (the brand's portfolio).",
        refuses:
          'A reply describing only the next hotel of the portfolio (another HotelCode), or its sister hotels without the requested one.',
      },
    }),
    r({
      id: 'HNBC-CONTENT',
      level: 'SHOULD',
      class: 'core',
      section: 'Endpoints, /hotelnbc',
      statement: "Hotel descriptive data carries descriptive content: the hotel's name and at least one description, address or facility.",
      basis: ota(
        `HotelDescriptiveContent carries the hotel's name with descriptions, contact information or facilities; the spec leaves the fields open (${FIELDS_OPEN})`,
      ),
    }),
    r({
      id: 'HNBC-UNKNOWN',
      level: 'SHOULD',
      class: 'core',
      section: 'Endpoints, /hotelnbc; Errors',
      statement: `Descriptive data for an unknown HotelCode is refused with no data, ${REFUSAL_FORMS}.`,
      basis: ota(ERRORS_CONVENTION),
    }),
  ],
} as const;

/** Which facts decide each MUST a rule of ./contract.ts judges from the reply (docs/requirements.md renders them). */
export const decidedBy: DecidedByTable<typeof requirements> = {
  'HNBC-SUBJECT': { facts: ['hotelnbc.hotel', 'hotelnbc.hotel.code'] },
};
