// Making a booking on a sandbox directly over HTTP, the way a scenario would: find a bookable
// activity with activity availability, then Commit it under our own reference.
import { SANDBOX_CREDENTIALS } from '../../sandbox/src/credentials';
import { startSandbox, type RunningSandbox } from '../../sandbox/src';
import { fill, initQuery, one, post, xp } from '../../sandbox/test/helpers';
import { addDays } from '../../src/core/dates';
import { after, before } from 'node:test';
import { bookingRefOf, isCommit, proxyTo, removeTempDirs } from './helpers';
import { startHostileServer, type RunningServer } from '../support/hostile-server';

const RD = '/ota:OTA_ResRetrieveRS/ota:ReservationsList/ota:HotelReservation';

/** A sandbox on a free port with its documented default credentials (whatever the shell says). */
export async function startTestSandbox(faults: string[] = []): Promise<RunningSandbox> {
  await initQuery();
  return startSandbox({ port: 0, faults, credentials: { ...SANDBOX_CREDENTIALS } });
}

/**
 * One test sandbox for a whole test file: started before its tests, closed after them, and the
 * temporary folders the tests made removed. The getter gives the running sandbox.
 */
export function useTestSandbox(): () => RunningSandbox {
  let sb: RunningSandbox | undefined;
  before(async () => {
    sb = await startTestSandbox();
  });
  after(async () => {
    await sb?.close();
    removeTempDirs();
  });
  return () => {
    if (!sb) throw new Error('the test sandbox is not started (useTestSandbox at the top level of a test file)');
    return sb;
  };
}

/** Commits a booking of the first bookable activity 30 days from now; throws when refused. */
export async function bookDirectly(baseUrl: string, bookingRef: string, itemRef: string): Promise<void> {
  const start = addDays(new Date().toISOString().slice(0, 10), 30);
  const avail = await post(
    baseUrl,
    'activityavailability',
    fill('activityavailability', { start, end: addDays(start, 3), hotelCode: 'PMIBEL01', productCode: '' }),
  );
  const info = '/ota:OTA_TourActivityAvailRS/ota:TourActivityInfo[1]';
  const found = {
    tourActivityId: one(avail.body, `${info}/ota:BasicInfo/@TourActivityID`),
    supplierProductCode: one(avail.body, `${info}/ota:BasicInfo/@SupplierProductCode`),
    supplierServiceCode: one(avail.body, `${info}/ota:BasicInfo/ota:TPA_Extensions/ota:SupplierService/@SupplierServiceCode`),
    date: one(avail.body, `${info}/ota:Schedule/ota:Detail/@Start`)?.slice(0, 10),
  };
  if (!found.tourActivityId || !found.supplierProductCode || !found.supplierServiceCode || !found.date)
    throw new Error(`activity availability found nothing bookable:\n${avail.body.slice(0, 1500)}`);
  const book = await post(
    baseUrl,
    'activitybook',
    fill('activitybook', {
      resStatus: 'Commit',
      bookingRef,
      itemRef,
      hotelCode: 'PMIBEL01',
      tourActivityId: found.tourActivityId,
      supplierProductCode: found.supplierProductCode,
      supplierServiceCode: found.supplierServiceCode,
      startDateTime: `${found.date}T09:00:00`,
      endDateTime: `${found.date}T13:00:00`,
      pickupDateTime: `${found.date}T08:30:00`,
    }),
  );
  if (xp(book.body, 'count(/*/ota:Success)')[0] !== '1') throw new Error(`the booking was refused:\n${book.body.slice(0, 1500)}`);
}

/** The booking's status as a booking read over HTTP shows it ('Reserved', 'Cancelled'), or undefined. */
export async function readStatus(baseUrl: string, bookingRef: string): Promise<{ ref?: string; status?: string }> {
  const reply = await post(baseUrl, 'bookread', fill('bookread', { bookingRef }));
  return { ref: one(reply.body, `${RD}/ota:UniqueID[@Type='36']/@ID`), status: one(reply.body, `${RD}/@ResStatus`) };
}

/**
 * A proxy in front of a sandbox where every Commit is booked and its reply never comes (a kill
 * while the reply is on its way), until stopHolding(); `booked` lists their references in order.
 */
export async function startLostReplyProxy(sandboxUrl: string): Promise<{ srv: RunningServer; booked: string[]; stopHolding(): void }> {
  let holding = true;
  const booked: string[] = [];
  const srv = await startHostileServer(
    proxyTo(sandboxUrl, async (req) => {
      if (!holding || !isCommit(req)) return false;
      await fetch(`${sandboxUrl}${req.path}`, { method: 'POST', headers: { 'content-type': 'application/xml' }, body: req.body });
      booked.push(bookingRefOf(req));
      return true;
    }),
  );
  return { srv, booked, stopHolding: () => (holding = false) };
}
