// npm run init: the test data of a gateway asked of the gateway, from one hotel
// code, then `npm run conformance` with the file it wrote. Against the sandbox under each combined
// dialect (scripts/mutants/matrix.ts: the booking words, which no reply shows, given as options as
// a user would), and against Alba's two dialects (test/support/gateways/ota-literal), which no line
// of init was written against. A gateway that refuses the credentials, answers nothing usable or
// does not answer: one line, exit 2, nothing written; a partly discovered file only with --partial.
import { after, before, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeRun, removeTempDirs, runConformance, targetEnv, tempDir, type RunResult, openMusts } from './helpers';
import { startSandbox } from '../../sandbox/src/index';
import { VARIANTS } from '../../sandbox/src/variants';
import { VARIANT_COMBINATIONS } from '../../scripts/mutants/matrix';
import { albaEnv, startOtaLiteralGateway, type Dialect } from '../support/gateways/ota-literal';
import { startHostileServer } from '../support/hostile-server';
import type { ConformanceResult } from '../../src/reporting/result';

after(removeTempDirs);

const summary = (r: RunResult) => JSON.parse(readFileSync(join(r.reportsDir, 'summary.json'), 'utf8')) as ConformanceResult;
/** MUST requirements of the claimed classes that did not pass, in words. */
const open = (s: ConformanceResult) =>
  openMusts(s.requirements).map((q) => `${q.id} ${q.outcome}: ${q.reason ?? q.findings[0]?.found ?? ''}`);

const init = (env: Record<string, string>, args: string[]) => runConformance({ script: 'init', env, args, timeoutMs: 110_000 });

/** The options a user of a dialect gives: the booking words its variants declare (no reply shows them). */
function bookingOptions(variants: readonly string[]): string[] {
  const args: string[] = [];
  for (const name of variants) {
    const booking = (VARIANTS.find((v) => v.name === name) as { testData?: { booking?: Record<string, unknown> } } | undefined)?.testData
      ?.booking;
    if (booking?.commitResStatus) args.push('--commit-res-status', String(booking.commitResStatus));
    if (booking?.commitCancelType) args.push('--commit-cancel-type', String(booking.commitCancelType));
    if (Array.isArray(booking?.cancelledStatusWords)) args.push('--cancelled-words', booking.cancelledStatusWords.join(','));
  }
  return args;
}

interface InitThenRun {
  init: RunResult;
  file: string;
  run?: RunResult;
}

async function initThenRun(url: string, env: Record<string, string>, args: string[]): Promise<InitThenRun> {
  const file = join(tempDir('ota-init-'), 'gateway.test-data.json');
  const written = await init(targetEnv(url, env), ['--out', file, ...args]);
  if (written.code !== 0) return { init: written, file };
  const run = await runConformance({ args: ['--summary-only'], env: targetEnv(url, { ...env, OTA_TEST_DATA: file }), timeoutMs: 110_000 });
  return { init: written, file, run };
}

for (const combined of VARIANT_COMBINATIONS)
  test(`the sandbox as ${combined.name}: init from one hotel code, then CONFORMS with no MUST open`, async () => {
    const sb = await startSandbox({ port: 0, variants: [...combined.variants] });
    try {
      const r = await initThenRun(sb.baseUrl, {}, ['--hotel', 'PMIBEL01', ...bookingOptions(combined.variants)]);
      assert.equal(r.init.code, 0, describeRun(r.init));
      assert.match(
        r.init.stdout,
        /^Wrote .*: every field, asked of .* in \d+ read-only requests; checked: the schema, and the gateway knows its codes\.$/m,
      );
      const data = JSON.parse(readFileSync(r.file, 'utf8')) as Record<string, unknown> & { sources: Record<string, string> };
      // every value with where it came from; the gateway's own answers, not the sandbox's shipped file
      for (const field of [
        'hotelAvailability.places[0]',
        'hotels[0]',
        'activities.productCode',
        'transfers.airportCode',
        'transfers.locationTypeCode',
      ])
        assert.ok(data.sources[field] && !data.sources[field].startsWith('a guess'), `${field}: ${data.sources[field]}`);
      assert.match(data.sources['booking.commitResStatus'], combined.name === 'acme' ? /^given/ : /^a guess/);
      assert.ok(r.run, 'the run ran');
      assert.equal(r.run.code, 0, describeRun(r.run));
      assert.equal(summary(r.run).verdict, 'CONFORMS');
      assert.deepEqual(open(summary(r.run)), []);
    } finally {
      await sb.close();
    }
  });

