// Booking cancel (POST /bookcancel): what the rest of the suite may use of this folder.
// Everything else in it is its own; .dependency-cruiser.cjs refuses an import past this entry.
export { cancellationConfirmed, contract, FACTS, termsQuoted } from './contract';
export * from './request';
export { readsFormBy, wholeCancellation, WHOLE_BOOKING } from './partial-form';
