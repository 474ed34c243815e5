import { test } from 'node:test';
import { strict as assert } from 'node:assert';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OtaRequest, fillPlaceholders } from '../../../src/xml/requests';
import { OPERATIONS, OPERATION_NAMES } from '../../../src/specification/operations';
import { SuiteError } from '../../../src/core/errors';
import { baseValues } from '../../../src/run/scenario-values';
import { loadTestData } from '../../../src/run/test-data-file';

const samples = join(__dirname, '../../../xml-samples');
const data = loadTestData(join(__dirname, '../../../sandbox/data/test-data.json'));
const credentials = { requestorId: 'R', requestorContext: 'C', requestorInstance: '', user: 'u', password: 'p@ss&"<' };
const values = { ...baseValues(credentials, data, 'RUN'), tourActivityId: 'A1', supplierProductCode: 'SP', supplierServiceCode: 'SS' };

test('every sample fills and matches the spec table of its operation', () => {
  for (const name of OPERATION_NAMES) {
    const req = OtaRequest.fromSample(OPERATIONS[name], samples, values);
    assert.deepEqual(req.conformanceProblems(), [], name);
  }
});

test('placeholder values are XML-escaped and an empty Instance is left out', () => {
  const req = OtaRequest.fromSample(OPERATIONS.hotelavailability, samples, values);
  assert.equal(req.value("//ota:RequestorID[@Type='88']/@MessagePassword"), 'p@ss&"<');
  assert.equal(req.value("//ota:RequestorID[@Type='22']/@Instance"), undefined);
  const withInstance = OtaRequest.fromSample(OPERATIONS.hotelavailability, samples, { ...values, requestorInstance: 'I1' });
  assert.equal(withInstance.value("//ota:RequestorID[@Type='22']/@Instance"), 'I1');
});

test('an unknown placeholder is a suite error naming the sample and the placeholder', () => {
  assert.throws(
    () => fillPlaceholders('<a b="{{nope}}"/>', {}, 'x.xml'),
    (e: Error) => e instanceof SuiteError && /x\.xml/.test(e.message) && /\{\{nope\}\}/.test(e.message),
  );
});

test("a sample that breaks the spec table is reported as the suite's error, not sent", () => {
  const dir = mkdtempSync(join(tmpdir(), 'samples-'));
  cpSync(samples, dir, { recursive: true });
  const file = join(dir, 'bookread.xml');
  writeFileSync(
    file,
    readFileSync(file, 'utf8')
      .replace('Version="2008.1"', 'Version="2007.1"')
      .replace(/<Source>\s*<RequestorID Type="88"[^]*?<\/Source>/, ''),
  );
  const req = OtaRequest.fromSample(OPERATIONS.bookread, dir, values);
  const problems = req.conformanceProblems();
  assert.ok(
    problems.some((p) => /Versioning table says 2008\.1/.test(p)),
    problems.join('; '),
  );
  assert.ok(
    problems.some((p) => /one Source|holds 1 Source/.test(p)),
    problems.join('; '),
  );
  assert.throws(
    () => req.assertConforms(),
    (e: Error) => e instanceof SuiteError && /not the gateway's fault/.test(e.message),
  );
});

test('a sample that is not well-formed is a suite error naming the file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'samples-'));
  cpSync(samples, dir, { recursive: true });
  writeFileSync(join(dir, 'hotelnbc.xml'), '<OTA_HotelDescriptiveInfoRQ><oops></OTA_HotelDescriptiveInfoRQ>');
  assert.throws(
    () => OtaRequest.fromSample(OPERATIONS.hotelnbc, dir, values),
    (e: Error) => e instanceof SuiteError && /hotelnbc\.xml is not well-formed/.test(e.message),
  );
});

test('dates that are not ISO 8601 are caught by the self-check', () => {
  const req = OtaRequest.fromSample(OPERATIONS.activitysearch, samples, { ...values, start: '01/12/2026' });
  assert.ok(req.conformanceProblems().some((p) => /DateTimePref@Start="01\/12\/2026" is not an ISO 8601 date/.test(p)));
});

