// Booking cancel requests (POST /bookcancel): the edits scenarios make to the sample.
import type { OtaRequest } from '../../xml/requests';
import type { BookingForms } from '../../core/test-data';

/** "UniqueID | Type=36, ID (booking reference), ID_Context=Client": the booking to cancel. */
export const setBookingReference = (r: OtaRequest, ref: string) => r.setAttribute("ota:UniqueID[@Type='36']", 'ID', ref);

/** "Root OTA_CancelRQ, attributes Version, CancelType (value Quote)"; the value that cancels comes from the test data. */
export const setCancelType = (r: OtaRequest, cancelType: string) => r.setAttribute('/*', 'CancelType', cancelType);

/**
 * Narrows the cancel to one item, in the form the target declares ("The way a partial
 * cancellation is expressed in the request: not shown."). item-reference: the item's UniqueID
 * Type 37 after the booking's Type 36.
 */
export function cancelOnlyItem(r: OtaRequest, itemRef: string, form: NonNullable<BookingForms['partialCancellation']>): OtaRequest {
  switch (form) {
    case 'item-reference':
      return r.appendElement('/*', 'UniqueID', { Type: '37', ID: itemRef, ID_Context: 'Client' });
  }
}
