import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Assertion } from '../../../../src/contracts/rule';
import { Coverage, shownBy, summariseParts } from '../../../../src/commands/explore/coverage';
import type { ExplorationOutcome } from '../../../../src/commands/explore/exploration';
import { explorationVerdict } from '../../../../src/commands/explore/result';
import type { Case } from '../../../../src/commands/explore/space';
import type { RequirementId } from '../../../../src/specification/requirements';
import { EXIT, type Verdict } from '../../../../src/reporting/verdict';

const a = (req: RequirementId, outcome: Assertion['outcome']): Assertion => ({ req, outcome, findings: [], reasons: [] });
const hotel = (days: number): Case => ({ op: 'hotelavailability', start: '2027-03-01', days, maxResponses: 1 });
const nbc: Case = { op: 'hotelnbc', hotelCode: 'PMIBEL01', swapLanguages: false };

test('a reply shows evidence only when a rule of its own contract concluded on it; the envelope passing is none', () => {
  assert.equal(shownBy(hotel(3), [a('EP-STATUS-200', 'passed'), a('HAV-DATES', 'passed')], false), 'shown');
  assert.equal(shownBy(hotel(3), [a('EP-STATUS-200', 'passed'), a('HAV-DATES', 'cantTell')], false), 'nothing');
  assert.equal(shownBy(hotel(3), [a('HAV-DATES', 'failed')], false), 'shown');
  assert.equal(shownBy(hotel(3), [a('HAV-DATES', 'passed')], true), 'refused');
});

test('per operation, requirement and part of the space: shown apart from nothing and refused; not covered named', () => {
  const c = new Coverage();
  c.add(hotel(3), [a('EP-STATUS-200', 'passed'), a('HAV-DATES', 'passed')], false);
  c.add(hotel(12), [a('EP-STATUS-200', 'passed'), a('HAV-DATES', 'cantTell')], false);
  c.add(hotel(12), [a('HAV-DATES', 'cantTell')], true);
  c.add(nbc, [a('HNBC-SUBJECT', 'cantTell')], false);
  assert.deepEqual(c.byOperation.hotelavailability, { shown: 1, nothing: 1, refused: 1 });
  assert.deepEqual(c.byRequirement['HAV-DATES'], { shown: 1, nothing: 1, refused: 1 });
  assert.deepEqual(c.byRequirement['EP-STATUS-200'], { shown: 2, nothing: 0, refused: 0 });
  assert.deepEqual(c.notCovered(), { hotelavailability: ['12-day stays or periods'], hotelnbc: ['languages as configured'] });
  assert.deepEqual(c.blindOperations(), ['hotelnbc']);
  assert.deepEqual(c.byPart.hotelavailability!['12-day stays or periods'], { shown: 0, nothing: 1, refused: 1 });
  assert.equal(c.describe('hotelavailability'), '3 request(s): 1 showed what the rules judge, 1 answered with nothing, 1 refused');
});

test('a request without its language attributes: refused is a guess refused, named INFO', () => {
  const c = new Coverage();
  c.guess('activitysearch', undefined);
  c.guess('activitysearch', 'HTTP 400, Errors 10/321');
  c.guess('activitysearch', 'HTTP 400, other');
  c.guess('hotelnbc', undefined);
  assert.deepEqual(c.languagesLeftOut.activitysearch, { served: 1, refused: 2, firstRefusal: 'HTTP 400, Errors 10/321' });
  const lines = c.guessesRefused();
  assert.equal(lines.length, 1);
  assert.match(
    lines[0],
    /^INFO activitysearch refused 2 of 3 explored request\(s\) without PrimaryLangID and AltLangID \(first: HTTP 400, Errors 10\/321\): a guess refused, no finding/,
  );
});

/** The verdict an exploration ends with, from what the rules decided (as a selection) and what the replies showed. */
function verdictOf(decided: Partial<Verdict>, coverage: Coverage) {
  const v = { verdict: 'SELECTION PASSED', exitCode: EXIT.NOT_DETERMINED, reason: '', warnings: 0, classes: [], ...decided } as Verdict;
  const out = { requests: 400, coverage, space: {} } as unknown as ExplorationOutcome;
  return explorationVerdict(v, out);
}

test('the verdict: NO FINDING (exit 0) only when every operation and every MUST showed evidence; else NOT DETERMINED (exit 4); a finding decides', () => {
  const seen = new Coverage();
  seen.add(hotel(3), [a('HAV-DATES', 'passed'), a('HAV-GUESTS', 'passed')], false);
  const ok = verdictOf({}, seen);
  assert.equal(ok.verdict, 'NO FINDING');
  assert.equal(ok.exitCode, 0);

  // a MUST no explored reply showed evidence for is not judged: no NO FINDING on it
  const partly = new Coverage();
  partly.add(hotel(3), [a('HAV-DATES', 'passed'), a('HAV-GUESTS', 'cantTell')], false);
  const unshown = verdictOf({}, partly);
  assert.equal(unshown.verdict, 'NOT DETERMINED');
  assert.equal(unshown.exitCode, 4);
  assert.match(unshown.reason, /no explored reply showed what HAV-GUESTS need/);

  const blind = new Coverage();
  blind.add(hotel(3), [a('HAV-DATES', 'passed')], false);
  for (let i = 0; i < 5; i++) blind.add({ ...hotel(5), op: 'activityavailability' }, [a('AAV-DATES', 'cantTell')], i === 0);
  const nd = verdictOf({}, blind);
  assert.equal(nd.verdict, 'NOT DETERMINED');
  assert.equal(nd.exitCode, 4);
  assert.match(nd.reason, /activityavailability, 5 request\(s\): 0 showed what the rules judge, 4 answered with nothing, 1 refused/);
  assert.doesNotMatch(nd.reason, /hotelavailability/);

  // a finding, or the suite's own trouble, is the verdict whatever was shown
  const found = verdictOf({ verdict: 'DOES NOT CONFORM', exitCode: EXIT.DOES_NOT_CONFORM, reason: 'x' }, blind);
  assert.equal(found.verdict, 'DOES NOT CONFORM');
  assert.equal(verdictOf({ verdict: 'COULD NOT RUN', exitCode: EXIT.COULD_NOT_RUN, reason: 'x' }, blind).exitCode, 2);
});

test('parts of the space in short: those differing by a number alone in one entry', () => {
  assert.equal(
    summariseParts(['parties of 1', 'parties of 2', 'parties of 3', 'parties of 5', 'RefPoint Region']),
    'parties of {1-3, 5}; RefPoint Region',
  );
});
