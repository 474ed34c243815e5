// POST /activitybook: Quote prices and stores nothing; Commit books an item into the client's
// booking (UniqueID Type 36) under the item reference (Type 37). See docs/reply-profile.md §8.
import type { Activity, ActivityService } from '../data';
import { dateTimeMs, fmtDateTime, requireDateTime, withOffset } from '../dates';
import { err } from '../errors';
import { EUR2, fmtMinor } from '../money';
import type { Item, Participant } from '../store';
import { el, kid, kids, path, tel, text, type XNode } from '../xml';
import { basicInfo, operatesOn, sells } from './activities';
import { attr, category, count, MAX_PARTY, optAttr, overCapacity, participantCategory, qualifierInfo, same } from './common';
import type { Ctx, Operation } from './types';

let quoteSeq = 0;

export function readRefs(nodes: XNode[]): { bookingRef?: string; itemRef?: string } {
  const out: { bookingRef?: string; itemRef?: string } = {};
  for (const u of nodes) {
    const type = u.attrs.Type?.trim();
    if (type !== '36' && type !== '37') continue;
    const id = attr(u, 'ID', `UniqueID[@Type='${type}']`);
    if (id.length > 32) throw err.invalid(`UniqueID Type ${type} ID is longer than 32 characters`);
    if (type === '36') out.bookingRef ??= id;
    else out.itemRef ??= id;
  }
  return out;
}

function readParticipants(bi: XNode, commit: boolean, ctx: Ctx, a: Activity, s: ActivityService): Participant[] {
  const pis = kids(bi, 'ParticipantInfo');
  if (pis.length === 0) throw err.missing('BookingInfo/ParticipantInfo');
  const seen = new Set<string>();
  return pis.map((pi, n) => {
    const cat = category(attr(kid(pi, 'Category'), 'QualifierInfo', 'ParticipantInfo/Category'), 'ParticipantInfo/Category/@QualifierInfo');
    // Mistake (participants-keyed-by-category): participants go into a map keyed by category,
    // whose second entry for a key throws (the router answers an unexpected exception as a System error).
    if (ctx.faults.has('participants-keyed-by-category') && seen.has(cat)) throw new Error(`Duplicate key ${cat}`);
    seen.add(cat);
    if (!sells(ctx.data, a, s, cat)) throw err.invalid(`${a.id} ${s.code} is not sold to participant category ${cat}`);
    const ind = kid(pi, 'Individual');
    const age = count(attr(ind, 'Age', 'ParticipantInfo/Individual'), 'Individual/@Age');
    if (age < a.minAge) throw err.invalid(`Participant ${n + 1} (age ${age}) is below the minimum age ${a.minAge} of ${a.id}`);
    const p: Participant = {
      id: optAttr(ind, 'ParticipantID') ?? String(n + 1),
      category: cat,
      age,
      namePrefix: text(kid(ind, 'NamePrefix')) || undefined,
      givenName: text(kid(ind, 'GivenName')) || undefined,
      surname: text(kid(ind, 'Surname')) || undefined,
    };
    if (commit && (!p.givenName || !p.surname)) throw err.missing(`ParticipantInfo[${n + 1}]/Individual/GivenName and Surname`);
    return p;
  });
}

