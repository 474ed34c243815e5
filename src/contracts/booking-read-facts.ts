// Where a booking read (and every reply about a booking) shows a booking, its references, status,
// items and participants, in the placements OpenTravel 2016B gives them (OTA_ResRetrieveRS and
// OTA_TourActivityResRetrieveRS). Read by ./booking-facts.ts.
import { fact } from './reader';

export const RESRETRIEVE_XSD = 'OTA_ResRetrieveRS.xsd (2016B)';
export const TOUR_RESRETRIEVE_XSD = 'OTA_TourActivityResRetrieveRS.xsd (2016B)';

/** Where a read shows a booking, its references, status, items and participants (facts of booking read). */
export const READ_FACTS = {
  booking: fact(
    'bookread.booking',
    'a booking',
    [
      '/*/ota:ReservationsList/ota:HotelReservation',
      '/*/ota:ReservationsList/ota:PackageReservation',
      '/*/ota:ReservationsList/ota:GlobalReservation',
      '/*/ota:Detail',
      '/*/ota:Summary',
    ],
    `${RESRETRIEVE_XSD}: ReservationsList/HotelReservation (activities as its Services), PackageReservation, GlobalReservation; ${TOUR_RESRETRIEVE_XSD}: Detail, Summary`,
    'The booking read checks cannot tell (or fail when the reply shows other bookings only).',
  ),
  reference: fact(
    'bookread.booking.reference',
    'the booking references (Type 36) of a booking',
    [
      "ota:UniqueID[@Type='36']",
      "ota:Confirmation[@Type='36']",
      "ota:TPA_Extensions/ota:UniqueID[@Type='36']",
      "ota:ResGlobalInfo/ota:HotelReservationIDs/ota:HotelReservationID[@ResID_Type='36']",
    ],
    `${RESRETRIEVE_XSD}: HotelReservation/UniqueID (max 2: the client's and the gateway's own); ${TOUR_RESRETRIEVE_XSD}: Detail/Confirmation; ` +
      'ResGlobalInfo/HotelReservationIDs (ResID_Value); TPA_Extensions (where the spec puts it in requests). Every place is read.',
    "The booking read checks cannot tell which booking is shown: a booking without the client's reference is never taken for it.",
    undefined,
    'booking-references',
  ),
  status: fact(
    'bookread.booking.status',
    'the status of a booking',
    [
      '@ResStatus',
      '@Status',
      '@ReservationStatus',
      '@BookingStatus',
      'ota:TPA_Extensions/ota:ReservationStatus/@Status',
      'ota:TPA_Extensions/*/@Status',
    ],
    `${RESRETRIEVE_XSD}: HotelReservation/@ResStatus (HotelResStatusType); AirReservation/@Status; TPA_Extensions (vendor practice)`,
    'The status checks cannot tell.',
  ),
  item: fact(
    'bookread.item',
    'an item (a booked activity) of a booking',
    ['ota:Services/ota:Service', 'ota:TourActivities/ota:TourActivity', 'self::ota:Detail', 'self::ota:Summary'],
    `${RESRETRIEVE_XSD}: HotelReservation/Services/Service (one per activity); ${TOUR_RESRETRIEVE_XSD}: Detail, Summary (one activity each)`,
    'The item checks cannot tell.',
  ),
  itemRef: fact(
    'bookread.item.reference',
    'the item reference (Type 37) of an item',
    [
      "self::*[@Type='37']/@ID",
      "ota:UniqueID[@Type='37']/@ID",
      "ota:Confirmation[@Type='37']/@ID",
      "ota:TPA_Extensions/ota:UniqueID[@Type='37']/@ID",
    ],
    `${RESRETRIEVE_XSD}: Service carries the UniqueID attribute group (@Type, @ID); ${TOUR_RESRETRIEVE_XSD}: Confirmation; TPA_Extensions`,
    'The item checks cannot tell which item is shown.',
  ),
  itemActivity: fact(
    'bookread.item.activity',
    'the activity (TourActivityID) of an item',
    ['@ServiceInventoryCode', 'ota:BasicInfo/@TourActivityID', 'ota:TPA_Extensions/ota:BasicInfo/@TourActivityID'],
    `${RESRETRIEVE_XSD}: Service/@ServiceInventoryCode; ${TOUR_RESRETRIEVE_XSD}: Detail/BasicInfo/@TourActivityID`,
    'The activity of the item cannot be told.',
    'code',
  ),
  itemStatus: fact(
    'bookread.item.status',
    'the status of an item',
    ['@ReservationStatusType', '@Status', '@ResStatus', 'ota:TPA_Extensions/ota:ReservationStatus/@Status', 'ota:TPA_Extensions/*/@Status'],
    `${RESRETRIEVE_XSD}: Service/@ReservationStatusType (PMS_ResStatusType); @Status (vendor practice); TPA_Extensions`,
    'The item status checks cannot tell.',
  ),
  itemDate: fact(
    'bookread.item.date',
    'the day of an item',
    [
      'ota:ServiceDetails/ota:TimeSpan/@Start',
      'ota:TimeSpan/@Start',
      'ota:Schedule/@Start',
      '@Start',
      'ota:TPA_Extensions/ota:Schedule/@Start',
    ],
    `${RESRETRIEVE_XSD}: Service/ServiceDetails/TimeSpan/@Start, PackageReservation/@Start; ${TOUR_RESRETRIEVE_XSD}: Detail/Schedule/@Start`,
    "A booking without the client's reference cannot be told apart from the one booked by its day.",
    'date',
  ),
  itemNumber: fact(
    'bookread.item.number',
    'the item number (ItinSegNbr) of an item',
    ['@ItinSegNbr', 'ota:TPA_Extensions/*/@ItinSegNbr'],
    'OTA_CancelRQ.xsd (2016B): Segment/@ItinSegNbr, "Number identifying the segment item to be cancelled"; where a read shows it',
    'The Segment forms of partial cancellation name the item by its place in the order booked (1 for the first), a guess: its refusal is cannot tell.',
    'number',
  ),
  itemAmount: fact(
    'bookread.item.amount',
    'the price of an item',
    ['ota:Pricing/ota:Summary/@Amount', 'ota:Pricing/ota:Price/@Amount', 'ota:Price/@Amount', 'ota:Price/ota:Total/@AmountAfterTax'],
    `${TOUR_RESRETRIEVE_XSD}: Summary and Detail Pricing/Summary/@Amount; ${RESRETRIEVE_XSD}: Service/Price/Total`,
    'Compared only between placements of one item.',
    'number',
  ),
  itemCurrency: fact(
    'bookread.item.currency',
    'the currency of the price of an item',
    [
      'ota:Pricing/ota:Summary/@CurrencyCode',
      'ota:Pricing/ota:Price/@CurrencyCode',
      'ota:Price/@CurrencyCode',
      'ota:Price/ota:Total/@CurrencyCode',
    ],
    `${TOUR_RESRETRIEVE_XSD}: Pricing/Summary/@CurrencyCode; ${RESRETRIEVE_XSD}: Service/Price/Total/@CurrencyCode`,
    'Compared only between placements of one item.',
    'code',
  ),
  itemEntry: fact(
    'bookread.booking.item-entry',
    'an entry of a booking that names one of its items (by its reference) and shows its status',
    ['ota:TPA_Extensions//*[@Status or @ResStatus or @ReservationStatus or @ItemStatus or ota:Status or ota:ReservationStatus]'],
    `${TOUR_RESRETRIEVE_XSD}: Detail/TPA_Extensions (vendor practice: the statuses of the items a booking-level Detail summarises)`,
    'An item shown apart from its booking (a Summary per item) shows its status there, or the item status checks cannot tell.',
  ),
  warning: fact(
    'bookread.warning',
    'a warning of the read that may name an item and its status',
    ['/*/ota:Warnings/ota:Warning'],
    'OTA_ResRetrieveRS.xsd, OTA_TourActivityResRetrieveRS.xsd (2016B): Warnings/Warning (WarningType: @Type, e.g. 11, Advisory, @ShortText, @Status, @RecordID, text)',
    'A warning names no item: its status is read from the item itself.',
  ),
  itemParticipant: fact(
    'bookread.item.participant',
    'a participant of an item',
    ['ota:ParticipantInfo'],
    `${TOUR_RESRETRIEVE_XSD}: Summary and Detail ParticipantInfo (one per participant)`,
    'RD-DETAILS does not count the participants of that item (their surnames are still read).',
  ),
  surname: fact(
    'bookread.participant.surname',
    'the surnames of the participants of a booking',
    ['ota:ResGuests/ota:ResGuest//ota:Surname', 'ota:ParticipantInfo/ota:Individual/ota:Surname', './/ota:Surname'],
    `${RESRETRIEVE_XSD}: ResGuests/ResGuest/Profiles/.../PersonName/Surname; ${TOUR_RESRETRIEVE_XSD}: ParticipantInfo/Individual/Surname`,
    'The participants check cannot tell.',
  ),
};

/** The facts of a booking and its references (what every reply about a booking is read for). */
export const READ_BOOKING_FACTS = { booking: READ_FACTS.booking, reference: READ_FACTS.reference };
