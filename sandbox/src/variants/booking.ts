// Variants of the booking story (activity booking, booking read, booking cancel): references,
// status words and homes, the committing ResStatus and CancelType, the cancel reply.

import type { VariantDef } from './variant';

export const BOOKING_VARIANTS = [
  // UniqueID_Type is repeatable where the sandbox writes references (BookRS Confirmation max 2,
  // HotelReservation/UniqueID max 2, CancelRS UniqueID max 5); the spec only says the client's
  // reference is Type 36 with ID_Context Client.
  {
    name: 'internal-and-client-refs',
    operations: ['activitybook', 'bookread', 'bookcancel'],
    description:
      'Booking replies carry the gateway\'s own reference as a UniqueID Type 36 with ID_Context="Internal", written before the client\'s Type 36 ID_Context="Client". In the book reply (Confirmation max 2) the item\'s Type 37 moves to ReservationDetails/TPA_Extensions/UniqueID (where the spec puts it in requests).',
    expectedWarnings: [],
  },
  // US spelling; TransactionStatusType (CancelRS/@Status) and PMS_ResStatusType spell
  // "Cancelled", so "Canceled" departs from 2016B; "XL" fits HotelResStatusType's
  // UpperCaseAlphaLength1to2 member (GDS status code).
  {
    name: 'cancel-status-words',
    operations: ['bookcancel', 'bookread'],
    description:
      'Cancellation words differ: OTA_CancelRS/@Status="Canceled", booking read HotelReservation/@ResStatus="XL", item status "Canceled".',
    expectedWarnings: ['ALIGN-XSD'],
    testData: { booking: { cancelledStatusWords: ['Canceled', 'XL'] } },
  },
  // OpenTravel has a tour-activity cancel message beside OTA_CancelRS; it gives a done cancellation
  // a cancellation number (CancelConfirmation/UniqueID Type 15) and no status word.
  {
    name: 'tour-activity-cancel-reply',
    operations: ['bookcancel'],
    description:
      'A cancellation that is done is answered with OTA_TourActivityCancelRS: Reservation/CancelConfirmation with the cancel rules and UniqueID Type 15 (the cancellation number), the booking as Reservation/ReferenceID, no Status.',
    expectedWarnings: [],
  },
  // The spec lists only Quote ("Other allowed values of these attributes are not listed");
  // TransactionActionType has Book and Cancel as well as Commit.
  {
    name: 'book-resstatus-book',
    operations: ['activitybook', 'bookcancel'],
    description:
      'A booking that commits is requested with ResStatus="Book" and a cancel that commits with CancelType="Cancel"; Commit is refused as an unknown value (Errors 3/320).',
    expectedWarnings: [],
    testData: { booking: { commitResStatus: 'Book', commitCancelType: 'Cancel' } },
  },
  // ServiceType has no @Status; the gateway uses one anyway (departs from 2016B). The XSD allows
  // ResStatus on HotelReservation only, so the booking status stays there.
  {
    name: 'item-status-attribute',
    operations: ['bookread'],
    description:
      "Booking read writes each item's status as Service/@Status instead of @ReservationStatusType; the booking status stays HotelReservation/@ResStatus (2016B has no other place for it).",
    expectedWarnings: ['ALIGN-XSD'],
  },
  // TPA_Extensions is OpenTravel's extension point (ServiceType and HotelReservationType end with
  // one); the sandbox's book reply already says its status this way.
  {
    name: 'status-in-tpa-extensions',
    operations: ['bookread'],
    description:
      "Booking read writes statuses as TPA_Extensions/ReservationStatus/@Status: the booking's under HotelReservation, each item's under its Service; no @ResStatus, no @ReservationStatusType.",
    expectedWarnings: [],
  },

  // The spec says the client's reference is Type 36 with ID_Context Client in requests; what a
  // reply shows is "not shown". A gateway may confirm with its own reference alone.
  {
    name: 'book-reply-gateway-ref-only',
    operations: ['activitybook'],
    description:
      "A committed activity booking reply confirms with the gateway's own reference only (Confirmation Type 36, ID_Context Internal, SBX-00000001) and not the client's Type 36; the booking is stored, read and cancelled under the client's reference.",
    expectedWarnings: [],
  },

  // "Response body structure of every endpoint: not shown." A gateway may confirm a booking with
  // Success alone; the booking is then known by the client's reference, which a read shows. 2016B's
  // OTA_TourActivityBookRS requires ReservationDetails beside Success, so the reply departs from it.
  {
    name: 'book-reply-success-only',
    operations: ['activitybook'],
    description:
      "A committed activity booking is answered with Success alone: no reference, no details. The booking is stored, read and cancelled under the client's reference; a Quote is answered as usual.",
    expectedWarnings: ['ALIGN-XSD'],
  },
  // OTA_ResRetrieveRS lists reservations; what a read shows of cancelled items is not shown. Some
  // gateways list live items only, and no longer find a booking with none (as the terse dialect of
  // test/support/gateways does).
  {
    name: 'read-live-items-only',
    operations: ['bookread'],
    description:
      'Booking read lists only the live items of a booking: a cancelled item is no longer listed, and a booking with no live item is refused as not found (Errors 3/87).',
    expectedWarnings: [],
  },

  // OTA_TourActivityResRetrieveRS (2016B): Success, Warnings, Summary (0..n: BasicInfo,
  // Confirmation, ContactDetail, ParticipantInfo; no status, no TPA_Extensions), then one Detail
  // (ending in TPA_Extensions). A booking of several items: a Summary per item under its Type 37, the
  // booking as the Detail under its Type 36, the items' statuses in the Detail's extension.
  {
    name: 'read-items-apart',
    operations: ['bookread'],
    description:
      "Booking read answers with OTA_TourActivityResRetrieveRS: one Summary per item (BasicInfo TourActivityID, Confirmation Type 37, participants), then a Detail of the booking (Confirmation Type 36, Schedule) whose TPA_Extensions lists each item's status (ItemStatus ItemRef, Status); the booking shows no status of its own.",
    expectedWarnings: [],
  },
  // The same layout, where a cancelled item is no longer summarised: an advisory warning (Type 11)
  // names it and says it is cancelled, and the extension lists the live items only.
  {
    name: 'read-items-apart-warnings',
    operations: ['bookread'],
    description:
      'As read-items-apart, but a cancelled item is neither summarised nor listed in the Detail\'s TPA_Extensions: a Warning Type="11" (Advisory) names it ("Item <ref> Cancelled"); a booking with no live item is a Detail and warnings only.',
    expectedWarnings: [],
  },

  // "The way a partial cancellation is expressed in the request: not shown." OTA_CancelRQ (2016B)
  // offers, beside a second UniqueID, Segment with ItinSegNbr ("Number identifying the segment
  // item to be cancelled") or FirstItinSegNbr and LastItinSegNbr (a range). Each variant takes only
  // its own form; the test data declares it.
  {
    name: 'partial-by-segment',
    operations: ['bookcancel'],
    description:
      'One item of a booking is cancelled by OTA_CancelRQ/Segment/@ItinSegNbr (its number: its place in the order booked, 1 for the first); a UniqueID Type 37 in a cancel is refused (Errors 3/320).',
    expectedWarnings: [],
    testData: { booking: { partialCancellation: 'segment' } },
  },
  {
    name: 'partial-by-segment-range',
    operations: ['bookcancel'],
    description:
      'One item of a booking is cancelled by OTA_CancelRQ/Segment with FirstItinSegNbr and LastItinSegNbr (a range of one item, numbered in the order booked); a UniqueID Type 37 in a cancel is refused (Errors 3/320).',
    expectedWarnings: [],
    testData: { booking: { partialCancellation: 'segment-range' } },
  },
] as const satisfies readonly VariantDef[];
