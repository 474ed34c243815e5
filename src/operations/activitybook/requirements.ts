// Activity booking (POST /activitybook), "Books an available activity": its requirements (its
// statements in the catalogue, by conformance class) and the facts that decide each MUST its rules
// (./contract.ts) judge. This file is data: it imports only src/spec/catalogue/define.ts, and
// src/spec/requirements.ts assembles the catalogue from it.
import { r, spec, ota, REFUSAL_FORMS, FIELDS_OPEN, type DecidedByTable } from '../../spec/catalogue/define';

export const requirements = {
  core: [
    r({
      id: 'BKG-QUOTE',
      level: 'MUST',
      class: 'core',
      section: 'States and transitions; Endpoints, /activitybook',
      statement: 'A valid activity booking request with ResStatus Quote, for an activity found by activity availability, is served.',
      basis: spec('In activity booking, ResStatus is given as Quote.'),
    }),
    r({
      id: 'BKG-QUOTE-PRICED',
      level: 'SHOULD',
      class: 'core',
      section: 'Endpoints, /activitybook',
      statement: 'The reply to an activity booking with ResStatus Quote shows a price above zero.',
      basis: ota(`ResStatus Quote asks for the price of the booking; the spec leaves the reply fields open (${FIELDS_OPEN})`),
    }),
    r({
      id: 'BKG-QUOTE-NO-STORE',
      level: 'SHOULD',
      class: 'core',
      section: 'States and transitions; Endpoints, /activitybook',
      statement:
        'Unless the target declares Quote as the ResStatus that books, an activity booking with ResStatus Quote stores nothing: its reference cannot be read afterwards.',
      basis: ota('ResStatus Quote prices a booking without making it; the spec says "Transitions: not shown."'),
    }),
    r({
      id: 'BKG-PARTICIPANTS-REPEATED',
      level: 'MUST',
      class: 'core',
      section: 'Endpoints, /activitybook',
      statement:
        'An activity booking request with ResStatus Quote is served with one ParticipantInfo per participant, for one participant and for several in several categories.',
      basis: spec('BookingInfo/ParticipantInfo (repeated, one per participant)/Category'),
    }),
  ],
  booking: [
    r({
      id: 'BKG-COMMIT-REF',
      level: 'MUST',
      class: 'booking',
      section: 'What the service does; Resources and their fields; Endpoints, /activitybook',
      statement:
        "An activity booking request with the ResStatus the target declares as booking (OpenTravel: Commit), for an activity found by activity availability, is served, and where the reply shows a Type 36 reference in the client's context (ID_Context Client), the client's reference is among the references shown (a reference of the gateway's own, beside it or instead of it, is no finding).",
      basis: spec('Books an available activity.'),
    }),
    r({
      id: 'BKG-COMMIT-PERSISTS',
      level: 'MUST',
      class: 'booking',
      section: 'What the service does; Endpoints, /activitybook, /bookread',
      statement:
        "A booking made with the booking ResStatus exists afterwards: a booking read by the client's reference (UniqueID Type 36) is served and shows it live.",
      basis: spec('Books an available activity.'),
    }),
    r({
      id: 'BKG-DUPLICATE',
      level: 'SHOULD',
      class: 'booking',
      section: 'Resources and their fields; Endpoints, /activitybook',
      statement: `A second booking request with the same booking and item references does not book the item twice and is refused, ${REFUSAL_FORMS}.`,
      basis: ota(
        'the client\'s reference identifies one booking ("ID (string chosen by the client)"), and a repeated commit of it is answered with Errors.',
      ),
    }),
  ],
} as const;

/** Which facts decide each MUST a rule of ./contract.ts judges from the reply (docs/requirements.md renders them). */
export const decidedBy: DecidedByTable<typeof requirements> = {
  'BKG-COMMIT-REF': { facts: ['activitybook.reference'] },
};
