// The booking part of the input space (--profile booking): an activity booking drawn from the
// spec's table of /activitybook ("ParticipantInfo (repeated, one per participant)", Schedule,
// PickupDropoff, "TPA_Extensions/UniqueID (repeated)") and the gateway's own codes (the activity,
// its supplier codes, its day and times come from an availability reply of the exploration). A
// party of 1 to 9 across the categories the gateway shows, ages at the edges, names with letters
// beyond ASCII, the period asked across month and year ends, a pickup at any hour (late night more
// often) or as shown, PickupInd true and false, one to three Type 37 references. Shrunk towards
// the fewest participants, the shortest schedule and the fewest references.
import { addDays } from '../../core/dates';
import type { RequirementId } from '../../specification/requirements';
import type { Random } from './random';
import { CATEGORIES, describeCase, edgeDates, spaceParts, type Case, type Participants } from './space';

/** The booking operations an exploration with --profile booking sends: a quote or a Commit, its read and its cancel. */
export const BOOKING_OPERATIONS = ['activitybook', 'bookread', 'bookcancel'] as const;
export type BookingOperation = (typeof BOOKING_OPERATIONS)[number];

/**
 * The requirements the booking part judges on each booking operation's replies (beside the
 * envelope's): a reply showed evidence when one of them passed or failed on it. The quote and the
 * Commit are replies of /activitybook; what a Commit stored, and whether the cancel held, is
 * shown by a read.
 */
export const BOOKING_RULES: Record<BookingOperation, readonly RequirementId[]> = {
  activitybook: ['BKG-QUOTE', 'BKG-QUOTE-PRICED', 'BKG-PARTICIPANTS-REPEATED', 'BKG-COMMIT-REF'],
  bookread: ['RD-RETURNS-BOOKING', 'RD-DETAILS', 'BKG-COMMIT-PERSISTS', 'CXL-COMMIT-CANCELS'],
  bookcancel: ['CXL-COMMIT-STATUS'],
};

/** Commits an exploration with --profile booking makes by default (each read, cancelled and read again). */
export const DEFAULT_BOOKINGS = 4;

/** One participant of a booking: its category, age and names (one ParticipantInfo each). */
export interface Participant {
  code: string;
  age: number;
  givenName: string;
  surname: string;
}

/** The values of one explored activity booking; the activity's codes and times come from availability. */
export interface BookingCase {
  op: 'activitybook';
  participants: Participant[];
  /** The period availability is asked for (the booking's day is the first it offers in it). */
  start: string;
  days: number;
  /** The schedule's length in minutes: as shown, or shortened (shrinking keeps its start). */
  minutes?: number;
  /** hh:mm of the pickup: 22:00 and later on the day before the booked day, else on it; undefined: as shown. */
  pickupTime?: string;
  pickupInd: boolean;
  /** How many TPA_Extensions/UniqueID Type 37 references the request carries. */
  references: number;
}

/** Any explored case: a read-only operation's, or a booking's. */
export type AnyCase = Case | BookingCase;

export const isBooking = (c: AnyCase): c is BookingCase => c.op === 'activitybook';

// Given names and surnames with letters beyond ASCII (and plain ones), as travellers have them.
const GIVEN = ['Zoë', 'José', 'Łukasz', 'Björn', 'Ana', 'Søren', 'Ngọc', 'Ελένη', 'Çağla', 'Leo', 'Đorđe', 'Mia'];
const SURNAMES = ['Conformance', 'Núñez', 'Østergård', 'Müller-Lüdenscheidt', 'Dvořák', 'Ó Briain'];

/** A party of 1 to 9 across the categories shown, at the edges of each category's ages; mostly with an adult. */
function drawParticipants(rnd: Random, categories: readonly string[]): Participant[] {
  const total = rnd.int(1, 9);
  const known = CATEGORIES.filter((c) => categories.includes(c.code));
  const codes: string[] = rnd.chance(0.9) ? ['10'] : [];
  while (codes.length < total) codes.push(rnd.pick(known).code);
  const surname = rnd.pick(SURNAMES);
  return known.flatMap((k) =>
    codes
      .filter((c) => c === k.code)
      .map(() => ({
        code: k.code,
        age: rnd.pick(k.ages),
        givenName: rnd.pick(GIVEN),
        surname: rnd.chance(0.8) ? surname : rnd.pick(SURNAMES),
      })),
  );
}

/** A pickup time: as shown half the time, else any hour, late night (22:00 to 01:59) more often. */
function drawPickup(rnd: Random): string | undefined {
  if (rnd.chance(0.4)) return undefined;
  const hour = rnd.chance(0.5) ? rnd.pick([22, 23, 0, 1]) : rnd.int(0, 23);
  return `${String(hour).padStart(2, '0')}:${rnd.pick(['00', '15', '30', '45', '59'])}`;
}

