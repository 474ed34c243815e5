// Issue 19: every testable MUST and SHOULD requirement is declared broken by some sandbox fault, so
// each check is proven able to fail (scripts/mutants.ts then proves each fault fails ALL it
// declares). NOT_YET_FAULTED is the requirements still without a fault: a list that may only shrink
// (a requirement given a fault must leave it), never a place to hide one.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FAULTS } from '../../../sandbox/src/faults';
import { REQUIREMENTS, requirement, type RequirementId } from '../../../src/spec/requirements';

const NOT_YET_FAULTED: readonly RequirementId[] = [
  'AAV-DATES',
  'AAV-LOCATION',
  'AAV-SUCCESS',
  'HAV-REFPOINT-CONTEXTS',
  'HAV-SUCCESS',
  'REQ-INSTANCE-OPTIONAL',
  'TRF-DATES',
  'TRF-LEG-FORMS',
  'TRF-LOCATION',
  'TRF-LOCATIONS-REPEATED',
  'TRF-PASSENGERS',
  'TRF-PASSENGERS-REPEATED',
  'TRF-SUCCESS',
  'AAV-HOTEL-ONLY',
  'AAV-PRODUCT-ONLY',
  'ANBC-CONTENT',
  'ASR-DATES',
  'AUTH-BOOKING-UNTOUCHED',
  'AUTH-REQUESTOR',
  'AUTH-TWO-SOURCES',
  'AUTH-USER',
  'EP-DATES',
  'EP-ERROR-TYPE',
  'EP-REJECT-MALFORMED',
  'EP-REJECT-NAMESPACE',
  'EP-REJECT-ROOT',
  'HAV-EMPTY',
  'HNBC-CONTENT',
  'SEC-NO-CREDENTIAL-ECHO',
  'TRF-UNKNOWN-AIRPORT',
];

const testable = REQUIREMENTS.filter((q) => q.level !== 'INFO' && !('untestable' in q && q.untestable));
const declared = new Set<string>(FAULTS.flatMap((f) => f.breaks));

test('a fault declares only testable requirements', () => {
  for (const f of FAULTS)
    for (const id of f.breaks) {
      const q = requirement(id as RequirementId);
      assert.ok(!('untestable' in q && q.untestable), `fault ${f.name} declares ${id}, which the catalogue marks untestable`);
    }
});

test('every testable MUST and SHOULD requirement is declared by some fault (or still listed as not yet faulted)', () => {
  const missing = testable.filter((q) => !declared.has(q.id) && !NOT_YET_FAULTED.includes(q.id)).map((q) => q.id);
  assert.deepEqual(missing, [], `requirements no fault declares: ${missing.join(', ')}`);
});

test('the not-yet-faulted list only shrinks: none of its requirements has a fault or is untestable', () => {
  const stale = NOT_YET_FAULTED.filter((id) => declared.has(id) || !testable.some((q) => q.id === id));
  assert.deepEqual(stale, [], `remove from NOT_YET_FAULTED: ${stale.join(', ')}`);
});

test('an untestable requirement says why', () => {
  for (const q of REQUIREMENTS)
    if ('untestable' in q && q.untestable !== undefined) assert.ok(q.untestable.trim().length > 20, `${q.id}: untestable without a reason`);
});
