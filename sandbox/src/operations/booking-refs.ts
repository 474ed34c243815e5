// The booking references a booking request carries (UniqueID Type 36 for the client's booking,
// Type 37 for the item within it), read alike by activity booking and booking cancel.
import { err } from '../errors';
import type { XNode } from '../xml';
import { attr } from './common';

export interface BookingRefs {
  /** UniqueID Type 36: the client's booking. */
  bookingRef?: string;
  /** UniqueID Type 37: the item within it. */
  itemRef?: string;
}

export function readRefs(nodes: XNode[]): BookingRefs {
  const out: BookingRefs = {};
  for (const node of nodes) {
    const type = node.attrs.Type?.trim();
    if (type !== '36' && type !== '37') continue;
    const id = attr(node, 'ID', `UniqueID[@Type='${type}']`);
    if (id.length > 32) throw err.invalid(`UniqueID Type ${type} ID is longer than 32 characters`);
    if (type === '36') out.bookingRef ??= id;
    else out.itemRef ??= id;
  }
  return out;
}
