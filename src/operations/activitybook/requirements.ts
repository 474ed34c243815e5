// Activity booking (POST /activitybook), "Books an available activity": its requirements (its
// statements in the catalogue, by conformance class) and the facts that decide each MUST its rules
// (./contract.ts) judge. This file is data: it imports only src/specification/catalogue/define.ts, and
// src/specification/requirements.ts assembles the catalogue from it.
import { r, spec, ota, REFUSAL_FORMS, FIELDS_OPEN, type DecidedByTable } from '../../specification/catalogue/define';

export const requirements = {
  core: [
    r({
      id: 'BKG-QUOTE',
      level: 'MUST',
      class: 'core',
      section: 'States and transitions; Endpoints, /activitybook',
      statement: 'A valid activity booking request with ResStatus Quote, for an activity found by activity availability, is served.',
      basis: spec('In activity booking, ResStatus is given as Quote.'),
      grain: {
        reading:
          '"In activity booking, ResStatus is given as Quote": a valid activity booking request with ResStatus Quote, for an activity the gateway\'s own availability offered, is served. Its content is not judged here (BKG-QUOTE-PRICED, a SHOULD).',
        accepts:
          'An OTA_TourActivityBookRS with Success and ReservationDetails (or Success alone); a refusal of a value the suite guessed is cannot tell.',
        refuses: 'The quote refused in any form: an Errors reply (System error, unsupported ResStatus), 400 text/plain, 500.',
      },
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
        'An activity booking request with ResStatus Quote is served with one ParticipantInfo per participant, for one participant and for several in several categories, and for every participant sent: a reply that shows its party shows them all.',
      basis: spec('BookingInfo/ParticipantInfo (repeated, one per participant)/Category'),
      grain: {
        reading:
          '"BookingInfo/ParticipantInfo (repeated, one per participant)": a quote with one ParticipantInfo per participant is served, for one participant and for several in several categories (two adults and a child, three adults and two children).',
        accepts:
          'A quote for 3 adults and 2 children served, showing the five (ParticipantInfo, quantities, group size), or priced as a total above that of a party of one more or one fewer.',
        refuses:
          'A quote with two ParticipantInfo of the same category refused (a duplicate-key error), while one of each is served; a quote served for the first participant only (one ParticipantInfo shown, a group of one). A total alone with no contrast is cannot tell, for a party of one too (it shows no repetition).',
      },
    }),
  ],
  booking: [
    r({
      id: 'BKG-COMMIT-REF',
      level: 'MUST',
      class: 'booking',
      section: 'What the service does; Resources and their fields; Endpoints, /activitybook',
      statement:
        "An activity booking request with the ResStatus the target declares as booking (OpenTravel: Commit), for an activity found by activity availability, is served and books under the client's reference: the reply shows the client's reference among its Type 36 references or, when it shows none of the client's, a booking read by the client's reference shows the booking; a Type 36 in the client's context (ID_Context Client) that is not the client's reference is a finding (a reference of the gateway's own, beside it or instead of it, is not).",
      basis: spec('Books an available activity.'),
      grain: {
        reading:
          '"Books an available activity", with the booking "UniqueID with Type=36, attributes ID (string chosen by the client)": the commit is served and the booking is made under the client\'s reference. Evidence: the reply shows the client\'s reference among its Type 36 references, or, when it shows none of the client\'s, a read by the client\'s reference shows the booking. A reply that shows nothing of the kind is never a pass by itself.',
        accepts:
          "A commit answered with Success alone, or with the gateway's own Confirmation Type 36 (ID_Context Internal) only, whose booking a read by the client's reference then shows.",
        refuses:
          "A commit refused in any form (400 text/plain, an Errors reply), or a reply whose Type 36 in the client's context is not the client's reference (cut short, replaced by the gateway's number).",
      },
    }),
    r({
      id: 'BKG-COMMIT-PERSISTS',
      level: 'MUST',
      class: 'booking',
      section: 'What the service does; Endpoints, /activitybook, /bookread',
      statement:
        "A booking made with the booking ResStatus exists afterwards: a booking read by the client's reference (UniqueID Type 36) is served and shows it, identified by that reference, live. A read that shows no booking, or another booking (another client reference, or another activity, surname or day), does not show it.",
      basis: spec('Books an available activity.'),
      grain: {
        reading:
          '"Books an available activity": a booking made exists afterwards: a read by the client\'s reference is served and shows the booking, identified by that reference, not cancelled. A read that shows no booking (a refusal, an empty Success) or another booking (another client reference, or another activity, surname or day) does not show it; a booking shown without the client\'s reference is no evidence either way (cannot tell).',
        accepts:
          "OTA_TourActivityResRetrieveRS with one Summary per item, each with Confirmation Type 36 of the client's reference, and no status at all.",
        refuses:
          'A read refused (the booking was never stored), an empty Success, or a demonstration booking with no reference and another surname and day.',
      },
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
  // the read back by the client's reference, when the reply shows none of the client's
  'BKG-COMMIT-REF': { facts: ['activitybook.reference', 'bookread.booking', 'bookread.booking.reference'] },
};
