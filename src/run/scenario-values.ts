// The values that fill a sample's placeholders: credentials from configuration, codes from the
// test data, dates relative to today (the gateway refuses past dates), and booking references
// unique per run so repeated and parallel runs never collide.
import type { Credentials } from './config';
import { addDays, isoDate } from '../core/dates';
import type { PlaceholderValues, TestData } from '../core/test-data';
import { randomBytes } from 'node:crypto';
import { minorUnit, OPEN_BOUND, writeAmount } from '../operations/activityavailability';

let sequence = 0;
/**
 * Random per process: a re-run with the same OTA_RUN_ID (a CI "re-run job"), two shards sharing one
 * run id and the workers of a parallel run each draw their own, so their references never collide.
 */
const NONCE = BigInt(`0x${randomBytes(5).toString('hex')}`)
  .toString(36)
  .toUpperCase()
  .padStart(8, '0')
  .slice(-6);

/**
 * A booking reference unique to this process: OTA, the kind, the run id (cut to fit), the
 * process nonce and a sequence. OTA UniqueID IDs are at most 32 characters; the nonce and the
 * sequence are never cut.
 */
export function newReference(runId: string, kind: 'B' | 'I', nonce = NONCE): string {
  sequence += 1;
  const tail = `${nonce}${String(sequence).padStart(4, '0')}`;
  const room = 32 - 4 - tail.length;
  return `OTA${kind}${runId.replace(/[^A-Za-z0-9]/g, '').slice(0, room)}${tail}`;
}

/**
 * Whether a reference has the form of the suite's own booking references (newReference 'B'): OTA,
 * B, the run id's letters and digits, the 6-character process nonce and a sequence of at least 4
 * digits, 32 characters at most. Only such a reference is ever swept (--sweep-references).
 */
export function isSuiteBookingRef(ref: string): boolean {
  return ref.length <= 32 && /^OTAB[A-Za-z0-9]*[0-9A-Z]{6}[0-9]{4,}$/.test(ref);
}

export function baseValues(credentials: Credentials, data: TestData, runId: string, today = new Date()): PlaceholderValues {
  const start = addDays(isoDate(today), data.offsetDays);
  const end = addDays(start, data.nights);
  const place = data.hotelAvailability.places[0];
  return {
    requestorId: credentials.requestorId,
    requestorContext: credentials.requestorContext,
    requestorInstance: credentials.requestorInstance,
    user: credentials.user,
    password: credentials.password,
    echoToken: `OTA-${runId}`,
    language: data.language,
    altLanguage: data.altLanguage,
    start,
    end,
    startDateTime: `${start}T09:00:00`,
    endDateTime: `${start}T13:00:00`,
    pickupDateTime: `${start}T08:30:00`,
    arrivalDateTime: `${start}T10:30:00`,
    departureDateTime: `${end}T18:00:00`,
    adults: 2,
    children: 1,
    adultAge: 35,
    childAge: 8,
    maxResponses: 10,
    infoSource: data.hotelAvailability.infoSource,
    placeContext: place.context,
    place: place.name,
    hotelCode: data.activities.hotelCodes[0],
    brandCode: data.hotels[0].brandCode ?? '',
    productCode: data.activities.productCode,
    // bounds nothing, in the currency's minor unit; a scenario that tests the bound sets it from the prices shown (GatewayWorld.settlePrices)
    maximumPrice: writeAmount(OPEN_BOUND, minorUnit(data.activities.currency)),
    currency: data.activities.currency,
    currencyDecimal: minorUnit(data.activities.currency),
    airportCode: data.transfers.airportCode,
    airlineCode: data.transfers.airlineCode,
    arrivalFlightNumber: '1234',
    departureFlightNumber: '1235',
    locationTypeCode: data.transfers.locationTypeCode,
    locationCode: data.transfers.locationCode,
    disabilityRequired: 'false',
    resStatus: 'Quote',
    cancelType: 'Quote',
    bookingRef: newReference(runId, 'B'),
    itemRef: newReference(runId, 'I'),
  };
}
