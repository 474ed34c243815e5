// Booking cancel requests (POST /bookcancel): the edits scenarios make to the sample.
import type { OtaRequest } from '../../xml/requests';
import type { PartialCancellationForm } from '../../core/test-data';

/** "UniqueID | Type=36, ID (booking reference), ID_Context=Client": the booking to cancel. */
export const setBookingReference = (r: OtaRequest, ref: string) => r.setAttribute("ota:UniqueID[@Type='36']", 'ID', ref);

/** "Root OTA_CancelRQ, attributes Version, CancelType (value Quote)"; the value that cancels comes from the test data. */
export const setCancelType = (r: OtaRequest, cancelType: string) => r.setAttribute('/*', 'CancelType', cancelType);

/** The item a partial cancellation names: its client reference (Type 37) and its item number (ItinSegNbr). */
export interface ItemToCancel {
  itemRef: string;
  /** The item's number: as the gateway showed it, or its place in the order booked (1 for the first). */
  number: number;
}

/**
 * Narrows the cancel to one item, in the form the target declares ("The way a partial
 * cancellation is expressed in the request: not shown."), one of OTA_CancelRQ's (2016B):
 * item-reference, the item's UniqueID Type 37 after the booking's Type 36; segment,
 * Segment/@ItinSegNbr; segment-range, Segment/@FirstItinSegNbr = @LastItinSegNbr (a range of one).
 */
export function cancelOnlyItem(request: OtaRequest, item: ItemToCancel, form: PartialCancellationForm): OtaRequest {
  switch (form) {
    case 'item-reference':
      return request.appendElement('/*', 'UniqueID', { Type: '37', ID: item.itemRef, ID_Context: 'Client' });
    case 'segment':
      return request.appendElement('/*', 'Segment', { ItinSegNbr: String(item.number) });
    case 'segment-range':
      return request.appendElement('/*', 'Segment', { FirstItinSegNbr: String(item.number), LastItinSegNbr: String(item.number) });
  }
}

/** The booking reference a cancel request names. */
export const cancelReferenceOf = (r: OtaRequest) => r.value("ota:UniqueID[@Type='36']/@ID") ?? '';
