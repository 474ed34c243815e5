// POST /activitybook: Quote prices and stores nothing; Commit books an item into the client's
// booking (UniqueID Type 36) under the item reference (Type 37). See docs/reply-profile.md §8.
// The request is read in the order its checks answer (ResStatus, BookingInfo/BasicInfo, the
// participants, the party size, Schedule, PickupDropoff, the references), then priced, stored and
// confirmed.
import type { Activity, ActivityService, SandboxData } from '../data';
import { dateTimeMs, fmtDateTime, requireDateTime, withOffset } from '../dates';
import { err, PlainRefusal } from '../errors';
import { EUR2, fmtMinor } from '../money';
import type { Item, Participant } from '../store';
import type { Variants } from '../variants';
import { el, kid, kids, path, tel, text, type XNode } from '../xml';
import { basicInfo, minAgeOf, minPartyOf, operatesOn, sells, takesNoPickup } from './activities';
import { attr, category, count, MAX_PARTY, optAttr, overCapacity, participantCategory, qualifierInfo, same } from './common';
import { readRefs, type BookingRefs } from './booking-refs';
import type { Ctx, Operation } from './types';

let quoteSeq = 0;

/** ResStatus: true for the word that books (Commit, or Book under a variant), false for Quote. */
function readCommit(req: XNode, ctx: Ctx): boolean {
  const resStatus = attr(req, 'ResStatus', 'OTA_TourActivityBookRQ');
  // The spec lists only Quote; OpenTravel's TransactionActionType has Commit and Book for booking.
  const commitWord = ctx.variants.has('book-resstatus-book') ? 'Book' : 'Commit';
  if (resStatus !== 'Quote' && resStatus !== commitWord) throw err.invalid(`ResStatus '${resStatus}' must be Quote or ${commitWord}`);
  // Mistake (quote-unhandled): only the ResStatus that books was implemented; a Quote falls
  // through to an unexpected exception (the router answers it as a System error).
  if (resStatus === 'Quote' && ctx.faults.has('quote-unhandled')) throw new Error(`No handler for ResStatus ${resStatus}`);
  return resStatus === commitWord;
}

/** BookingInfo/BasicInfo: the tour activity, its supplier product and the supplier service booked. */
function readProduct(bookingInfo: XNode, data: SandboxData): { activity: Activity; service: ActivityService } {
  const basic = kid(bookingInfo, 'BasicInfo');
  const id = attr(basic, 'TourActivityID', 'BookingInfo/BasicInfo');
  const activity = data.activityById.get(id.toUpperCase());
  if (!activity) throw err.unknown(`TourActivityID ${id} is unknown`);
  const productCode = attr(basic, 'SupplierProductCode', 'BookingInfo/BasicInfo');
  if (!same(productCode, activity.supplierProductCode))
    throw err.unknown(`SupplierProductCode ${productCode} does not belong to ${activity.id}`);
  const serviceCode = attr(basic, 'SupplierServiceCode', 'BookingInfo/BasicInfo');
  const service = activity.services.find((x) => same(x.code, serviceCode));
  if (!service) throw err.unknown(`SupplierServiceCode ${serviceCode} is not a service of ${activity.id}`);
  return { activity, service };
}

function readParticipants(
  bookingInfo: XNode,
  commit: boolean,
  ctx: Ctx,
  activity: Activity,
  activityService: ActivityService,
): Participant[] {
  const infos = kids(bookingInfo, 'ParticipantInfo');
  if (infos.length === 0) throw err.missing('BookingInfo/ParticipantInfo');
  const seen = new Set<string>();
  return infos.map((info, n) => {
    const cat = category(
      attr(kid(info, 'Category'), 'QualifierInfo', 'ParticipantInfo/Category'),
      'ParticipantInfo/Category/@QualifierInfo',
    );
    // Mistake (participants-keyed-by-category): participants go into a map keyed by category,
    // whose second entry for a key throws (the router answers an unexpected exception as a System error).
    if (ctx.faults.has('participants-keyed-by-category') && seen.has(cat)) throw new Error(`Duplicate key ${cat}`);
    seen.add(cat);
    if (!sells(ctx.data, activity, activityService, cat, ctx.variants))
      throw err.invalid(`${activity.id} ${activityService.code} is not sold to participant category ${cat}`);
    const individual = kid(info, 'Individual');
    const age = count(attr(individual, 'Age', 'ParticipantInfo/Individual'), 'Individual/@Age');
    const minAge = minAgeOf(activity, ctx.variants);
    if (age < minAge) throw err.invalid(`Participant ${n + 1} (age ${age}) is below the minimum age ${minAge} of ${activity.id}`);
    const participant: Participant = {
      id: optAttr(individual, 'ParticipantID') ?? String(n + 1),
      category: cat,
      age,
      namePrefix: text(kid(individual, 'NamePrefix')) || undefined,
      givenName: text(kid(individual, 'GivenName')) || undefined,
      surname: text(kid(individual, 'Surname')) || undefined,
    };
    if (commit && (!participant.givenName || !participant.surname))
      throw err.missing(`ParticipantInfo[${n + 1}]/Individual/GivenName and Surname`);
    return participant;
  });
}

