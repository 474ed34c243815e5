import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Assertion } from '../../../../src/contracts/rule';
import { Coverage, shownBy, summariseParts } from '../../../../src/commands/explore/coverage';
import type { ExplorationOutcome } from '../../../../src/commands/explore/exploration';
import { explorationVerdict } from '../../../../src/commands/explore/result';
import { spaceParts, type Case } from '../../../../src/commands/explore/space';
import type { RequirementId } from '../../../../src/specification/requirements';
import { EXIT, type Verdict } from '../../../../src/reporting/verdict';

const a = (req: RequirementId, outcome: Assertion['outcome']): Assertion => ({ req, outcome, findings: [], reasons: [] });
const hotel = (days: number): Case => ({ op: 'hotelavailability', start: '2027-03-01', days, maxResponses: 1 });
const nbc: Case = { op: 'hotelnbc', hotelCode: 'PMIBEL01', swapLanguages: false };
/** One explored read-only request, counted as the exploration counts it. */
const add = (c: Coverage, drawn: Case, assertions: Assertion[], refused: boolean) =>
  c.add(drawn.op, spaceParts(drawn), assertions, refused);

test('a reply shows evidence only when a rule of its own contract concluded on it; the envelope passing is none', () => {
  assert.equal(shownBy('hotelavailability', [a('EP-STATUS-200', 'passed'), a('HAV-DATES', 'passed')], false), 'shown');
  assert.equal(shownBy('hotelavailability', [a('EP-STATUS-200', 'passed'), a('HAV-DATES', 'cantTell')], false), 'nothing');
  assert.equal(shownBy('hotelavailability', [a('HAV-DATES', 'failed')], false), 'shown');
  assert.equal(shownBy('hotelavailability', [a('HAV-DATES', 'passed')], true), 'refused');
});

test('per operation, requirement and part of the space: shown apart from nothing and refused; not covered named', () => {
  const coverage = new Coverage();
  add(coverage, hotel(3), [a('EP-STATUS-200', 'passed'), a('HAV-DATES', 'passed')], false);
  add(coverage, hotel(12), [a('EP-STATUS-200', 'passed'), a('HAV-DATES', 'cantTell')], false);
  add(coverage, hotel(12), [a('HAV-DATES', 'cantTell')], true);
  add(coverage, nbc, [a('HNBC-SUBJECT', 'cantTell')], false);
  assert.deepEqual(coverage.byOperation.hotelavailability, { shown: 1, nothing: 1, refused: 1 });
  assert.deepEqual(coverage.byRequirement['HAV-DATES'], { shown: 1, nothing: 1, refused: 1 });
  assert.deepEqual(coverage.byRequirement['EP-STATUS-200'], { shown: 2, nothing: 0, refused: 0 });
  assert.deepEqual(coverage.notCovered(), { hotelavailability: ['12-day stays or periods'], hotelnbc: ['languages as configured'] });
  assert.deepEqual(coverage.blindOperations(), ['hotelnbc']);
  assert.deepEqual(coverage.byPart.hotelavailability!['12-day stays or periods'], { shown: 0, nothing: 1, refused: 1 });
  assert.equal(coverage.describe('hotelavailability'), '3 request(s): 1 showed what the rules judge, 1 answered with nothing, 1 refused');
});

test('a request without its language attributes: refused is a guess refused, named INFO', () => {
  const coverage = new Coverage();
  coverage.guess('activitysearch', undefined);
  coverage.guess('activitysearch', 'HTTP 400, Errors 10/321');
  coverage.guess('activitysearch', 'HTTP 400, other');
  coverage.guess('hotelnbc', undefined);
  assert.deepEqual(coverage.languagesLeftOut.activitysearch, { served: 1, refused: 2, firstRefusal: 'HTTP 400, Errors 10/321' });
  const lines = coverage.guessesRefused();
  assert.equal(lines.length, 1);
  assert.match(
    lines[0],
    /^INFO activitysearch refused 2 of 3 explored request\(s\) without PrimaryLangID and AltLangID \(first: HTTP 400, Errors 10\/321\): a guess refused, no finding/,
  );
});

/** The verdict an exploration ends with, from what the rules decided (as a selection) and what the replies showed. */
function verdictOf(decided: Partial<Verdict>, coverage: Coverage) {
  const verdict = {
    verdict: 'SELECTION PASSED',
    exitCode: EXIT.NOT_DETERMINED,
    reason: '',
    warnings: 0,
    classes: [],
    ...decided,
  } as Verdict;
  const out = { requests: 400, coverage, space: {} } as unknown as ExplorationOutcome;
  return explorationVerdict(verdict, out);
}