// Alba shows its airports only in transfer replies, which need one: init finds it in the airport
// dataset, near the hotel's position (literal, summaries) or in its country and region (terse), and
// transfer availability confirms it. No partial-cancellation form is given: the run finds it (the
// summaries dialect takes only Segment/@ItinSegNbr). The options are the booking words no reply shows.
const ALBA_OPTIONS: Record<Dialect, string[]> = {
  literal: ['--cancelled-words', 'Cancelled'],
  terse: ['--commit-res-status', 'Book', '--commit-cancel-type', 'Cancel'],
  summaries: [],
};
const DIALECTS = ['literal', 'terse', 'summaries'] as const;

const alba = new Map<Dialect, Promise<InitThenRun>>();
before(() => {
  for (const dialect of DIALECTS)
    alba.set(
      dialect,
      (async () => {
        const gw = await startOtaLiteralGateway({ dialect });
        try {
          return await initThenRun(gw.url, albaEnv(dialect, false), ['--hotel', 'TFOLIV01', ...ALBA_OPTIONS[dialect]]);
        } finally {
          await gw.close();
        }
      })(),
    );
});

for (const dialect of DIALECTS) {
  test(`Alba ${dialect}: init from one hotel code, every field from the gateway, the airport dataset or an option`, async () => {
    const initThenRun = await alba.get(dialect)!;
    assert.equal(initThenRun.init.code, 0, describeRun(initThenRun.init));
    const data = JSON.parse(readFileSync(initThenRun.file, 'utf8')) as {
      hotels: Array<{ brandCode?: string }>;
      claims: string[];
      booking: { partialCancellation?: string | null };
      transfers: { airportCode: string };
      sources: Record<string, string>;
    };
    // no reply shows an airport: the dataset's candidates near the hotel (or in its region), confirmed by transfer availability
    assert.match(
      data.sources['transfers.airportCode'],
      dialect === 'terse' ? /named after Tenerife.*airport dataset/ : /km from the hotel's position .* airport dataset/,
    );
    assert.match(data.transfers.airportCode, /^TF[SN]$/);
    // partial cancellation is claimed; its form is left for the run to find
    assert.ok(data.claims.includes('partial-cancellation'));
    assert.equal(data.booking.partialCancellation ?? null, null);
    // terse shows no brand: none is written, and none is sent
    assert.equal(
      data.hotels.every((h) => h.brandCode === undefined),
      dialect === 'terse',
    );
    assert.match(data.sources['transfers.locationTypeCode'], /LocationType Code 2/);
  });
  test(`Alba ${dialect}: then CONFORMS with no MUST open, partial cancellation claimed, found and passed`, async () => {
    const initThenRun = await alba.get(dialect)!;
    assert.ok(initThenRun.run, describeRun(initThenRun.init));
    assert.equal(initThenRun.run.code, 0, describeRun(initThenRun.run));
    assert.deepEqual(open(summary(initThenRun.run)), []);
    const partial = summary(initThenRun.run).requirements.find((q) => q.id === 'CXL-PARTIAL')!;
    assert.equal(partial.outcome, 'passed');
    // and the report's first screen says so, among the notes for the certifier
    assert.ok(
      summary(initThenRun.run).notes.some((n) => n.startsWith('partial cancellation: partial-cancellation form found by the run')),
      summary(initThenRun.run).notes.join('\n'),
    );
    assert.match(
      partial.reason ?? '',
      dialect === 'summaries'
        ? /form found by the run .*: segment .*after item-reference .*refused/
        : /form found by the run .*: item-reference/,
    );
  });
}