/** BookingInfo/Schedule: start and end, on a day the activity operates. */
function readSchedule(bookingInfo: XNode, activity: Activity, ctx: Ctx): { start: string; end: string } {
  const schedule = kid(bookingInfo, 'Schedule');
  if (!schedule) throw err.missing('BookingInfo/Schedule');
  const start = requireDateTime(schedule.attrs.Start, 'Schedule/@Start', ctx.today);
  const end = requireDateTime(schedule.attrs.End, 'Schedule/@End', ctx.today);
  if (dateTimeMs(end) < dateTimeMs(start)) throw err.dateRange(`Schedule/@End ${end} is before @Start ${start}`);
  if (!operatesOn(activity, start.slice(0, 10))) throw err.noAvailability(`${activity.id} does not operate on ${start.slice(0, 10)}`);
  return { start, end };
}

/**
 * BookingInfo/PickupDropoff (optional): one of the activity's pickup hotels, and when. Variant
 * tickets-without-pickup: a ticket takes none; variant fixed-pickup-time: only at its pickup time.
 */
function readPickup(bookingInfo: XNode, activity: Activity, ctx: Ctx, date: string): Item['pickup'] {
  const pickupDropoff = kid(bookingInfo, 'PickupDropoff');
  if (!pickupDropoff) return undefined;
  if (takesNoPickup(activity, ctx.variants)) throw err.invalid(`${activity.id} is a ticket: it takes no pickup (meet at ${activity.city})`);
  const location = attr(pickupDropoff, 'LocationName', 'BookingInfo/PickupDropoff');
  const hotel = activity.pickupHotels.find((h) => same(h, location));
  if (!hotel) throw err.invalid(`${activity.id} does not collect guests at ${location}`);
  const given = optAttr(pickupDropoff, 'DateTime');
  const dateTime = given ? requireDateTime(given, 'PickupDropoff/@DateTime', ctx.today) : undefined;
  if (ctx.variants.has('fixed-pickup-time') && dateTime?.slice(0, 16) !== `${date}T${activity.schedule.pickupTime}`)
    throw err.invalid(
      `${activity.id} collects its guests at ${activity.schedule.pickupTime} on ${date}, not at ${dateTime ?? '(no time)'}`,
    );
  return { location: hotel, dateTime };
}

/** What is booked (or quoted), priced per participant category. */
interface RequestedItem {
  commit: boolean;
  refs: BookingRefs;
  activity: Activity;
  service: ActivityService;
  item: Item;
}

