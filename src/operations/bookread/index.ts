// Booking read (POST /bookread): what the rest of the suite may use of this folder.
// Everything else in it is its own; .dependency-cruiser.cjs refuses an import past this entry.
export { contract, FACTS, noLongerLive, onlyItemCancelled, readDetails, readReturns, shownLive } from './contract';
export * from './request';