test('an airport neither the replies nor the dataset give: named as missing, exit 2 and nothing written; with --partial, written without it, exit 1, and the next command said', async () => {
  const gw = await startOtaLiteralGateway({ dialect: 'literal' });
  try {
    const file = join(tempDir('ota-init-'), 'alba.json');
    const env = targetEnv(gw.url, albaEnv('literal', false));
    // Alba's hotel in Malta: the dataset's airports near it (MLA...) are none Alba serves
    const runResult = await init(env, ['--hotel', 'MTVALL01', '--out', file]);
    assert.equal(runResult.code, 2, describeRun(runResult));
    assert.match(
      runResult.stderr,
      /^Could not init: init could not find \d field\(s\) of the test data: .*transfers\.airportCode: transfer availability from MLA.* \(the hotel's position .* in the airport dataset .*\) to hotel MTVALL01 offered no service .*give one with --airport <IATA>.*Nothing written/m,
    );
    assert.equal(runResult.stderr.trim().split('\n').length, 1, runResult.stderr);
    assert.ok(!existsSync(file));
    const partial = await init(env, ['--hotel', 'MTVALL01', '--out', file, '--partial']);
    assert.equal(partial.code, 1, describeRun(partial));
    assert.match(partial.stdout, /missing transfers\.airportCode: /);
    assert.match(partial.stdout, /^Next: npm run init -- --hotel MTVALL01 --out \S+ --airport <IATA> --force/m);
    const data = JSON.parse(readFileSync(file, 'utf8')) as { transfers?: unknown; sources: Record<string, string> };
    assert.equal(data.transfers, undefined);
    assert.match(data.sources['transfers.airportCode'], /^not found: /);
  } finally {
    await gw.close();
  }
});

test('bad input: refused credentials, nothing usable, no reply: one line, exit 2, nothing written (an earlier file untouched)', async () => {
  const sb = await startSandbox({ port: 0 });
  const html = await startHostileServer({ mode: 'per-request', choose: (req) => (req.method === 'GET' ? 'valid' : 'html-200') });
  const hang = await startHostileServer({ mode: 'per-request', choose: (req) => (req.method === 'GET' ? 'valid' : 'hang') });
  try {
    const dir = tempDir('ota-init-');
    const file = join(dir, 'earlier.json');
    writeFileSync(file, '{"earlier": true}\n');
    const cases: Array<[string, Record<string, string>, RegExp]> = [
      [
        'refused',
        targetEnv(sb.baseUrl, { OTA_PASSWORD: 'not-the-password' }),
        /^Could not init: the gateway refused the credentials \(hotel descriptive data of PMIBEL01: .*\)\. Check OTA_REQUESTOR_ID/,
      ],
      ['html', targetEnv(html.url), /^Could not init: the gateway answered nothing usable \(hotel descriptive data of PMIBEL01: /],
      [
        'hang',
        targetEnv(hang.url, { OTA_REQUEST_TIMEOUT_MS: '500' }),
        /^Could not init: the gateway answered nothing usable \(hotel descriptive data of PMIBEL01: no HTTP reply: .*time/i,
      ],
    ];
    for (const [name, env, line] of cases) {
      const runResult = await init(env, ['--hotel', 'PMIBEL01', '--out', file, '--force']);
      assert.equal(runResult.code, 2, `${name}: ${describeRun(runResult)}`);
      assert.match(runResult.stderr, line, name);
      assert.equal(runResult.stderr.trim().split('\n').length, 1, `${name}: one line\n${runResult.stderr}`);
      assert.ok(!runResult.stderr.includes('not-the-password') && !runResult.stdout.includes('not-the-password'), `${name}: masked`);
      assert.equal(readFileSync(file, 'utf8'), '{"earlier": true}\n', `${name}: the earlier file is untouched`);
    }
    // a hotel the gateway does not know: the line ends with the option to change
    const unknown = await init(targetEnv(sb.baseUrl), ['--hotel', 'NOSUCHHOTEL', '--out', file, '--force']);
    assert.equal(unknown.code, 2, describeRun(unknown));
    assert.match(unknown.stderr, /^Could not init: .*NOSUCHHOTEL.*: change --hotel to a hotel code the gateway describes/);
    assert.equal(readFileSync(file, 'utf8'), '{"earlier": true}\n');
    // and a file is never replaced without --force
    const r = await init(targetEnv(sb.baseUrl), ['--hotel', 'PMIBEL01', '--out', file]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /exists: init does not replace a test-data file unless --force/);
  } finally {
    await Promise.all([sb.close(), html.close(), hang.close()]);
  }
});
