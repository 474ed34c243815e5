// Booking, read and cancel. ResStatus Quote prices and stores nothing, Book books; CancelType
// Quote gives the terms, Cancel cancels. A booking (the client's UniqueID Type 36) holds items
// (each the client's Type 37), numbered 1, 2... in the order booked; one item or a run of them is
// cancelled by OTA_CancelRQ/Segment @FirstItinSegNbr..@LastItinSegNbr, the only partial form served.
import { attr, kids, one, t, text, x, type Element } from './xml';
import {
  addDays,
  CANCEL_FREE_DAYS,
  CATEGORIES,
  isCategory,
  isDateTime,
  productByCode,
  todayUtc,
  type Category,
  type Product,
} from './data';
import { bool, conflict, int, invalid, missing, noBooking, unknownCode } from './refusals';
import type { KestrelFaultName } from './faults';

interface Participant {
  id: string;
  code: Category;
  age: number;
  prefix: string;
  given: string;
  surname: string;
}
interface Item {
  ref: string;
  nbr: number;
  product: Product;
  start: string;
  participants: Participant[];
  pickup?: { hotel: string; at: string };
  amount: number;
  status: 'HK' | 'XL';
}
interface Booking {
  ref: string;
  locator: string;
  items: Item[];
}
export interface Store {
  bookings: Map<string, Booking>;
  /** Booking references in the order first booked. */
  order: string[];
  counter: number;
}
export const newStore = (): Store => ({ bookings: new Map(), order: [], counter: 0 });

const money = (n: number) => n.toFixed(2);
const live = (b: Booking) => b.items.some((i) => i.status === 'HK');

function participantOf(element: Element): Participant {
  const code = text(one(element, 'Category/QualifierInfo')) || (attr(one(element, 'Category'), 'QualifierInfo') ?? '');
  if (!isCategory(code)) throw invalid(`Category QualifierInfo "${code}" is not a category Kestrel sells (10, 8, 7, 11)`);
  const ind = one(element, 'Individual');
  const age = int(attr(ind, 'Age'), 'Individual Age');
  const c = CATEGORIES[code];
  if (age < c.minAge || age > c.maxAge) throw invalid(`Age ${age} is not ${c.word} (${c.minAge} to ${c.maxAge})`);
  return {
    id: attr(ind, 'ParticipantID') ?? '',
    code,
    age,
    prefix: text(one(ind, 'NamePrefix')),
    given: text(one(ind, 'GivenName')),
    surname: text(one(ind, 'Surname')),
  };
}

const participantsXml = (ps: Participant[]) =>
  ps.map((p) =>
    x(
      'ParticipantInfo',
      {},
      x('Category', {}, x('QualifierInfo', {}, t(CATEGORIES[p.code].word))),
      x(
        'Individual',
        { ParticipantID: p.id || undefined, Age: p.age },
        p.prefix ? x('NamePrefix', {}, t(p.prefix)) : '',
        x('GivenName', {}, t(p.given)),
        x('Surname', {}, t(p.surname)),
      ),
    ),
  );

export function book(store: Store, root: Element, fault?: KestrelFaultName): string {
  const status = attr(root, 'ResStatus');
  if (status !== 'Quote' && status !== 'Book') throw invalid(`ResStatus ${status ?? '(none)'}: Quote prices, Book books`);
  const info = one(root, 'BookingInfo');
  const id = attr(one(info, 'BasicInfo'), 'TourActivityID');
  if (!id) throw missing('BasicInfo TourActivityID');
  const product = productByCode(id);
  if (!product) throw unknownCode(`Product ${id} is not sold by Kestrel`);
  const start = attr(one(info, 'Schedule'), 'Start');
  if (!isDateTime(start)) throw invalid('Schedule Start must be yyyy-mm-ddThh:mm:ss');
  if (start.slice(0, 10) < todayUtc()) throw invalid('Schedule Start is in the past');
  const all = kids(info, 'ParticipantInfo').map(participantOf);
  const participants = fault === 'book-first-participant-only' ? all.slice(0, 1) : all;
  if (participants.length === 0) throw missing('ParticipantInfo');
  if (!participants.some((p) => p.code === '10' || p.code === '11')) throw invalid('An adult must take part');
  const pd = one(info, 'PickupDropoff');
  const pickup = bool(attr(pd, 'PickupInd'), 'PickupInd')
    ? { hotel: attr(pd, 'LocationName') ?? '', at: attr(pd, 'DateTime') ?? start }
    : undefined;
  const refs = kids(one(root, 'TPA_Extensions'), 'UniqueID');
  const refOf = (type: string) =>
    attr(
      refs.find((u) => attr(u, 'Type') === type),
      'ID',
    );
  const amount = participants.reduce((n, p) => n + product.prices[p.code], 0);
  const item: Item = { ref: refOf('37') ?? '', nbr: 0, product, start, participants, pickup, amount, status: 'HK' };
  const ref36 = refOf('36');
  if (status === 'Book') {
    if (!ref36 || !item.ref) throw missing('TPA_Extensions UniqueID Type 36 and Type 37');
    let booking = store.bookings.get(ref36);
    if (booking && !live(booking)) throw conflict(`Booking ${ref36} is cancelled`);
    if (booking?.items.some((i) => i.ref === item.ref)) throw conflict(`Item ${item.ref} of booking ${ref36} is already booked`);
    if (!booking) {
      booking = { ref: ref36, locator: `KST${String(++store.counter).padStart(5, '0')}`, items: [] };
      store.bookings.set(ref36, booking);
      store.order.push(ref36);
    }
    item.nbr = booking.items.length + 1;
    booking.items.push(item);
  }
  const booked = status === 'Book' ? store.bookings.get(ref36!) : undefined;
  return (
    x('Success') +
    x(
      'ReservationDetails',
      {},
      x('BasicInfo', { TourActivityID: product.code, Name: product.name }),
      booked
        ? [x('Confirmation', { Type: '36', ID: booked.ref, ID_Context: 'Client' }), x('Confirmation', { Type: '14', ID: booked.locator })]
        : '',
      participantsXml(participants),
      x('Schedule', { Start: start }),
      pickup ? x('PickupDropoff', { PickupInd: true, LocationName: pickup.hotel, DateTime: pickup.at }) : '',
      x('Pricing', {}, x('Summary', { Amount: money(amount), CurrencyCode: 'EUR' })),
      booked ? x('TPA_Extensions', {}, x('UniqueID', { Type: '37', ID: item.ref, ID_Context: 'Client' })) : '',
    )
  );
}