/** Draws one booking: the period asked across a month or year end a third of the time each. */
export function drawBookingCase(rnd: Random, earliest: string, categories: readonly string[]): BookingCase {
  const days = rnd.int(1, 14);
  const edges = edgeDates(earliest);
  const roll = rnd.next();
  const edge = roll < 0.35 ? rnd.pick(edges.monthEnds) : roll < 0.5 && edges.yearEnds.length ? rnd.pick(edges.yearEnds) : undefined;
  const start = edge ?? addDays(earliest, rnd.int(0, 60));
  return {
    op: 'activitybook',
    participants: drawParticipants(rnd, categories),
    start,
    days,
    pickupTime: drawPickup(rnd),
    pickupInd: rnd.chance(0.75),
    references: rnd.pick([1, 1, 2, 3]),
  };
}

/** The party of a booking as availability asks for it: a count per category. */
export function partyOf(bookingCase: BookingCase): Participants[] {
  const codes = [...new Set(bookingCase.participants.map((p) => p.code))];
  return codes.map((code) => {
    const of = bookingCase.participants.filter((p) => p.code === code);
    return { code, count: of.length, age: of[0].age };
  });
}

/**
 * Smaller bookings to quote in place of a failing one, in the order the shrink prefers: fewest
 * participants (a whole category out, then one fewer of a category), the shortest schedule (one
 * hour, keeping its start), the fewest references, the pickup as shown. Each is strictly smaller.
 */
export function shrinkBookingCandidates(bookingCase: BookingCase, shownMinutes: number): BookingCase[] {
  const out: BookingCase[] = [];
  const ps = bookingCase.participants;
  if (ps.length > 1) {
    const codes = [...new Set(ps.map((p) => p.code))];
    if (codes.length > 1) for (const code of codes.reverse()) out.push({ ...bookingCase, participants: ps.filter((p) => p.code !== code) });
    for (const code of codes) {
      const last = ps.map((p) => p.code).lastIndexOf(code);
      if (ps.filter((p) => p.code === code).length > 1) out.push({ ...bookingCase, participants: ps.filter((_, i) => i !== last) });
    }
  }
  const minutes = bookingCase.minutes ?? shownMinutes;
  if (minutes > 60) out.push({ ...bookingCase, minutes: 60 }, { ...bookingCase, minutes: Math.max(60, Math.floor(minutes / 2)) });
  if (bookingCase.references > 1) out.push({ ...bookingCase, references: 1 }, { ...bookingCase, references: bookingCase.references - 1 });
  if (bookingCase.pickupTime !== undefined) out.push({ ...bookingCase, pickupTime: undefined });
  if (!bookingCase.pickupInd) out.push({ ...bookingCase, pickupInd: true });
  return out;
}

/** The booking in one line, as findings and the console name it. */
export function describeBookingCase(bookingCase: BookingCase): string {
  const party = partyOf(bookingCase).map((p) => `${p.count}×${p.code}`);
  const ages = bookingCase.participants.map((p) => p.age).join(', ');
  return [
    `party ${party.join(' + ')} (ages ${ages}; ${bookingCase.participants.map((p) => `${p.givenName} ${p.surname}`).join(', ')})`,
    `the first day offered from ${bookingCase.start} within ${bookingCase.days} day(s)`,
    bookingCase.minutes !== undefined ? `a schedule of ${bookingCase.minutes} minutes` : 'the schedule shown',
    bookingCase.pickupTime ? `pickup at ${bookingCase.pickupTime}` : 'pickup as shown',
    `PickupInd ${bookingCase.pickupInd}`,
    `${bookingCase.references} Type 37 reference(s)`,
  ].join('; ');
}

/** Any explored case in one line. */
export const describeExplored = (c: AnyCase): string => (isBooking(c) ? describeBookingCase(c) : describeCase(c));

/** Which parts of the booking space a case touched, once sent with these values (the day booked, the pickup sent). */
export function bookingSpaceParts(bookingCase: BookingCase, booked?: { day: string; pickup?: string }): string[] {
  const asRead = spaceParts({ op: 'activityavailability', party: partyOf(bookingCase) }).filter((p) => !p.startsWith('age '));
  const parts = [
    ...asRead,
    ...bookingCase.participants.map((p) => `age ${p.age}`),
    `${bookingCase.references} Type 37 reference(s)`,
    `PickupInd ${bookingCase.pickupInd}`,
  ];
  if (bookingCase.participants.some((p) => /[^\u0020-\u007e]/.test(p.givenName + p.surname))) parts.push('names beyond ASCII');
  if (booked) {
    const next = addDays(booked.day, 1);
    if (booked.day.slice(5, 7) !== next.slice(5, 7)) parts.push('booked on a month end');
    if (booked.day.slice(0, 4) !== next.slice(0, 4)) parts.push('booked on a year end');
    if (booked.pickup) parts.push(`pickup hour ${booked.pickup.slice(11, 13)}`);
    if (booked.pickup && booked.pickup.slice(0, 10) !== booked.day) parts.push('pickup the day before');
  }
  return parts;
}
