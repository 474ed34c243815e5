// Activity search (POST /activitysearch): what the rest of the suite may use of this folder.
// Everything else in it is its own; .dependency-cruiser.cjs refuses an import past this entry.
export { contract, FACTS } from './contract';
export * from './request';
export { activitiesShown, anotherActivity } from './another-activity';