/** Reads and checks the whole request, and prices the item. */
function readBooking(req: XNode, ctx: Ctx): RequestedItem {
  const commit = readCommit(req, ctx);
  const bookingInfo = kid(req, 'BookingInfo');
  if (!bookingInfo) throw err.missing('BookingInfo');
  const { activity, service } = readProduct(bookingInfo, ctx.data);
  const participants = readParticipants(bookingInfo, commit, ctx, activity, service);
  // Mistake (party-of-six-booking-500): the participant table has five rows.
  if (ctx.faults.has('party-of-six-booking-500') && participants.length >= 6) throw new PlainRefusal(500, 'Internal Server Error');
  // Variant capacity-limit: no availability for parties of more than four.
  if (overCapacity(ctx, participants.length)) {
    throw err.noAvailability(`${activity.id} ${service.code} has no availability for more than ${MAX_PARTY} participants`);
  }
  // Variant minimum-party: sold to parties of its minimum or more.
  if (participants.length < minPartyOf(ctx.variants))
    throw err.invalid(`${activity.id} is sold to parties of ${minPartyOf(ctx.variants)} or more, not ${participants.length}`);
  const { start, end } = readSchedule(bookingInfo, activity, ctx);
  const pickup = readPickup(bookingInfo, activity, ctx, start.slice(0, 10));
  const refs = readRefs(kids(path(req, 'TPA_Extensions'), 'UniqueID'));
  if (commit && !refs.bookingRef) throw err.missing("TPA_Extensions/UniqueID[@Type='36']");

  // Mistake (quote-priced-zero): a quote is answered before it is priced.
  const priced = commit || !ctx.faults.has('quote-priced-zero');
  const unitPrices: Record<string, number> = {};
  for (const participant of participants)
    unitPrices[participant.category] = priced ? Math.round(service.prices[participant.category] * 100) : 0;
  const item: Item = {
    ref: refs.itemRef ?? refs.bookingRef ?? '',
    status: 'Reserved',
    activityId: activity.id,
    supplierProductCode: activity.supplierProductCode,
    supplierServiceCode: service.code,
    name: activity.name,
    serviceName: service.name,
    start,
    end,
    pickup,
    participants,
    unitPrices,
    total: participants.reduce((t, p) => t + unitPrices[p.category], 0),
    freeCancelUntil: dateTimeMs(start) - activity.cancellation.freeUntilHours * 3_600_000,
    penaltyPercent: activity.cancellation.penaltyPercent,
    createdAt: fmtDateTime(ctx.now.getTime()),
  };
  return { commit, refs, activity, service, item };
}

/** Stores a committed item in its booking; the gateway's own booking reference, when stored. */
function storeItem(booked: RequestedItem, ctx: Ctx): string | undefined {
  const { commit, refs, item } = booked;
  const { faults } = ctx;
  // Quote never touches the store, except through the quote-stores-booking mistake (the quote
  // falls through into the commit path).
  // Mistakes commit-not-persisted, read-without-reference: a commit is confirmed and never stored.
  // Mistake (late-pickup-commit-lost): a pickup at 22:00 or later fails a constraint after the reply is written.
  const lateLost = faults.has('late-pickup-commit-lost') && (item.pickup?.dateTime?.slice(11, 13) ?? '') >= '22';
  const stores = commit
    ? !faults.has('commit-not-persisted') && !faults.has('read-without-reference') && !lateLost
    : faults.has('quote-stores-booking') && !!refs.bookingRef;
  if (!stores) return undefined;
  const existing = ctx.store.get(refs.bookingRef!);
  // Without a Type 37 a Commit can only create a booking: on an existing one it repeats it.
  if (existing && existing.status !== 'Cancelled' && !refs.itemRef && !faults.has('duplicate-accepted')) {
    throw err.duplicate(`Booking ${refs.bookingRef} exists; a new item needs its own UniqueID Type 37`);
  }
  return ctx.store.commit(refs.bookingRef!, item, item.createdAt, !faults.has('duplicate-accepted')).internalRef;
}

/** The reply's Confirmation elements, and whether the item reference moves to TPA_Extensions. */
function confirmations(
  booked: RequestedItem,
  internalRef: string | undefined,
  ctx: Ctx,
): { confirmations: string[]; itemRefInTpa: boolean } {
  const { commit, refs, item } = booked;
  if (!commit) {
    const quote = el('Confirmation', { Type: '16', ID: `QT-${(++quoteSeq).toString().padStart(6, '0')}`, ID_Context: 'Sandbox' });
    return { confirmations: [quote], itemRefInTpa: false };
  }
  const stored = internalRef !== undefined;
  // Mistake (commit-ref-overwritten): the gateway's own booking number is written into the
  // client's Type 36 Confirmation, which keeps ID_Context Client.
  const overwritten = stored && ctx.faults.has('commit-ref-overwritten');
  const clientRef = el('Confirmation', { Type: '36', ID: overwritten ? internalRef : refs.bookingRef, ID_Context: 'Client' });
  const itemRef = el('Confirmation', { Type: '37', ID: item.ref, ID_Context: 'Client' });
  const internalConf = el('Confirmation', { Type: '36', ID: internalRef, ID_Context: overwritten ? 'Client' : 'Internal' });
  // Variant book-reply-gateway-ref-only: the gateway's own reference instead of the client's.
  if (stored && ctx.variants.has('book-reply-gateway-ref-only')) return { confirmations: [internalConf, itemRef], itemRefInTpa: false };
  // Variant internal-and-client-refs: the gateway's own reference first; Confirmation allows
  // two, so the item reference moves to TPA_Extensions (where the spec's requests carry it).
  if (stored && ctx.variants.has('internal-and-client-refs')) {
    return { confirmations: overwritten ? [clientRef] : [internalConf, clientRef], itemRefInTpa: true };
  }
  return { confirmations: [clientRef, itemRef], itemRefInTpa: false };
}

