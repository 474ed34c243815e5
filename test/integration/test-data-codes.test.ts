// The user's test data is checked against the gateway before it is used. A code
// the gateway does not know is COULD NOT RUN (exit 2): one line naming the test-data field and what
// the gateway answered, before any scenario and with the earlier reports kept, never a
// nonconformance. One test per kind of code, against the sandbox; a gateway that takes a product's
// TourActivityID, not its product code, and says only "Invalid value", through
// a proxy; and codes that are known but have nothing available, which the scenarios judge.
import { after, before, describe, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '../../sandbox/src/index';
import { startHostileServer, type RunningServer } from '../support/hostile-server';
import { describeRun, PROJECT_ROOT, proxyTo, removeTempDirs, runConformance, targetEnv, tempDir, type RunResult } from './helpers';

type Data = Record<string, Record<string, unknown> & unknown[]>;
const SANDBOX_DATA = JSON.parse(readFileSync(join(PROJECT_ROOT, 'sandbox/data/test-data.json'), 'utf8')) as Data;

function testData(edit: (data: Data) => void): string {
  const d = structuredClone(SANDBOX_DATA);
  edit(d);
  const file = join(tempDir('ota-codes-'), 'test-data.json');
  writeFileSync(file, JSON.stringify(d));
  return file;
}

/** A run with this test data, its reports folder holding an earlier run's summary. */
async function runWith(file: string, env: Record<string, string> = {}, args: string[] = []): Promise<RunResult & { earlier: string }> {
  const reportsDir = join(tempDir('ota-codes-'), 'reports');
  mkdirSync(reportsDir, { recursive: true });
  const earlier = join(reportsDir, 'summary.json');
  writeFileSync(earlier, '{"earlier":true}');
  const runResult = await runConformance({ reportsDir, args, env: { OTA_TEST_DATA: file, ...env } });
  return { ...runResult, earlier };
}

/** COULD NOT RUN in one line naming the field, its value and the gateway's answer; no scenario ran. */
function assertUnknownCode(r: RunResult & { earlier: string }, field: string, value: string, answered: RegExp): void {
  assert.equal(r.code, 2, describeRun(r));
  const lines = r.stderr.split('\n').filter((l) => l.trim());
  assert.equal(lines.length, 1, describeRun(r));
  assert.match(lines[0], /^Could not run: the gateway does not know a code of the test data: /);
  assert.ok(lines[0].includes(`${field} "${value}"`), `names ${field} "${value}": ${lines[0]}`);
  assert.match(lines[0], answered);
  assert.doesNotMatch(r.stdout, /\[1\/|DOES NOT CONFORM|Conformance of/, 'no scenario ran, no verdict');
  assert.equal(readFileSync(r.earlier, 'utf8'), '{"earlier":true}', 'the earlier report is kept');
}

after(removeTempDirs);

describe('a code the sandbox does not know: exit 2 naming the field', { concurrency: 3 }, () => {
  test('a hotel of hotel descriptive data (hotels[].code)', async () => {
    const r = await runWith(testData((d) => ((d.hotels[1] as Record<string, unknown>).code = 'FAOVIL99')));
    assertUnknownCode(r, 'hotels[1].code', 'FAOVIL99', /\/hotelnbc answered an Errors reply: .*Hotel FAOVIL99 is unknown/);
  });
  test('a hotel whose guests are offered activities (activities.hotelCodes[])', async () => {
    const r = await runWith(testData((d) => (d.activities.hotelCodes = ['PMIBEL01', 'FAOXXX01'])));
    assertUnknownCode(r, 'activities.hotelCodes[1]', 'FAOXXX01', /\/activitysearch answered an Errors reply: .*Hotel FAOXXX01 is unknown/);
  });
  test('a product (activities.productCode), misspelt', async () => {
    const r = await runWith(testData((d) => (d.activities.productCode = 'PMI-DRAHC')));
    assertUnknownCode(r, 'activities.productCode', 'PMI-DRAHC', /\/activityavailability answered .*product PMI-DRAHC is unknown/);
    assert.match(r.stderr, /its TourActivityID, or its product code/);
  });
  test('an airport (transfers.airportCode)', async () => {
    const r = await runWith(testData((d) => (d.transfers.airportCode = 'PMX')));
    assertUnknownCode(r, 'transfers.airportCode', 'PMX', /\/transferavailability answered .*Airport PMX is unknown/);
  });
  test('the location a transfer serves (transfers.locationCode)', async () => {
    const r = await runWith(testData((d) => (d.transfers.locationCode = 'PMIBEL09')));
    assertUnknownCode(r, 'transfers.locationCode', 'PMIBEL09', /\/transferavailability answered .*Hotel PMIBEL09 is unknown/);
  });
});

describe('a gateway that takes the TourActivityID, and refuses a product code with a bare "Invalid value"', () => {
  let sandbox: RunningSandbox;
  let proxy: RunningServer;
  const TERSE = Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?><OTA_TourActivityAvailRS xmlns="http://www.opentravel.org/OTA/2003/05" Version="2011.2"><Errors><Error Type="3" Code="320">Invalid value</Error></Errors></OTA_TourActivityAvailRS>',
  );
  before(async () => {
    sandbox = await startSandbox();
    // Every unknown product, and a product code where the TourActivityID belongs, gets the same
    // refusal, which names nothing: only the gateway's behaviour tells the code is unknown.
    proxy = await startHostileServer(
      proxyTo(
        sandbox.baseUrl,
        (req, res) => {
          if (!/RegionCode="Product">DRACH-CAVES</.test(req.body)) return false;
          res.writeHead(400, { 'content-type': 'application/xml' }).end(TERSE);
          return true;
        },
        (reply) => (/product [^ ]+ is unknown/.test(reply.body.toString('utf8')) ? { ...reply, status: 400, body: TERSE } : reply),
      ),
    );
  });
  after(async () => {
    await proxy.close();
    await sandbox.close();
  });

  test('the product code DRACH-CAVES where the TourActivityID PMI-DRACH belongs: exit 2 naming activities.productCode', async () => {
    const r = await runWith(
      testData((d) => (d.activities.productCode = 'DRACH-CAVES')),
      targetEnv(proxy.url),
    );
    // It was DOES NOT CONFORM with 5 MUSTs failed (EP-POST, AUTH-VALID, REQ-INSTANCE-OPTIONAL, AAV-SUCCESS, ASR-SUCCESS).
    assertUnknownCode(r, 'activities.productCode', 'DRACH-CAVES', /\/activityavailability answered an Errors reply: Invalid value/);
  });

  test('the TourActivityID PMI-DRACH: the same gateway runs, and is judged', async () => {
    const r = await runWith(
      testData(() => undefined),
      targetEnv(proxy.url),
      ['--tags', '@op:activityavailability and not @informative'],
    );
    assert.notEqual(r.code, 2, describeRun(r));
    assert.doesNotMatch(r.stderr, /does not know/);
  });
});

describe('codes the gateway knows are left to the scenarios, whatever they find', () => {
  test('a product out of season on the dates asked (nothing available): no exit 2 for the test data', async () => {
    // PMI-CATAM runs from April to October: ask for a date in January.
    const now = new Date();
    const january = new Date(Date.UTC(now.getUTCFullYear() + 1, 0, 15));
    const offsetDays = Math.round((january.getTime() - Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())) / 86_400_000);
    const file = testData((data) => {
      data.activities.productCode = 'PMI-CATAM';
      (data as Record<string, unknown>).offsetDays = offsetDays;
    });
    const r = await runWith(file, {}, ['--tags', '@op:activityavailability and not @informative']);
    assert.notEqual(r.code, 2, describeRun(r));
    assert.doesNotMatch(r.stderr, /does not know/);
    assert.ok(existsSync(join(r.reportsDir, 'summary.json')) && !readFileSync(r.earlier, 'utf8').includes('earlier'), 'the run went on');
  });
});