function bookingOf(store: Store, root: Element): Booking {
  const element = kids(root, 'UniqueID').find((e) => attr(e, 'Type') === '36');
  const ref = attr(element, 'ID');
  if (!ref) throw missing('UniqueID Type 36 ID');
  const booking = store.bookings.get(ref);
  if (!booking) throw noBooking(`No booking ${ref}`);
  return booking;
}

export function read(store: Store, root: Element, fault?: KestrelFaultName): string {
  bool(attr(root, 'ReturnListIndicator'), 'ReturnListIndicator');
  let booking = bookingOf(store, root);
  const before = store.bookings.get(store.order[store.order.indexOf(booking.ref) - 1]);
  if (fault === 'read-shows-another-booking' && before) booking = before;
  if (fault === 'read-right-ref-other-content' && before) booking = { ...before, ref: booking.ref };
  const summaries = booking.items.map((i) =>
    x(
      'Summary',
      {},
      x('BasicInfo', { TourActivityID: i.product.code, Name: i.product.name }),
      x('Confirmation', { Type: '37', ID: i.ref, ID_Context: 'Client' }),
      participantsXml(i.participants),
    ),
  );
  const first = booking.items[0];
  const detail = x(
    'Detail',
    {},
    x('BasicInfo', { TourActivityID: first.product.code, Name: first.product.name }),
    x('Confirmation', { Type: '36', ID: booking.ref, ID_Context: 'Client' }),
    x('Schedule', { Start: first.start }),
    x(
      'TPA_Extensions',
      {},
      x(
        'Segments',
        {},
        booking.items.map((i) =>
          x('Segment', { ItinSegNbr: i.nbr, ItemRef: i.ref, TourActivityID: i.product.code, Start: i.start, Status: i.status }),
        ),
      ),
    ),
  );
  // the mistake item-status-warning-disagrees: a stale advisory says each cancelled item is confirmed
  const stale = fault === 'item-status-warning-disagrees' ? booking.items.filter((i) => i.status === 'XL') : [];
  const warnings = stale.length
    ? x(
        'Warnings',
        {},
        stale.map((i) => x('Warning', { Type: '11', RecordID: i.ref, Status: 'Confirmed' }, t(`Item ${i.ref} Confirmed`))),
      )
    : '';
  return x('Success') + warnings + summaries.join('') + detail;
}

export function cancel(store: Store, root: Element, fault?: KestrelFaultName): string {
  const type = attr(root, 'CancelType');
  if (type !== 'Quote' && type !== 'Cancel') throw invalid(`CancelType ${type ?? '(none)'}: Quote gives the terms, Cancel cancels`);
  const booking = bookingOf(store, root);
  if (kids(root, 'UniqueID').some((u) => attr(u, 'Type') === '37'))
    throw invalid('An item is named by its numbers: Segment FirstItinSegNbr and LastItinSegNbr (UniqueID Type 37 is not read here)');
  const seg = one(root, 'Segment');
  let targets = booking.items.filter((i) => i.status === 'HK');
  if (seg) {
    const first = attr(seg, 'FirstItinSegNbr');
    const last = attr(seg, 'LastItinSegNbr');
    if (first === undefined || last === undefined) throw invalid('Segment names a range of items: FirstItinSegNbr and LastItinSegNbr');
    const [lo, hi] = [int(first, 'FirstItinSegNbr', 1), int(last, 'LastItinSegNbr', 1)];
    if (hi < lo || hi > booking.items.length) throw noBooking(`Booking ${booking.ref} has no items ${lo} to ${hi}`);
    const shift = fault === 'partial-cancels-next-item' ? 1 : 0;
    targets = booking.items.filter((i) => i.nbr >= lo + shift && i.nbr <= hi + shift && i.status === 'HK');
  }
  if (targets.length === 0) throw conflict(`Booking ${booking.ref}${seg ? ' items asked' : ''} already cancelled`);
  const rules = targets.map((target) => {
    const by = addDays(target.start.slice(0, 10), -CANCEL_FREE_DAYS);
    return x('CancelRule', { CancelByDate: `${by}T00:00:00`, Amount: money(todayUtc() <= by ? 0 : target.amount), CurrencyCode: 'EUR' });
  });
  const client = x('UniqueID', { Type: '36', ID: booking.ref, ID_Context: 'Client' });
  if (type === 'Quote') return x('Success') + client + x('CancelInfoRS', {}, x('CancelRules', {}, rules));
  const number = `KCX${String(++store.counter).padStart(5, '0')}`;
  const done = fault === 'partial-cancels-all' ? booking.items.filter((i) => i.status === 'HK') : targets;
  if (fault !== 'cancel-does-not-cancel') for (const item of done) item.status = 'XL';
  return x('Success') + client + x('UniqueID', { Type: '15', ID: number }) + x('CancelInfoRS', {}, x('CancelRules', {}, rules));
}