export const activityBook: Operation = {
  name: 'activitybook',
  rq: 'OTA_TourActivityBookRQ',
  rs: 'OTA_TourActivityBookRS',
  version: '2011.2',
  handle(req: XNode, ctx: Ctx) {
    const { data, faults, store, variants } = ctx;
    const resStatus = attr(req, 'ResStatus', 'OTA_TourActivityBookRQ');
    // The spec lists only Quote; OpenTravel's TransactionActionType has Commit and Book for booking.
    const commitWord = variants.has('book-resstatus-book') ? 'Book' : 'Commit';
    if (resStatus !== 'Quote' && resStatus !== commitWord) throw err.invalid(`ResStatus '${resStatus}' must be Quote or ${commitWord}`);
    // Mistake (quote-unhandled): only the ResStatus that books was implemented; a Quote falls
    // through to an unexpected exception (the router answers it as a System error).
    if (resStatus === 'Quote' && faults.has('quote-unhandled')) throw new Error(`No handler for ResStatus ${resStatus}`);
    const commit = resStatus === commitWord;
    const bi = kid(req, 'BookingInfo');
    if (!bi) throw err.missing('BookingInfo');
    const basic = kid(bi, 'BasicInfo');
    const id = attr(basic, 'TourActivityID', 'BookingInfo/BasicInfo');
    const a = data.activityById.get(id.toUpperCase());
    if (!a) throw err.unknown(`TourActivityID ${id} is unknown`);
    const spc = attr(basic, 'SupplierProductCode', 'BookingInfo/BasicInfo');
    if (!same(spc, a.supplierProductCode)) throw err.unknown(`SupplierProductCode ${spc} does not belong to ${a.id}`);
    const ssc = attr(basic, 'SupplierServiceCode', 'BookingInfo/BasicInfo');
    const s = a.services.find((x) => same(x.code, ssc));
    if (!s) throw err.unknown(`SupplierServiceCode ${ssc} is not a service of ${a.id}`);
    const participants = readParticipants(bi, commit, ctx, a, s);
    // Variant capacity-limit: no availability for parties of more than four.
    if (overCapacity(ctx, participants.length)) {
      throw err.noAvailability(`${a.id} ${s.code} has no availability for more than ${MAX_PARTY} participants`);
    }

    const sch = kid(bi, 'Schedule');
    if (!sch) throw err.missing('BookingInfo/Schedule');
    const start = requireDateTime(sch.attrs.Start, 'Schedule/@Start', ctx.today);
    const end = requireDateTime(sch.attrs.End, 'Schedule/@End', ctx.today);
    if (dateTimeMs(end) < dateTimeMs(start)) throw err.dateRange(`Schedule/@End ${end} is before @Start ${start}`);
    if (!operatesOn(a, start.slice(0, 10))) throw err.noAvailability(`${a.id} does not operate on ${start.slice(0, 10)}`);

    const pd = kid(bi, 'PickupDropoff');
    let pickup: Item['pickup'];
    if (pd) {
      const loc = attr(pd, 'LocationName', 'BookingInfo/PickupDropoff');
      const hotel = a.pickupHotels.find((h) => same(h, loc));
      if (!hotel) throw err.invalid(`${a.id} does not collect guests at ${loc}`);
      const dt = optAttr(pd, 'DateTime');
      pickup = { location: hotel, dateTime: dt ? requireDateTime(dt, 'PickupDropoff/@DateTime', ctx.today) : undefined };
    }

    const refs = readRefs(kids(path(req, 'TPA_Extensions'), 'UniqueID'));
    if (commit && !refs.bookingRef) throw err.missing("TPA_Extensions/UniqueID[@Type='36']");

    // Mistake (quote-priced-zero): a quote is answered before it is priced.
    const priced = commit || !faults.has('quote-priced-zero');
    const unitPrices: Record<string, number> = {};
    for (const p of participants) unitPrices[p.category] = priced ? Math.round(s.prices[p.category] * 100) : 0;
    const total = participants.reduce((t, p) => t + unitPrices[p.category], 0);
    const startMs = dateTimeMs(start);
    const item: Item = {
      ref: refs.itemRef ?? refs.bookingRef ?? '',
      status: 'Reserved',
      activityId: a.id,
      supplierProductCode: a.supplierProductCode,
      supplierServiceCode: s.code,
      name: a.name,
      serviceName: s.name,
      start,
      end,
      pickup,
      participants,
      unitPrices,
      total,
      freeCancelUntil: startMs - a.cancellation.freeUntilHours * 3_600_000,
      penaltyPercent: a.cancellation.penaltyPercent,
      createdAt: fmtDateTime(ctx.now.getTime()),
    };

    // Quote never touches the store, except through the quote-stores-booking mistake (the quote
    // falls through into the commit path).
    const store_ = commit ? !faults.has('commit-not-persisted') : faults.has('quote-stores-booking') && !!refs.bookingRef;
    let internalRef: string | undefined;
    if (store_) {
      const existing = store.get(refs.bookingRef!);
      // Without a Type 37 a Commit can only create a booking: on an existing one it repeats it.
      if (existing && existing.status !== 'Cancelled' && !refs.itemRef && !faults.has('duplicate-accepted')) {
        throw err.duplicate(`Booking ${refs.bookingRef} exists; a new item needs its own UniqueID Type 37`);
      }
      internalRef = store.commit(refs.bookingRef!, item, item.createdAt, !faults.has('duplicate-accepted')).internalRef;
    }

    // Mistake (commit-ref-overwritten): the gateway's own booking number is written into the
    // client's Type 36 Confirmation, which keeps ID_Context Client.
    const overwritten = commit && internalRef !== undefined && faults.has('commit-ref-overwritten');
    const clientRef = el('Confirmation', { Type: '36', ID: overwritten ? internalRef : refs.bookingRef, ID_Context: 'Client' });
    const itemRef = el('Confirmation', { Type: '37', ID: item.ref, ID_Context: 'Client' });
    // Variant internal-and-client-refs: the gateway's own reference first; Confirmation allows
    // two, so the item reference moves to TPA_Extensions (where the spec's requests carry it).
    const internal = commit && internalRef !== undefined && variants.has('internal-and-client-refs');
    // Variant book-reply-gateway-ref-only: the gateway's own reference instead of the client's.
    const ownOnly = commit && internalRef !== undefined && variants.has('book-reply-gateway-ref-only');
    const internalConf = el('Confirmation', { Type: '36', ID: internalRef, ID_Context: overwritten ? 'Client' : 'Internal' });
    const confirmations = !commit
      ? [el('Confirmation', { Type: '16', ID: `QT-${(++quoteSeq).toString().padStart(6, '0')}`, ID_Context: 'Sandbox' })]
      : ownOnly
        ? [internalConf, itemRef]
        : internal
          ? overwritten
            ? [clientRef]
            : [internalConf, clientRef]
          : [clientRef, itemRef];
    const cats = [...new Set(participants.map((p) => p.category))];
    // Variant zoned-dates: date-times with the UTC offset of the activity's place.
    const local = (dt: string) => (variants.has('zoned-dates') ? withOffset(dt, a.country.code) : dt);
    const money = (cents: number) => ({ Amount: fmtMinor(cents, EUR2), CurrencyCode: 'EUR', DecimalPlaces: 2 });
    const content = el(
      'ReservationDetails',
      {},
      basicInfo(a, s),
      confirmations,
      participants.map((p) =>
        el(
          'ParticipantInfo',
          {},
          el('Category', { Age: p.age, Quantity: 1 }, qualifierInfo(p.category, variants)),
          p.surname
            ? el(
                'Individual',
                { ParticipantID: /^\d{1,8}$/.test(p.id) ? p.id : undefined, Age: p.age },
                p.namePrefix ? tel('NamePrefix', {}, p.namePrefix.slice(0, 16)) : '',
                p.givenName ? tel('GivenName', {}, p.givenName.slice(0, 64)) : '',
                tel('Surname', {}, p.surname.slice(0, 64)),
              )
            : '',
        ),
      ),
      el('PaymentInfo', money(total)),
      el('Schedule', { Start: local(start), End: local(end) }),
      pickup
        ? el('PickupDropoff', { DateTime: pickup.dateTime && local(pickup.dateTime), LocationName: pickup.location, PickupInd: 'true' })
        : '',
      el(
        'Pricing',
        {},
        el('Summary', money(total)),
        cats.map((c) => participantCategory(c, money(unitPrices[c]), participants.filter((p) => p.category === c).length, variants)),
      ),
      el(
        'TPA_Extensions',
        {},
        el('ReservationStatus', { Status: commit ? 'Confirmed' : 'Quoted' }),
        internal && !ownOnly ? el('UniqueID', { Type: '37', ID: item.ref, ID_Context: 'Client' }) : '',
      ),
    );
    return { content };
  },
};
