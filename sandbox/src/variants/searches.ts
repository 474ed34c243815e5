// Variants of the searches (hotel, activity and transfer availability, activity search): what a
// search that finds nothing says, and how large a party may be.

import type { VariantDef } from './variant';

export const SEARCH_VARIANTS = [
  // "Error responses, error codes and the conditions that cause them: not shown": a gateway may
  // refuse a search that finds nothing, as many REST-style APIs do with 404.
  {
    name: 'refuse-when-nothing-matches',
    operations: ['hotelavailability', 'activityavailability', 'activitysearch', 'transferavailability'],
    description:
      'A search that matches nothing (hotel, activity or transfer availability, activity search, an unknown airport) is refused: Errors/Error with the Type, Code and ShortText of the no-results Warning (11/424, 11/322) and HTTP 404, instead of Success with no results.',
    expectedWarnings: ['HAV-EMPTY'],
  },
  // The spec does not say how many persons a party may have; a gateway may sell small parties only.
  {
    name: 'capacity-limit',
    operations: ['hotelavailability', 'activityavailability', 'activitybook', 'transferavailability'],
    description:
      'Parties of more than 4 persons have no availability: hotel availability (guests), activity availability (participants) and transfer availability (passengers) answer as when nothing matches, and an activity booking (Quote or commit) with more than 4 ParticipantInfo is refused (Errors 3/322).',
    expectedWarnings: [],
  },
  // The spec does not constrain availability: a test gateway may hold inventory for the test data's
  // own stay only. Conformance asks with those dates; an exploration asks others and is shown
  // nothing, which proves nothing: it must end NOT DETERMINED, never "no finding".
  {
    name: 'inventory-for-test-data-dates',
    operations: ['hotelavailability', 'activityavailability', 'activitysearch', 'transferavailability'],
    description:
      "Availability is held for the test data's own stay only (30 days from today, 3 nights): a hotel or activity availability, activity search or transfer availability with any other first or last date matches nothing (Success with the no-results Warning). npm run conformance conforms; npm run explore is shown nothing and ends NOT DETERMINED (exit 4).",
    expectedWarnings: [],
    exploration: 'nothing shown',
  },
] as const satisfies readonly VariantDef[];
