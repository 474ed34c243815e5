// Activity booking (POST /activitybook): what the rest of the suite may use of this folder.
// Everything else in it is its own; .dependency-cruiser.cjs refuses an import past this entry.
export { commitRef, contract, FACTS, quoteNotStored } from './contract';
export * from './request';
export { contrastParty, participantsSent, partyServed, showsNoParty } from './participants';
export { bookActivity, type Booker, type BookingRequest } from './book';
