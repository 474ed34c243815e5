// Activity descriptive data (POST /activitynbc), "Returns descriptive data for one tour activity":
// its requirements (its statements in the catalogue, by conformance class) and the facts that
// decide each MUST its rules (./contract.ts) judge. This file is data: it imports only
// src/specification/catalogue/define.ts, and src/specification/requirements.ts assembles the catalogue from it.
import { r, spec, ota, REFUSAL_FORMS, ERRORS_CONVENTION, FIELDS_OPEN, type DecidedByTable } from '../../specification/catalogue/define';

export const requirements = {
  core: [
    r({
      id: 'ANBC-SUBJECT',
      level: 'MUST',
      class: 'core',
      section: 'What the service does; Endpoints, /activitynbc',
      statement:
        'A valid activity descriptive data request is served and describes the tour activity requested (TourActivityID), and no other.',
      basis: spec('Returns descriptive data for one tour activity.'),
      grain: {
        reading:
          '"descriptive data for one tour activity": the valid request, naming a TourActivityID the gateway offers (found by activity availability), is served and describes that activity (its TourActivityID on the content, on its BasicInfo, or as Region RegionCode=Product), and no other.',
        accepts:
          'One TourActivityDescriptiveContent whose BasicInfo/@TourActivityID is the one asked in another letter case, in the style of OTA_TourActivitySearchRS (TourActivityInfo) or of OTA_HotelDescriptiveInfoRS (…Contents/…Content).',
        refuses:
          'The descriptive content of another activity of the catalogue, or of the one asked beside another; a refusal of the TourActivityID availability offered.',
      },
    }),
    r({
      id: 'ANBC-CONTENT',
      level: 'SHOULD',
      class: 'core',
      section: 'Endpoints, /activitynbc',
      statement: "Activity descriptive data carries descriptive content: the activity's name and a description.",
      basis: ota(
        `tour activity descriptive content carries a name and a short or long description; the spec leaves the fields open (${FIELDS_OPEN})`,
      ),
    }),
    r({
      id: 'ANBC-UNKNOWN',
      level: 'SHOULD',
      class: 'core',
      section: 'Endpoints, /activitynbc; Errors',
      statement: `Descriptive data for an unknown TourActivityID is refused with no data, ${REFUSAL_FORMS}.`,
      basis: ota(ERRORS_CONVENTION),
    }),
  ],
} as const;

/** Which facts decide each MUST a rule of ./contract.ts judges from the reply (docs/requirements.md renders them). */
export const decidedBy: DecidedByTable<typeof requirements> = {
  'ANBC-SUBJECT': { facts: ['activitynbc.activity', 'activitynbc.activity.id'] },
};
