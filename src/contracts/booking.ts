// Contracts of the booking operations: activity booking, booking read and booking cancel.
// These checks compare a reply with what the scenario booked earlier, so they take that
// expectation as an argument. Where each fact sits: docs/reply-profile.md, sections 8 to 10.
import { num } from './values';
import { finding, list, onDoc, type Contract, type Exchange, type Finding } from './rule';

export type BookingState = 'live' | 'cancelled';

export interface BookedItem {
  itemRef: string;
  tourActivityId: string;
  surnames: string[];
}

export interface ExpectedBooking {
  bookingRef: string;
  items: BookedItem[];
}

// ---------------------------------------------------------------------------------------------
// Activity booking
const DETAILS = '/*/ota:ReservationDetails';

export function quotePriced(x: Exchange): Finding[] {
  return onDoc(x, 'BKG-QUOTE', (doc) => {
    const at = `${DETAILS}/ota:PaymentInfo/@Amount | ${DETAILS}/ota:Pricing/ota:Summary/@Amount`;
    const amounts = doc.values(at);
    return amounts.some((a) => num(a) > 0) ? [] : [finding('BKG-QUOTE', `${DETAILS}/ota:PaymentInfo/@Amount`, 'a price above zero', list(amounts))];
  });
}

export function commitConfirmed(x: Exchange): Finding[] {
  return onDoc(x, 'BKG-COMMIT-REF', (doc) => {
    const ref = x.request.value("ota:TPA_Extensions/ota:UniqueID[@Type='36']/@ID");
    const at = `${DETAILS}/ota:Confirmation[@Type='36']/@ID`;
    const got = doc.values(`${at} | /*//ota:UniqueID[@Type='36']/@ID`);
    const out: Finding[] = [];
    if (!ref || !got.includes(ref)) out.push(finding('BKG-COMMIT-REF', at, `the client's reference ${ref}`, list(got)));
    const status = doc.value(`${DETAILS}/ota:TPA_Extensions/ota:ReservationStatus/@Status`);
    if (status !== undefined && /quot|cancel/i.test(status))
      out.push(finding('BKG-COMMIT-REF', `${DETAILS}/ota:TPA_Extensions/ota:ReservationStatus/@Status`, 'a confirmed status', status));
    return out;
  });
}

/** The bookable facts of an activity booking request, to compare with a later read. */
export function bookedItem(x: Exchange): BookedItem {
  return {
    itemRef: x.request.value("ota:TPA_Extensions/ota:UniqueID[@Type='37']/@ID") ?? '',
    tourActivityId: x.request.value('ota:BookingInfo/ota:BasicInfo/@TourActivityID') ?? '',
    surnames: x.request.values('ota:BookingInfo/ota:ParticipantInfo/ota:Individual/ota:Surname'),
  };
}

// ---------------------------------------------------------------------------------------------
// Booking read
const RES = '/*/ota:ReservationsList/ota:HotelReservation';
const ITEM = `${RES}/ota:Services/ota:Service`;
const isCancelled = (status: string | undefined) => /cancel/i.test(status ?? '');

export function readReturns(x: Exchange, expected: ExpectedBooking, req = 'RD-RETURNS-BOOKING'): Finding[] {
  return onDoc(x, req, (doc) => {
    const out: Finding[] = [];
    const refs = doc.values(`${RES}/ota:UniqueID[@Type='36']/@ID`);
    if (doc.count(RES) !== 1 || refs.length !== 1 || refs[0] !== expected.bookingRef)
      return [finding(req, `${RES}/ota:UniqueID[@Type='36']/@ID`, `exactly the booking ${expected.bookingRef}`, `${doc.count(RES)} reservation(s): ${list(refs)}`)];
    const items = doc.records(ITEM, { ref: '@ID', activity: '@ServiceInventoryCode' });
    for (const want of expected.items) {
      const got = items.find((i) => i.ref === want.itemRef);
      if (!got) {
        out.push(finding(req, `${ITEM}/@ID`, `item ${want.itemRef}`, list(items.map((i) => i.ref))));
        continue;
      }
      if (got.activity !== want.tourActivityId)
        out.push(finding(req, `${ITEM}[@ID='${want.itemRef}']/@ServiceInventoryCode`, want.tourActivityId, got.activity ?? '(absent)'));
    }
    const surnames = doc.values(`${RES}/ota:ResGuests//ota:Surname`);
    const missing = [...new Set(expected.items.flatMap((i) => i.surnames))].filter((s) => !surnames.includes(s));
    if (missing.length) out.push(finding(req, `${RES}/ota:ResGuests//ota:Surname`, `participants ${list(missing)}`, list(surnames)));
    return out;
  });
}

export function bookingState(x: Exchange, state: BookingState, req: string): Finding[] {
  return onDoc(x, req, (doc) => {
    if (!doc.exists(RES)) return [finding(req, RES, `the booking, ${state}`, doc.exists('/*/ota:Errors') ? 'an Errors reply' : '(absent)')];
    const status = doc.value(`${RES}/@ResStatus`);
    return isCancelled(status) === (state === 'cancelled') ? [] : [finding(req, `${RES}/@ResStatus`, state === 'live' ? 'a live status (not Cancelled)' : 'Cancelled', status ?? '(absent)')];
  });
}

export function itemState(x: Exchange, itemRef: string, state: BookingState, req: string): Finding[] {
  return onDoc(x, req, (doc) => {
    const status = doc.value(`${ITEM}[@ID='${itemRef}']/@ReservationStatusType`);
    if (status === undefined) return [finding(req, `${ITEM}[@ID='${itemRef}']`, `item ${itemRef}, ${state}`, '(absent)')];
    return isCancelled(status) === (state === 'cancelled') ? [] : [finding(req, `${ITEM}[@ID='${itemRef}']/@ReservationStatusType`, state === 'live' ? 'a live status (not Cancelled)' : 'Cancelled', status)];
  });
}

// ---------------------------------------------------------------------------------------------
// Booking cancel
export function cancelStatus(x: Exchange, expected: 'Pending' | 'Cancelled', req: string): Finding[] {
  return onDoc(x, req, (doc) => {
    const status = doc.value('/*/@Status');
    const out = status === expected ? [] : [finding(req, '/*/@Status', expected, status ?? '(absent)')];
    if (expected === 'Pending' && !doc.exists('/*/ota:CancelInfoRS/ota:CancelRules/ota:CancelRule'))
      out.push(finding(req, '/*/ota:CancelInfoRS/ota:CancelRules/ota:CancelRule', 'the cancellation terms (penalty)', '(absent)'));
    return out;
  });
}

/** Booking operations have no rule sentences of their own: their steps pass the expectation. */
export const activityBooking: Contract = {
  op: 'activitybook',
  success: (x) => (x.request.value('@ResStatus') === 'Commit' ? 'BKG-COMMIT-REF' : 'BKG-QUOTE'),
  rules: [],
};
export const bookingRead: Contract = { op: 'bookread', success: () => 'RD-RETURNS-BOOKING', rules: [] };
export const bookingCancel: Contract = {
  op: 'bookcancel',
  success: (x) => (x.request.value('@CancelType') === 'Commit' ? 'CXL-COMMIT-CANCELS' : 'CXL-QUOTE-NO-CHANGE'),
  rules: [],
};
