// In-memory booking store. Every method is synchronous: the check and the write of one
// operation happen in the same tick, so concurrent HTTP requests can never interleave between them
// (single process, single thread). That is the whole concurrency story, on purpose.
// The store is bounded (a booking is about 2.5 KB and load tests create thousands a second):
// beyond maxBookings the booking cancelled longest ago is forgotten, or else the oldest one.
import { err } from './errors';

export const DEFAULT_MAX_BOOKINGS = 10_000;

export type Status = 'Reserved' | 'Cancelled';

export interface Participant {
  id: string;
  category: string;
  age: number;
  namePrefix?: string;
  givenName?: string;
  surname?: string;
}

export interface Item {
  ref: string;
  status: Status;
  activityId: string;
  supplierProductCode: string;
  supplierServiceCode: string;
  name: string;
  serviceName: string;
  start: string;
  end: string;
  pickup?: { location: string; dateTime?: string };
  participants: Participant[];
  /** EUR cents per person by category. */
  unitPrices: Record<string, number>;
  /** EUR cents. */
  total: number;
  /** Epoch ms until which cancelling is free. */
  freeCancelUntil: number;
  penaltyPercent: number;
  createdAt: string;
  cancelledAt?: string;
}

export interface Booking {
  ref: string;
  /** The gateway's own reference (shown by variant internal-and-client-refs). */
  internalRef: string;
  status: Status;
  createdAt: string;
  items: Item[];
  /** Cancellation numbers issued, for the CancelRS. */
  cancellations: number;
}

export class BookingStore {
  /** By reference, in creation order (a Map iterates in insertion order). */
  private readonly bookings = new Map<string, Booking>();
  /** References of cancelled bookings, in the order they were cancelled: the first go first. */
  private readonly cancelled = new Set<string>();
  private seq = 0;

  constructor(readonly maxBookings = DEFAULT_MAX_BOOKINGS) {
    if (!Number.isInteger(maxBookings) || maxBookings < 1) throw new Error(`maxBookings must be a positive integer, got ${maxBookings}`);
  }

  get size(): number {
    return this.bookings.size;
  }

  get(ref: string): Booking | undefined {
    return this.bookings.get(ref);
  }

  /** The most recently created booking whose reference is not `ref` (used by a fault only). */
  latestOther(ref: string): Booking | undefined {
    const refs = [...this.bookings.keys()];
    for (let i = refs.length - 1; i >= 0; i--) if (refs[i] !== ref) return this.bookings.get(refs[i]);
    return undefined;
  }

  all(): Booking[] {
    return [...this.bookings.values()];
  }

  /** Makes room for one more booking: the one cancelled longest ago, else the oldest, is forgotten. */
  private evict(): void {
    while (this.bookings.size >= this.maxBookings) {
      const victim = this.cancelled.values().next().value ?? this.bookings.keys().next().value;
      if (victim === undefined) return;
      this.bookings.delete(victim);
      this.cancelled.delete(victim);
    }
  }

  /**
   * Commits one item. New booking reference: creates the booking. Live booking: adds the item
   * unless its reference is already there. `checkDuplicates=false` models a gateway without the
   * uniqueness check (fault duplicate-accepted).
   */
  commit(ref: string, item: Item, createdAt: string, checkDuplicates = true): Booking {
    const existing = this.bookings.get(ref);
    if (!existing) {
      this.evict();
      const internalRef = `SBX-${String(++this.seq).padStart(8, '0')}`;
      const booking: Booking = { ref, internalRef, status: 'Reserved', createdAt, items: [item], cancellations: 0 };
      this.bookings.set(ref, booking);
      return booking;
    }
    if (checkDuplicates) {
      if (existing.status === 'Cancelled') throw err.cancelled(`Booking ${ref} is cancelled; use a new booking reference`);
      if (existing.items.some((i) => i.ref === item.ref)) {
        throw err.duplicate(`Booking ${ref} already holds item ${item.ref}`);
      }
    }
    existing.items.push(item);
    existing.status = 'Reserved';
    this.cancelled.delete(ref);
    return existing;
  }

  /**
   * Resolves what a cancel request would cancel, with the same checks as the cancel itself
   * (unknown or already cancelled booking/item), without changing anything.
   */
  target(ref: string, itemRef?: string): { booking: Booking; items: Item[] } {
    const booking = this.bookings.get(ref);
    if (!booking) throw err.bookingRef(`Booking ${ref} does not exist`);
    if (itemRef !== undefined) {
      const item = booking.items.find((i) => i.ref === itemRef);
      if (!item) throw err.bookingRef(`Booking ${ref} has no item ${itemRef}`);
      if (item.status === 'Cancelled') throw err.cancelled(`Item ${itemRef} of booking ${ref} is already cancelled`);
      return { booking: booking, items: [item] };
    }
    if (booking.status === 'Cancelled') throw err.cancelled(`Booking ${ref} is already cancelled`);
    return { booking: booking, items: booking.items.filter((i) => i.status === 'Reserved') };
  }

  /** Cancels the given items; the booking is cancelled when no live item is left. */
  cancel(booking: Booking, items: Item[], at: string): void {
    for (const item of items) {
      item.status = 'Cancelled';
      item.cancelledAt = at;
    }
    if (booking.items.every((i) => i.status === 'Cancelled')) {
      booking.status = 'Cancelled';
      this.cancelled.add(booking.ref);
    }
    booking.cancellations++;
  }
}
