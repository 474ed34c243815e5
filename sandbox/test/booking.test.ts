// Booking state: Quote vs Commit, basket of items, duplicates, read, cancel (quote, full, partial).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RunningSandbox } from '../src/index';
import { call, errorCode, fill, initQuery, isSuccess, num, one, post, start, xp, day } from './helpers';

let sb: RunningSandbox;
before(async () => {
  await initQuery();
  sb = await start();
});
after(() => sb.close());

const RD = '/ota:OTA_ResRetrieveRS/ota:ReservationsList/ota:HotelReservation';
const RDT = '/ota:OTA_TourActivityBookRS/ota:ReservationDetails';
const book = (ref: string, item: string, extra = {}) => call(sb.baseUrl, 'activitybook', { bookingRef: ref, itemRef: item, ...extra });
const read = (ref: string) => call(sb.baseUrl, 'bookread', { bookingRef: ref });
const cancel = (ref: string, type: 'Quote' | 'Commit', item?: string) => {
  let xml = fill('bookcancel', { bookingRef: ref, cancelType: type });
  if (item) xml = xml.replace(/(<UniqueID Type="36"[^>]*\/>)/, `$1\n  <UniqueID Type="37" ID="${item}" ID_Context="Client"/>`);
  return post(sb.baseUrl, 'bookcancel', xml);
};

describe('activitybook', () => {
  it('Quote prices and stores nothing', async () => {
    const reply = await book('Q-1', 'I-1', { resStatus: 'Quote' });
    assert.ok(isSuccess(reply.body));
    assert.equal(one(reply.body, `${RDT}/ota:TPA_Extensions/ota:ReservationStatus/@Status`), 'Quoted');
    assert.equal(num(reply.body, `${RDT}/ota:PaymentInfo/@Amount`), 70);
    assert.equal(xp(reply.body, `${RDT}/ota:Confirmation[@Type='36']`).length, 0);
    assert.equal(errorCode((await read('Q-1')).body), '3/87');
    assert.equal(sb.store.get('Q-1'), undefined);
  });

  it('Commit creates the booking; read returns it with item, participants, price and status', async () => {
    const reply = await book('C-1', 'I-1');
    assert.equal(one(reply.body, `${RDT}/ota:TPA_Extensions/ota:ReservationStatus/@Status`), 'Confirmed');
    assert.equal(one(reply.body, `${RDT}/ota:Confirmation[@Type='36']/@ID`), 'C-1');
    assert.equal(one(reply.body, `${RDT}/ota:Confirmation[@Type='37']/@ID`), 'I-1');
    assert.deepEqual(xp(reply.body, `${RDT}/ota:ParticipantInfo/ota:Individual/ota:GivenName`), ['Ana', 'Leo']);
    const r = await read('C-1');
    assert.equal(one(r.body, `${RD}/ota:UniqueID[@Type='36']/@ID`), 'C-1');
    assert.equal(one(r.body, `${RD}/@ResStatus`), 'Reserved');
    assert.equal(one(r.body, `${RD}/ota:Services/ota:Service/@ID`), 'I-1');
    assert.equal(one(r.body, `${RD}/ota:Services/ota:Service/@ReservationStatusType`), 'Reserved');
    assert.equal(one(r.body, `${RD}/ota:Services/ota:Service/@ServiceInventoryCode`), 'PMI-DRACH');
    assert.equal(one(r.body, `${RD}/ota:Services/ota:Service/ota:ServiceDetails/ota:TimeSpan/@Start`), `${day(30)}T08:30:00`);
    assert.equal(num(r.body, `${RD}/ota:Services/ota:Service/ota:ServiceDetails/ota:Total/@AmountAfterTax`), 70);
    assert.deepEqual(xp(r.body, `${RD}/ota:ResGuests/ota:ResGuest[ota:ServiceRPHs/ota:ServiceRPH/@RPH='1']/@Age`), ['40', '8']);
    assert.deepEqual(xp(r.body, `${RD}/ota:ResGuests/ota:ResGuest//ota:Surname`), ['Conformance', 'Conformance']);
  });

  it('a second item joins the booking; a duplicate item reference is refused', async () => {
    await book('B-2', 'I-1');
    const second = await book('B-2', 'I-2', {
      tourActivityId: 'PMI-PALMA',
      supplierProductCode: 'PALMA-OLDTOWN',
      startDateTime: `${day(31)}T10:00:00`,
      endDateTime: `${day(31)}T13:00:00`,
    });
    assert.ok(isSuccess(second.body), second.body.slice(0, 500));
    assert.deepEqual(xp((await read('B-2')).body, `${RD}/ota:Services/ota:Service/@ID`), ['I-1', 'I-2']);
    const dup = await book('B-2', 'I-1');
    assert.equal(errorCode(dup.body), '3/127');
    const noItem = await post(
      sb.baseUrl,
      'activitybook',
      fill('activitybook', { bookingRef: 'B-2', itemRef: 'x' }).replace(/<UniqueID Type="37"[^>]*\/>/, ''),
    );
    assert.equal(errorCode(noItem.body), '3/127');
    assert.equal(xp((await read('B-2')).body, `${RD}/ota:Services/ota:Service`).length, 2);
  });

  it('booking rules: operating day, pickup hotel, supplier codes, names on Commit', async () => {
    // PMI-HIKE runs Tuesdays and Fridays; day(30) is a Wednesday.
    assert.equal(
      errorCode((await book('R-1', 'I', { tourActivityId: 'PMI-HIKE', supplierProductCode: 'TRAMUNTANA-HIKE', childAge: 12 })).body),
      '3/322',
    );
    assert.equal(errorCode((await book('R-2', 'I', { hotelCode: 'HERHAR01' })).body), '3/320');
    assert.equal(errorCode((await book('R-3', 'I', { supplierServiceCode: 'NOPE' })).body), '3/320');
    assert.equal(errorCode((await book('R-4', 'I', { supplierProductCode: 'OTHER' })).body), '3/320');
    assert.equal(errorCode((await book('R-5', 'I', { startDateTime: '2031-06-04' })).body), '3/15');
    const noName = fill('activitybook', { bookingRef: 'R-6', itemRef: 'I' }).replace('<Surname>Conformance</Surname>', '');
    assert.equal(errorCode((await post(sb.baseUrl, 'activitybook', noName)).body), '10/321');
    assert.equal(sb.store.get('R-6'), undefined);
  });
});