test('the verdict: NO FINDING (exit 0) only when every operation and every MUST showed evidence; else NOT DETERMINED (exit 4); a finding decides', () => {
  const seen = new Coverage();
  add(seen, hotel(3), [a('HAV-DATES', 'passed'), a('HAV-GUESTS', 'passed')], false);
  const ok = verdictOf({}, seen);
  assert.equal(ok.verdict, 'NO FINDING');
  assert.equal(ok.exitCode, 0);

  // a MUST no explored reply showed evidence for is not judged: no NO FINDING on it
  const partly = new Coverage();
  add(partly, hotel(3), [a('HAV-DATES', 'passed'), a('HAV-GUESTS', 'cantTell')], false);
  const unshown = verdictOf({}, partly);
  assert.equal(unshown.verdict, 'NOT DETERMINED');
  assert.equal(unshown.exitCode, 4);
  assert.match(unshown.reason, /no explored reply showed what HAV-GUESTS need/);

  const blind = new Coverage();
  add(blind, hotel(3), [a('HAV-DATES', 'passed')], false);
  for (let i = 0; i < 5; i++) add(blind, { ...hotel(5), op: 'activityavailability' }, [a('AAV-DATES', 'cantTell')], i === 0);
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

test('--profile booking: the booking operations count for evidence; Commits asked and none served leave all three blind (NOT DETERMINED)', () => {
  const quoted = '1 adult';
  // every quote refused: activitybook showed nothing, and no Commit was made from a served quote
  const refused = new Coverage(3);
  add(refused, hotel(3), [a('HAV-DATES', 'passed'), a('HAV-GUESTS', 'passed')], false);
  for (let i = 0; i < 4; i++)
    refused.add('activitybook', [quoted], [a('EP-STATUS-200', 'passed'), a('BKG-QUOTE-PRICED', 'cantTell')], true);
  assert.deepEqual(refused.byOperation.activitybook, { shown: 0, nothing: 0, refused: 4 });
  assert.deepEqual(refused.blindOperations(), ['activitybook', 'bookread', 'bookcancel']);
  const nd = verdictOf({}, refused);
  assert.equal(nd.verdict, 'NOT DETERMINED');
  assert.equal(nd.exitCode, 4);
  assert.match(
    nd.reason,
    /activitybook, 4 request\(s\): 0 showed what the rules judge, 0 answered with nothing, 4 refused; 3 Commit\(s\) asked, 0 sent, 0 served/,
  );
  assert.match(nd.reason, /bookread, 0 request\(s\).*; bookcancel, 0 request\(s\)/);

  // quotes served, but every Commit refused: still no booking shown to any booking operation
  const unserved = new Coverage(2);
  unserved.add('activitybook', [quoted], [a('BKG-QUOTE', 'passed'), a('BKG-QUOTE-PRICED', 'passed')], false);
  unserved.commit(false);
  unserved.add('activitybook', [`Commit: ${quoted}`], [], true);
  assert.deepEqual(unserved.blindOperations(), ['activitybook', 'bookread', 'bookcancel']);
  assert.match(verdictOf({}, unserved).reason, /2 Commit\(s\) asked, 1 sent, 0 served \(no booking was stored to read or cancel\)/);

  // a Commit served, read, cancelled and read again, each showing what its rules judge: counted, no finding
  const served = new Coverage(1);
  add(served, hotel(3), [a('HAV-DATES', 'passed')], false);
  served.add('activitybook', [quoted], [a('BKG-QUOTE', 'passed')], false);
  served.commit(true);
  served.add('activitybook', [`Commit: ${quoted}`], [a('BKG-COMMIT-REF', 'passed')], false);
  served.add('bookread', ['a read after the Commit'], [a('RD-RETURNS-BOOKING', 'passed'), a('BKG-COMMIT-PERSISTS', 'passed')], false);
  served.add('bookcancel', ['a cancel of a Commit'], [a('CXL-COMMIT-STATUS', 'passed')], false);
  served.add('bookread', ['a read after the cancel'], [a('CXL-COMMIT-CANCELS', 'passed')], false);
  assert.deepEqual(served.blindOperations(), []);
  assert.deepEqual(served.byRequirement['BKG-COMMIT-PERSISTS'], { shown: 1, nothing: 0, refused: 0 });
  assert.equal(verdictOf({}, served).verdict, 'NO FINDING');

  // reads that all cannot tell: bookread blind, and its MUSTs named
  const unread = new Coverage(1);
  unread.add('activitybook', [quoted], [a('BKG-QUOTE', 'passed')], false);
  unread.commit(true);
  unread.add('bookread', ['a read after the Commit'], [a('RD-RETURNS-BOOKING', 'cantTell'), a('BKG-COMMIT-PERSISTS', 'cantTell')], false);
  unread.add('bookcancel', ['a cancel of a Commit'], [a('CXL-COMMIT-STATUS', 'passed')], false);
  assert.deepEqual(unread.blindOperations(), ['bookread']);
  assert.match(
    verdictOf({}, unread).reason,
    /bookread, 1 request\(s\): 0 showed what the rules judge, 1 answered with nothing, 0 refused(?!;)/,
  );

  // a MUST of a booking operation that no reply showed, the operation having shown others: NOT DETERMINED, named
  const partly = new Coverage(1);
  partly.add('activitybook', [quoted], [a('BKG-QUOTE', 'passed')], false);
  partly.commit(true);
  partly.add('bookread', ['a read after the Commit'], [a('RD-RETURNS-BOOKING', 'passed'), a('BKG-COMMIT-PERSISTS', 'cantTell')], false);
  partly.add('bookcancel', ['a cancel of a Commit'], [a('CXL-COMMIT-STATUS', 'passed')], false);
  const unshown = verdictOf({}, partly);
  assert.equal(unshown.exitCode, 4);
  assert.match(unshown.reason, /no explored reply showed what BKG-COMMIT-PERSISTS need/);
});

test('parts of the space in short: those differing by a number alone in one entry', () => {
  assert.equal(
    summariseParts(['parties of 1', 'parties of 2', 'parties of 3', 'parties of 5', 'RefPoint Region']),
    'parties of {1-3, 5}; RefPoint Region',
  );
});
