// Booking read requests (POST /bookread): the edits scenarios make to the sample.
import type { OtaRequest } from '../../xml/requests';

/** "UniqueID | Type=36, ID (booking reference), ID_Context=Client". */
export const setBookingReference = (r: OtaRequest, ref: string) => r.setAttribute("ota:UniqueID[@Type='36']", 'ID', ref);

/** "ReturnListIndicator (boolean, true or false)". */
export const setReturnListIndicator = (r: OtaRequest, value: boolean) => r.setAttribute('/*', 'ReturnListIndicator', String(value));

/** The booking reference a read request names. */
export const readReferenceOf = (r: OtaRequest) => r.value("ota:UniqueID[@Type='36']/@ID") ?? '';