function participantInfo(participant: Participant, variants: Variants): string {
  return el(
    'ParticipantInfo',
    {},
    el('Category', { Age: participant.age, Quantity: 1 }, qualifierInfo(participant.category, variants)),
    participant.surname
      ? el(
          'Individual',
          { ParticipantID: /^\d{1,8}$/.test(participant.id) ? participant.id : undefined, Age: participant.age },
          participant.namePrefix ? tel('NamePrefix', {}, participant.namePrefix.slice(0, 16)) : '',
          participant.givenName ? tel('GivenName', {}, participant.givenName.slice(0, 64)) : '',
          tel('Surname', {}, participant.surname.slice(0, 64)),
        )
      : '',
  );
}

/** The reply's ReservationDetails: what was booked or quoted, for whom, when, where and at what price. */
function reservationDetails(booked: RequestedItem, internalRef: string | undefined, ctx: Ctx): string {
  const { commit, activity, service, item } = booked;
  const { variants } = ctx;
  const { participants, unitPrices, pickup } = item;
  const confirmed = confirmations(booked, internalRef, ctx);
  const categories = [...new Set(participants.map((p) => p.category))];
  // Variant zoned-dates: date-times with the UTC offset of the activity's place.
  const local = (dt: string) => (variants.has('zoned-dates') ? withOffset(dt, activity.country.code) : dt);
  const money = (cents: number) => ({ Amount: fmtMinor(cents, EUR2), CurrencyCode: 'EUR', DecimalPlaces: 2 });
  const quantity = (c: string) => participants.filter((p) => p.category === c).length;
  return el(
    'ReservationDetails',
    {},
    basicInfo(activity, service),
    confirmed.confirmations,
    participants.map((p) => participantInfo(p, variants)),
    el('PaymentInfo', money(item.total)),
    el('Schedule', { Start: local(item.start), End: local(item.end) }),
    pickup
      ? el('PickupDropoff', { DateTime: pickup.dateTime && local(pickup.dateTime), LocationName: pickup.location, PickupInd: 'true' })
      : '',
    el(
      'Pricing',
      {},
      el('Summary', money(item.total)),
      categories.map((c) => participantCategory(c, money(unitPrices[c]), quantity(c), variants)),
    ),
    el(
      'TPA_Extensions',
      {},
      el('ReservationStatus', { Status: commit ? 'Confirmed' : 'Quoted' }),
      confirmed.itemRefInTpa ? el('UniqueID', { Type: '37', ID: item.ref, ID_Context: 'Client' }) : '',
    ),
  );
}

export const activityBook: Operation = {
  name: 'activitybook',
  rq: 'OTA_TourActivityBookRQ',
  rs: 'OTA_TourActivityBookRS',
  version: '2011.2',
  handle(req: XNode, ctx: Ctx) {
    const booked = readBooking(req, ctx);
    // Mistake (commit-refused-plain): a request validator in front of the OTA layer turns every commit away.
    if (booked.commit && ctx.faults.has('commit-refused-plain')) throw new PlainRefusal(400, 'Bad Request');
    const internalRef = storeItem(booked, ctx);
    // Variant book-reply-success-only: a commit is answered with Success alone (the mistake
    // commit-ref-overwritten is a Confirmation the reply writes all the same).
    if (booked.commit && ctx.variants.has('book-reply-success-only') && !ctx.faults.has('commit-ref-overwritten')) return { content: '' };
    return { content: reservationDetails(booked, internalRef, ctx) };
  },
};