describe('bookcancel', () => {
  it('Quote returns the penalty, Status Pending, and changes nothing', async () => {
    await book('X-1', 'I-1');
    const reply = await cancel('X-1', 'Quote');
    assert.equal(one(reply.body, '/ota:OTA_CancelRS/@Status'), 'Pending');
    assert.equal(one(reply.body, "/ota:OTA_CancelRS/ota:UniqueID[@Type='36']/@ID"), 'X-1');
    assert.equal(one(reply.body, '/ota:OTA_CancelRS/ota:CancelInfoRS/ota:CancelRules/ota:CancelRule/@Amount'), '0.00');
    assert.equal(one((await read('X-1')).body, `${RD}/@ResStatus`), 'Reserved');
  });

  it('Commit cancels the booking; a second cancel is refused', async () => {
    await book('X-2', 'I-1');
    const reply = await cancel('X-2', 'Commit');
    assert.equal(one(reply.body, '/ota:OTA_CancelRS/@Status'), 'Cancelled');
    const r = await read('X-2');
    assert.equal(one(r.body, `${RD}/@ResStatus`), 'Cancelled');
    assert.deepEqual(xp(r.body, `${RD}/ota:Services/ota:Service/@ReservationStatusType`), ['Cancelled']);
    assert.equal(errorCode((await cancel('X-2', 'Commit')).body), '3/95');
    assert.equal(errorCode((await cancel('X-2', 'Quote')).body), '3/95');
    assert.equal(errorCode((await book('X-2', 'I-9')).body), '3/95');
  });

  it('partial cancellation cancels one item; cancelling the last live item cancels the booking', async () => {
    await book('P-1', 'A');
    await book('P-1', 'B', { supplierServiceCode: 'VIP' });
    const reply = await cancel('P-1', 'Commit', 'A');
    assert.equal(one(reply.body, '/ota:OTA_CancelRS/@Status'), 'Cancelled');
    assert.equal(one(reply.body, "/ota:OTA_CancelRS/ota:UniqueID[@Type='37']/@ID"), 'A');
    let r = await read('P-1');
    assert.equal(one(r.body, `${RD}/@ResStatus`), 'Reserved');
    assert.deepEqual(xp(r.body, `${RD}/ota:Services/ota:Service/@ReservationStatusType`), ['Cancelled', 'Reserved']);
    assert.equal(errorCode((await cancel('P-1', 'Commit', 'A')).body), '3/95');
    assert.equal(errorCode((await cancel('P-1', 'Commit', 'NOPE')).body), '3/87');
    await cancel('P-1', 'Commit', 'B');
    r = await read('P-1');
    assert.equal(one(r.body, `${RD}/@ResStatus`), 'Cancelled');
  });

  it('unknown booking → Errors 87', async () => {
    assert.equal(errorCode((await cancel('NOPE', 'Commit')).body), '3/87');
    assert.equal(errorCode((await cancel('NOPE', 'Quote')).body), '3/87');
  });

  it('a penalty applies inside the cancellation deadline', async () => {
    // Booked for tomorrow: DRACH is free to cancel until 48 h before, so the full price is due.
    await book('L-1', 'I', {
      startDateTime: `${day(1)}T08:30:00`,
      endDateTime: `${day(1)}T15:30:00`,
      pickupDateTime: `${day(1)}T08:00:00`,
    });
    const reply = await cancel('L-1', 'Quote');
    assert.equal(one(reply.body, '/ota:OTA_CancelRS/ota:CancelInfoRS/ota:CancelRules/ota:CancelRule/@Amount'), '70.00');
  });
});
