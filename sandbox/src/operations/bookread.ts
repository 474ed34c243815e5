// POST /bookread: one booking by the client's reference, as an OTA_ResRetrieveRS HotelReservation
// whose Services are the booked activities (2016B has no tour-activity branch in that message).
import type { SandboxData } from '../data';
import { dateTimeMs, withOffset } from '../dates';
import { err, PlainRefusal } from '../errors';
import { EUR2, fmtMinor } from '../money';
import type { Booking, Item, Participant, Status } from '../store';
import type { Variants } from '../variants';
import { el, kids, tel, type XNode } from '../xml';
import { attr } from './common';
import type { Ctx, OpResult, Operation } from './types';

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
function profiles(participant: Participant, swapNames: boolean): string {
  if (!participant.surname) return '';
  const givenName = swapNames ? participant.surname : participant.givenName;
  const surname = swapNames ? (participant.givenName ?? participant.surname) : participant.surname;
  const personName = el(
    'PersonName',
    {},
    participant.namePrefix ? tel('NamePrefix', {}, participant.namePrefix.slice(0, 16)) : '',
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
  for (const participant of item.participants) counts.set(participant.category, (counts.get(participant.category) ?? 0) + 1);
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
      Type: item.ref ? '37' : undefined,
      ID: item.ref || undefined,
      ID_Context: item.ref ? 'Client' : undefined,
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
export function reservation(booking: Booking, variants: Variants, data: SandboxData, swapNames = false): string {
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
  // Variant read-live-items-only: a cancelled item is no longer listed.
  const listed = variants.has('read-live-items-only') ? booking.items.filter((i) => i.status === 'Reserved') : booking.items;
  const services = listed.map((item, n) => {
    const guestRphs: number[] = [];
    for (const participant of item.participants) {
      guestRphs.push(++rph);
      const attrs = { ResGuestRPH: rph, AgeQualifyingCode: participant.category, Age: participant.age };
      guests.push(el('ResGuest', attrs, profiles(participant, swapNames), el('ServiceRPHs', {}, el('ServiceRPH', { RPH: n + 1 }))));
    }
    return service(item, n + 1, guestRphs, { variants, local, inExtension });
  });
  const live = booking.items.filter((i) => i.status === 'Reserved').reduce((t, i) => t + i.total, 0);
  const pickupHotel = booking.items.find((i) => i.pickup)?.pickup?.location;
  const bookingStatus = bookingWord(booking.status, variants);
  return el(
    'HotelReservation',
    { CreateDateTime: zoned ? `${booking.createdAt}Z` : booking.createdAt, ResStatus: inExtension ? undefined : bookingStatus },
    // Variant internal-and-client-refs: the gateway's own reference beside the client's.
    variants.has('internal-and-client-refs') ? el('UniqueID', { Type: '36', ID: booking.internalRef, ID_Context: 'Internal' }) : '',
    booking.ref ? el('UniqueID', { Type: '36', ID: booking.ref, ID_Context: 'Client' }) : '',
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

/**
 * Variants read-items-apart(-warnings): OTA_TourActivityResRetrieveRS, a Summary per item under its
 * Type 37, then the booking as a Detail under its Type 36, the items' statuses in its TPA_Extensions
 * (or, with -warnings, a cancelled item named by an advisory warning only).
 */
function itemsApart(booking: Booking, variants: Variants, swapNames: boolean): OpResult {
  const byWarning = variants.has('read-items-apart-warnings');
  const shown = byWarning ? booking.items.filter((i) => i.status === 'Reserved') : booking.items;
  const name = (participant: Participant) => {
    const [given, surname] = swapNames
      ? [participant.surname, participant.givenName ?? participant.surname]
      : [participant.givenName, participant.surname];
    return el(
      'Individual',
      { Age: participant.age },
      given ? tel('GivenName', {}, given.slice(0, 64)) : '',
      surname ? tel('Surname', {}, surname.slice(0, 64)) : '',
    );
  };
  const summaries = shown.map((i) =>
    el(
      'Summary',
      {},
      el('BasicInfo', { TourActivityID: i.activityId, Name: i.name.slice(0, 64) }),
      i.ref ? el('Confirmation', { Type: '37', ID: i.ref, ID_Context: 'Client' }) : '',
      i.participants.map((p) => el('ParticipantInfo', {}, name(p))),
    ),
  );
  const first = shown[0] ?? booking.items[0];
  const detail = el(
    'Detail',
    {},
    booking.ref ? el('Confirmation', { Type: '36', ID: booking.ref, ID_Context: 'Client' }) : '',
    first ? el('Schedule', { Start: first.start, End: first.end }) : '',
    shown.length
      ? el(
          'TPA_Extensions',
          {},
          shown.map((i) =>
            el('ItemStatus', {
              ItemRef: i.ref || undefined,
              TourActivityID: i.activityId,
              Status: i.status === 'Reserved' ? 'Confirmed' : itemWord(i.status, variants),
            }),
          ),
        )
      : '',
  );
  const warnings = byWarning
    ? booking.items
        .filter((i) => i.status !== 'Reserved')
        .map((i) => ({
          type: '11',
          shortText: `Item ${i.ref} ${itemWord(i.status, variants)}`,
          text: `Item ${i.ref} of booking ${booking.ref} is ${itemWord(i.status, variants)}`,
        }))
    : [];
  return { content: summaries.join('') + detail, warnings, rsRoot: 'OTA_TourActivityResRetrieveRS' };
}

const apart = (v: Variants) => v.has('read-items-apart') || v.has('read-items-apart-warnings');

/** The read of a booking in the dialect's layout: a ReservationsList, or its items apart (variants). */
function readOf(booking: Booking, ctx: Ctx, swapNames = false): OpResult {
  if (apart(ctx.variants)) return itemsApart(booking, ctx.variants, swapNames);
  return { content: el('ReservationsList', {}, reservation(booking, ctx.variants, ctx.data, swapNames)) };
}

/** A read that shows no booking, in the dialect's layout: an empty list, or nothing but Success. */
const emptyRead = (ctx: Ctx, list: boolean): OpResult =>
  apart(ctx.variants) ? { content: '', rsRoot: 'OTA_TourActivityResRetrieveRS' } : { content: list ? el('ReservationsList', {}, []) : '' };

/**
 * Mistake read-without-reference: someone else's booking, the one a demonstration account holds:
 * another activity, another participant, a past day, and no reference at all.
 */
function demonstrationBooking(data: SandboxData): Booking {
  const activity = data.activities[data.activities.length - 1];
  const start = '2024-06-03T09:00:00';
  const item: Item = {
    ref: '',
    status: 'Reserved',
    activityId: activity.id,
    supplierProductCode: activity.supplierProductCode,
    supplierServiceCode: activity.services[0].code,
    name: activity.name,
    serviceName: activity.services[0].name,
    start,
    end: '2024-06-03T13:00:00',
    participants: [{ id: '1', category: '10', age: 40, namePrefix: 'Mr', givenName: 'Demo', surname: 'Example' }],
    unitPrices: { '10': 3800 },
    total: 3800,
    freeCancelUntil: dateTimeMs(start),
    penaltyPercent: 100,
    createdAt: '2024-05-01T10:00:00',
  };
  return { ref: '', internalRef: 'SBX-DEMO', status: 'Reserved', createdAt: item.createdAt, items: [item], cancellations: 0 };
}

/**
 * Mistake read-refusal-shows-booking: the booking a refused read names, in TPA_Extensions beside the
 * Errors (a debugging aid left on); '' without the mistake or without such a booking.
 */
export function bookingBesideRefusal(req: XNode, ctx: Ctx): string {
  if (!ctx.faults.has('read-refusal-shows-booking')) return '';
  const ref = kids(req, 'UniqueID').find((u) => u.attrs.Type === '36')?.attrs.ID;
  const booking = ref === undefined ? undefined : ctx.store.get(ref);
  return booking ? el('TPA_Extensions', {}, reservation(booking, ctx.variants, ctx.data)) : '';
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
    // Mistake (read-without-reference): commits are never stored; every read shows the demonstration booking.
    if (ctx.faults.has('read-without-reference')) return readOf(demonstrationBooking(ctx.data), ctx);
    let booking = ctx.store.get(ref);
    // Mistake (read-unknown-served): a reference not found is a search that found nothing, not an error.
    if (!booking && ctx.faults.has('read-unknown-served')) return emptyRead(ctx, true);
    // Mistake (unknown-booking-plain-404): the framework's not-found page, before the OTA layer.
    if (!booking && ctx.faults.has('unknown-booking-plain-404')) throw new PlainRefusal(404, 'Not Found');
    if (!booking) throw err.bookingRef(`Booking ${ref} does not exist`);
    // Variant read-live-items-only: a booking with no live item is no longer found.
    if (ctx.variants.has('read-live-items-only') && booking.items.every((i) => i.status === 'Cancelled'))
      throw err.bookingRef(`Booking ${ref} has no live item`);
    // Mistake (read-returns-other-booking): the lookup uses the wrong key (last booking made).
    if (ctx.faults.has('read-returns-other-booking')) booking = ctx.store.latestOther(ref) ?? booking;
    // Mistake (read-empty): the reservation found is never written into the reply.
    if (ctx.faults.has('read-empty')) return emptyRead(ctx, false);
    return readOf(booking, ctx, ctx.faults.has('read-names-swapped'));
  },
};
