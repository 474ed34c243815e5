// POST /bookread: one booking by the client's reference, as an OTA_ResRetrieveRS HotelReservation
// whose Services are the booked activities (2016B has no tour-activity branch in that message).
import type { SandboxData } from '../data';
import { withOffset } from '../dates';
import { err } from '../errors';
import { EUR2, fmtMinor } from '../money';
import type { Booking, Item, Participant, Status } from '../store';
import type { Variants } from '../variants';
import { el, kids, tel, type XNode } from '../xml';
import { attr } from './common';
import type { Ctx, Operation } from './types';

/** Status words: OpenTravel's PMS_ResStatusType, or variant cancel-status-words (US spelling, GDS XL). */
function itemWord(st: Status, variants: Variants): string {
  return st === 'Cancelled' && variants.has('cancel-status-words') ? 'Canceled' : st;
}
function bookingWord(st: Status, variants: Variants): string {
  return st === 'Cancelled' && variants.has('cancel-status-words') ? 'XL' : st;
}

/** A status in TPA_Extensions (variant status-in-tpa-extensions), as the book reply writes its own. */
const statusExtension = (word: string) => el('TPA_Extensions', {}, el('ReservationStatus', { Status: word }));

/** A participant's name as a ResGuest profile; `swapNames`: the mistake read-names-swapped. */
function profiles(p: Participant, swapNames: boolean): string {
  if (!p.surname) return '';
  const givenName = swapNames ? p.surname : p.givenName;
  const surname = swapNames ? (p.givenName ?? p.surname) : p.surname;
  const personName = el(
    'PersonName',
    {},
    p.namePrefix ? tel('NamePrefix', {}, p.namePrefix.slice(0, 16)) : '',
    givenName ? tel('GivenName', {}, givenName.slice(0, 64)) : '',
    tel('Surname', {}, (surname ?? '').slice(0, 64)),
  );
  return el('Profiles', {}, el('ProfileInfo', {}, el('Profile', {}, el('Customer', {}, personName))));
}

/** How the reply writes an item's dates and statuses (variants zoned-dates, status homes and words). */
interface ReadForms {
  variants: Variants;
  /** An item's date-time as the reply writes it. */
  local: (dateTime: string, activityId: string) => string;
  /** Variant status-in-tpa-extensions: statuses in TPA_Extensions instead of attributes. */
  inExtension: boolean;
}

/** One booked item as a Service: its prices per category, guests, dates, total and status. */
function service(item: Item, serviceRph: number, guestRphs: number[], forms: ReadForms): string {
  const { variants, local, inExtension } = forms;
  const counts = new Map<string, number>();
  for (const p of item.participants) counts.set(p.category, (counts.get(p.category) ?? 0) + 1);
  const word = itemWord(item.status, variants);
  // Where the item status goes: @ReservationStatusType, or @Status (variant
  // item-status-attribute), or TPA_Extensions (variant status-in-tpa-extensions).
  const asAttr = variants.has('item-status-attribute');
  const amount = (cents: number) => ({ AmountAfterTax: fmtMinor(cents, EUR2), CurrencyCode: 'EUR', DecimalPlaces: 2 });
  return el(
    'Service',
    {
      ServicePricingType: 'Per person',
      ServiceRPH: serviceRph,
      ReservationStatusType: asAttr || inExtension ? undefined : word,
      Status: asAttr ? word : undefined,
      ServiceInventoryCode: item.activityId,
      RatePlanCode: item.supplierProductCode,
      InventoryBlockCode: item.supplierServiceCode,
      Quantity: item.participants.length,
      Type: '37',
      ID: item.ref,
      ID_Context: 'Client',
    },
    [...counts.keys()].map((c) => el('Price', { AgeQualifyingCode: c }, el('Base', amount(item.unitPrices[c])))),
    el(
      'ServiceDetails',
      {},
      el(
        'GuestCounts',
        {},
        [...counts].map(([c, n]) => el('GuestCount', { AgeQualifyingCode: c, Count: n })),
      ),
      el('TimeSpan', { Start: local(item.start, item.activityId), End: local(item.end, item.activityId) }),
      tel('ResGuestRPHs', {}, guestRphs.join(' ')),
      el('Total', amount(item.total)),
      el('ServiceDescription', { Name: item.name.slice(0, 64) }, tel('Text', {}, item.serviceName)),
    ),
    inExtension ? statusExtension(word) : '',
  );
}