test("repeated elements are rebuilt from the sample's own templates, in place and in order", () => {
  const req = OtaRequest.fromSample(OPERATIONS.transferavailability, samples, values);
  const passengers = 'ota:Passengers';
  req.replaceWithCopies(passengers, [
    `${passengers}[ota:Category/@Code='8']`,
    `${passengers}[ota:Category/@Code='10']`,
    `${passengers}[ota:Category/@Code='8']`,
  ]);
  assert.deepEqual(req.values(`${passengers}/ota:Category/@Code`), ['8', '10', '8']);
  assert.equal(req.value('ota:Passengers[1]/preceding-sibling::*[1]/ota:Locations/ota:Location/@RPH'), '1', 'in the place of the first');
  assert.equal(req.value('ota:Passengers[3]/following-sibling::*[1]/@Code'), 'TRANSFER', 'before what followed them');
  assert.deepEqual(req.conformanceProblems(), []);
});

test('a template an earlier rebuild removed (adults only, then a party with a child) is rebuilt from what it was', () => {
  const req = OtaRequest.fromSample(OPERATIONS.transferavailability, samples, values);
  const passengers = 'ota:Passengers';
  const child = `${passengers}[ota:Category/@Code='8']`;
  const adult = `${passengers}[ota:Category/@Code='10']`;
  req.replaceWithCopies(passengers, [adult]);
  assert.deepEqual(req.values(`${passengers}/ota:Category/@Code`), ['10']);
  req.replaceWithCopies(passengers, [adult, child]);
  assert.deepEqual(req.values(`${passengers}/ota:Category/@Code`), ['10', '8']);
  assert.throws(() => req.replaceWithCopies(passengers, [`${passengers}[ota:Category/@Code='99']`]), SuiteError);
});

test('edits by XPath: set, remove, append', () => {
  const req = OtaRequest.fromSample(OPERATIONS.bookcancel, samples, values);
  req.appendElement('/*', 'UniqueID', { Type: '37', ID: 'ITEM1', ID_Context: 'Client' });
  assert.equal(req.value("ota:UniqueID[@Type='37']/@ID"), 'ITEM1');
  req.remove('ota:POS');
  assert.ok(req.conformanceProblems().some((p) => /POS holds 0 Source/.test(p)));
  assert.throws(() => req.remove('ota:Nothing'), SuiteError);
});

test('an expression parsed once edits every request alike, and names match as XML names do (case-sensitively)', () => {
  const request = OtaRequest.fromSample(OPERATIONS.bookread, samples, values);
  const otaRequest = OtaRequest.fromSample(OPERATIONS.bookread, samples, values);
  request.setAttribute("ota:UniqueID[@Type='36']", 'ID', 'FIRST');
  otaRequest.setAttribute("ota:UniqueID[@Type='36']", 'ID', 'SECOND');
  assert.equal(request.value("ota:UniqueID[@Type='36']/@ID"), 'FIRST');
  assert.equal(otaRequest.value("ota:UniqueID[@Type='36']/@ID"), 'SECOND');
  assert.deepEqual(otaRequest.records('ota:UniqueID', { id: '@ID', type: '@Type' }), [{ id: 'SECOND', type: '36' }]);
  assert.equal(request.value("ota:uniqueid[@Type='36']/@ID"), undefined);
  assert.throws(() => request.setAttribute('ota:uniqueid', 'ID', 'X'), SuiteError);
});

test('the self-check reads the POS and every date attribute wherever it stands', () => {
  const req = OtaRequest.fromSample(OPERATIONS.activitybook, samples, values);
  assert.deepEqual(req.conformanceProblems(), []);
  req.setAttribute("ota:POS/ota:Source/ota:RequestorID[@Type='88']", 'MessagePassword', '');
  req.setAttribute("ota:POS/ota:Source/ota:RequestorID[@Type='22']", 'Type', '23');
  req.setAttribute('ota:BookingInfo/ota:PickupDropoff', 'DateTime', '2026-13');
  assert.deepEqual(req.conformanceProblems(), [
    'POS lacks a RequestorID Type=22 with ID and ID_Context',
    'POS lacks a RequestorID Type=88 with ID and MessagePassword',
    'PickupDropoff@DateTime="2026-13" is not an ISO 8601 date-time',
  ]);
});

test('the language attributes left out: accepted for an explored request that says so, and only theirs', () => {
  const req = OtaRequest.fromSample(OPERATIONS.activitynbc, samples, values);
  req.removeAttribute('/*', 'PrimaryLangID').removeAttribute('/*', 'AltLangID');
  const missing = req.conformanceProblems();
  assert.ok(missing.includes('root attribute PrimaryLangID is missing'), missing.join('; '));
  req.languagesLeftOut = true;
  assert.deepEqual(req.conformanceProblems(), []);
  // everything else is still required
  req.removeAttribute('/*', 'SequenceNmbr');
  assert.deepEqual(req.conformanceProblems(), ['root attribute SequenceNmbr is missing']);
});
