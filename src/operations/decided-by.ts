// Which facts decide each MUST requirement that a contract rule judges from reply content: the
// facts the rule reads (docs/reply-profile.md has their places), and those it may learn by
// corroboration from another operation of the gateway. docs/requirements.md renders this table
// (test/unit/spec/requirements-basis.test.ts); a test checks every fact id exists and every MUST
// rule of a contract has its entry. Requirements not listed are decided by the HTTP exchange
// itself (status, headers, root) or by the booking life across calls (see their statements).
import type { RequirementId } from '../spec/requirements';

export interface DecidedBy {
  /** Facts of the operation's own reply. */
  facts: readonly string[];
  /** Facts asked of the gateway's descriptive operations when the reply does not show them. */
  corroboration?: readonly string[];
}

const HOTEL_PLACE = ['hotelnbc.hotel.country', 'hotelnbc.hotel.region'];
const ACTIVITY_PLACE = [...HOTEL_PLACE, 'activitynbc.activity.area', 'activitynbc.activity.country', 'activitynbc.activity.hotels'];

export const DECIDED_BY: Partial<Record<RequirementId, DecidedBy>> = {
  'HAV-SUCCESS': { facts: ['hotelavailability.hotel'] },
  'HAV-MAXRESPONSES': { facts: ['hotelavailability.hotel', 'hotelavailability.hotel.code'] },
  'HAV-PLACE': {
    facts: ['hotelavailability.hotel', 'hotelavailability.hotel.code', 'hotelavailability.hotel.country', 'hotelavailability.hotel.region'],
    corroboration: HOTEL_PLACE,
  },
  'HAV-DATES': { facts: ['hotelavailability.hotel', 'hotelavailability.hotel.start', 'hotelavailability.hotel.end'] },
  'HAV-GUESTS': { facts: ['hotelavailability.hotel', 'hotelavailability.hotel.guests'] },
  'AAV-SUCCESS': { facts: ['activityavailability.activity'] },
  'AAV-LOCATION': {
    facts: [
      'activityavailability.activity',
      'activityavailability.activity.hotel',
      'activityavailability.activity.area',
      'activityavailability.activity.country',
      'activityavailability.activity.product',
    ],
    corroboration: ACTIVITY_PLACE,
  },
  'AAV-DATES': { facts: ['activityavailability.activity', 'activityavailability.activity.start'] },
  'AAV-PARTICIPANTS': {
    facts: [
      'activityavailability.activity',
      'activityavailability.activity.category',
      'activityavailability.activity.category.code',
      'activityavailability.activity.category.quantity',
    ],
  },
  'ASR-SUCCESS': { facts: ['activitysearch.activity', 'activitysearch.activity.descriptive'] },
  'ASR-AREA': {
    facts: ['activitysearch.activity', 'activitysearch.activity.hotel', 'activitysearch.activity.area', 'activitysearch.activity.country'],
    corroboration: ACTIVITY_PLACE,
  },
  'HNBC-SUBJECT': { facts: ['hotelnbc.hotel', 'hotelnbc.hotel.code'] },
  'ANBC-SUBJECT': { facts: ['activitynbc.activity', 'activitynbc.activity.id'] },
  'TRF-SUCCESS': { facts: ['transferavailability.service'] },
  'TRF-AIRPORT': { facts: ['transferavailability.service', 'transferavailability.service.airport'] },
  'TRF-LOCATION': { facts: ['transferavailability.service', 'transferavailability.service.location'] },
  'TRF-DATES': { facts: ['transferavailability.service', 'transferavailability.service.pickupTime'] },
  'TRF-PASSENGERS': {
    facts: [
      'transferavailability.service',
      'transferavailability.service.charge',
      'transferavailability.service.charge.category',
      'transferavailability.service.charge.quantity',
      'transferavailability.service.capacity',
    ],
  },
  'BKG-COMMIT-REF': { facts: ['activitybook.reference'] },
};