/** `swapNames`: the mistake read-names-swapped (given name and surname the wrong way round). */
export function reservation(b: Booking, variants: Variants, data: SandboxData, swapNames = false): string {
  const inExtension = variants.has('status-in-tpa-extensions');
  // Variant zoned-dates: an item's date-times with the UTC offset of its activity's place; the
  // creation time (the sandbox's UTC clock) with Z.
  const zoned = variants.has('zoned-dates');
  const local = (dt: string, activityId: string) => {
    const country = data.activityById.get(activityId.toUpperCase())?.country.code;
    return zoned ? withOffset(dt, country ?? '') : dt;
  };
  // Every participant of every item is a ResGuest, numbered across the booking.
  let rph = 0;
  const guests: string[] = [];
  const services = b.items.map((item, n) => {
    const guestRphs: number[] = [];
    for (const p of item.participants) {
      guestRphs.push(++rph);
      const attrs = { ResGuestRPH: rph, AgeQualifyingCode: p.category, Age: p.age };
      guests.push(el('ResGuest', attrs, profiles(p, swapNames), el('ServiceRPHs', {}, el('ServiceRPH', { RPH: n + 1 }))));
    }
    return service(item, n + 1, guestRphs, { variants, local, inExtension });
  });
  const live = b.items.filter((i) => i.status === 'Reserved').reduce((t, i) => t + i.total, 0);
  const pickupHotel = b.items.find((i) => i.pickup)?.pickup?.location;
  const bookingStatus = bookingWord(b.status, variants);
  return el(
    'HotelReservation',
    { CreateDateTime: zoned ? `${b.createdAt}Z` : b.createdAt, ResStatus: inExtension ? undefined : bookingStatus },
    // Variant internal-and-client-refs: the gateway's own reference beside the client's.
    variants.has('internal-and-client-refs') ? el('UniqueID', { Type: '36', ID: b.internalRef, ID_Context: 'Internal' }) : '',
    el('UniqueID', { Type: '36', ID: b.ref, ID_Context: 'Client' }),
    el('Services', {}, services),
    el('ResGuests', {}, guests),
    el(
      'ResGlobalInfo',
      {},
      el('Total', { AmountAfterTax: fmtMinor(live, EUR2), CurrencyCode: 'EUR', DecimalPlaces: 2 }),
      el('BasicPropertyInfo', { HotelCode: pickupHotel }),
    ),
    inExtension ? statusExtension(bookingStatus) : '',
  );
}

export const bookRead: Operation = {
  name: 'bookread',
  rq: 'OTA_ReadRQ',
  rs: 'OTA_ResRetrieveRS',
  version: '2008.1',
  handle(req: XNode, ctx: Ctx) {
    const uid = kids(req, 'UniqueID')[0];
    if (!uid) throw err.missing('UniqueID');
    const type = attr(uid, 'Type', 'UniqueID');
    if (type !== '36') throw err.invalid(`UniqueID/@Type ${type} is not supported (36: booking reference)`);
    const ref = attr(uid, 'ID', 'UniqueID');
    // Mistake (read-list-refused): ReturnListIndicator true is taken for a search that returns a
    // list of bookings, which the gateway does not implement.
    if (ctx.faults.has('read-list-refused') && req.attrs.ReturnListIndicator?.trim() === 'true') {
      throw err.invalid('ReturnListIndicator true (a list of bookings) is not supported');
    }
    let b = ctx.store.get(ref);
    // Mistake (read-unknown-served): a reference not found is a search that found nothing, not an error.
    if (!b && ctx.faults.has('read-unknown-served')) return { content: el('ReservationsList', {}, []) };
    if (!b) throw err.bookingRef(`Booking ${ref} does not exist`);
    // Mistake (read-returns-other-booking): the lookup uses the wrong key (last booking made).
    if (ctx.faults.has('read-returns-other-booking')) b = ctx.store.latestOther(ref) ?? b;
    return { content: el('ReservationsList', {}, reservation(b, ctx.variants, ctx.data, ctx.faults.has('read-names-swapped'))) };
  },
};
