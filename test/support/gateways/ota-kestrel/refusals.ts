// Kestrel's refusals, in the forms it chose (the spec: "Error responses, error codes and the
// conditions that cause them: not shown"):
// - a code it does not know (hotel, product, airport): HTTP 200, the RS root with Warnings only;
// - a request that is invalid or breaks a constraint: HTTP 422, a JSON problem body;
// - an unknown booking: HTTP 404, JSON; an already cancelled one or a duplicate: 409, JSON;
// - credentials: HTTP 403, JSON; a body that is not XML: HTTP 400, text/plain.

export type RefusalForm = 'warnings' | 'json' | 'text';

export class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly form: RefusalForm,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
export const unknownCode = (what: string) => new Refusal(200, 'warnings', '392', what);
export const invalid = (what: string) => new Refusal(422, 'json', 'invalid-request', what);
export const missing = (what: string) => invalid(`${what} is missing`);
export const noBooking = (what: string) => new Refusal(404, 'json', 'booking-not-found', what);
export const conflict = (what: string) => new Refusal(409, 'json', 'conflict', what);
export const denied = () => new Refusal(403, 'json', 'forbidden', 'Unknown requestor or wrong password');

export function int(value: string | undefined, what: string, min = 0): number {
  if (value === undefined) throw missing(what);
  if (!/^\d+$/.test(value) || Number(value) < min) throw invalid(`${what} must be a whole number of at least ${min}`);
  return Number(value);
}
export function bool(value: string | undefined, what: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw invalid(`${what} must be true or false`);
}
