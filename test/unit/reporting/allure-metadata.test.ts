// What Allure reads from a results folder besides the test results (src/reporting/allure-metadata.ts):
// environment.properties, executor.json and categories.json, read back with Allure 3's own reader,
// and the category rules matched as Allure 2 and Allure 3 match them.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ALLURE2_CATEGORIES,
  ALLURE3_CATEGORIES,
  EXECUTOR_NAME,
  WARNING_LABEL,
  renderEnvironmentProperties,
  writeAllureMetadata,
} from '../../../src/reporting/allure-metadata';
import { CONTROL, HOSTILE, resultFor } from '../../support/fixtures/conformance-result';

const root = mkdtempSync(join(tmpdir(), 'allure-metadata-test-'));
after(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const fresh = () => join(root, `case${++n}`);

describe('Allure metadata', () => {
  // Allure 3's own reader (ESM), to read back what we write exactly as `allure generate` does.
  async function readWithAllure(dir: string, file: string): Promise<Record<string, unknown>> {
    const { allure2 } = (await import('@allurereport/reader')) as unknown as {
      allure2: { read: (visitor: unknown, data: unknown) => Promise<boolean> };
    };
    const path = join(dir, file);
    const metadata: Record<string, unknown> = {};
    const data = {
      getOriginalFileName: () => file,
      asUtf8String: async () => readFileSync(path, 'utf8'),
      asJson: async () => JSON.parse(readFileSync(path, 'utf8')),
      asBuffer: async () => readFileSync(path),
    };
    await allure2.read({ visitMetadata: async (m: Record<string, unknown>) => Object.assign(metadata, m) }, data);
    return metadata;
  }

  test('writes environment.properties, executor.json and categories.json that Allure reads back', async () => {
    const dir = fresh();
    const r = resultFor();
    r.target.description = `${r.target.description} = key: #not a comment ! é ✓ ${CONTROL} ${HOSTILE}`;
    writeAllureMetadata(r, dir);
    for (const f of ['environment.properties', 'executor.json', 'categories.json']) assert.ok(existsSync(join(dir, f)), f);
    assert.doesNotMatch(readFileSync(join(dir, 'environment.properties'), 'utf8'), /[^\n\x20-\x7e]/, 'ASCII only (\\uXXXX escapes)');

    const env = (await readWithAllure(dir, 'environment.properties')).allure_environment as Array<{ name: string; values: string[] }>;
    const get = (k: string) => env.find((e) => e.name === k)?.values[0];
    assert.equal(get('Target'), r.target.url);
    assert.equal(get('Target description'), r.target.description, 'hostile text round-trips through Allure');
    assert.equal(get('Run ID'), r.runId);
    assert.equal(get('Claims'), 'core, booking, alignment');
    assert.equal(get('Verdict'), 'DOES NOT CONFORM');
    assert.equal(get('Verdict reason'), r.verdictReason);
    assert.equal(get('Class core'), 'DOES NOT CONFORM');
    assert.equal(get('Class security'), 'not claimed');

    const executor = (await readWithAllure(dir, 'executor.json')).allure2_executor as Record<string, unknown>;
    assert.equal(executor.name, EXECUTOR_NAME);
    assert.equal(executor.buildName, r.runId);
    assert.match(String(executor.reportName), /DOES NOT CONFORM/);

    const categories = (await readWithAllure(dir, 'categories.json')).allure2_categories as Array<{
      name: string;
      matchedStatuses: string[];
    }>;
    assert.deepEqual(
      categories.map((c) => c.name),
      ['Suite error', 'Cannot tell', 'Nonconformance (MUST)'],
    );
    assert.equal(renderEnvironmentProperties(r), readFileSync(join(dir, 'environment.properties'), 'utf8'));
  });

  // Messages as allure-cucumberjs records them: cucumber's "<Type>: <message>\n<stack>".
  const samples: Array<[string, 'failed' | 'broken' | 'passed', string | undefined, string | undefined]> = [
    [
      'Nonconformance (MUST)',
      'failed',
      'ConformanceAssertionError: Nonconformance:\nEP-STATUS-200 (MUST): ...\n    at step (steps/envelope.ts:10:5)',
      undefined,
    ],
    ['Nonconformance (MUST)', 'failed', 'Nonconformance:\nHAV-MAXRESPONSES (MUST): ...', undefined],
    ['Cannot tell', 'broken', 'CannotTell: Cannot tell: the reply has no RoomStays\n    at x', undefined],
    ['Cannot tell', 'failed', 'CannotTell: the precondition failed: assertion of availability', undefined],
    ['Suite error', 'broken', 'SuiteError: the edit /*/ota:X matched nothing\n    at y', undefined],
    ['Suite error', 'broken', 'ConfigError: OTA_TEST_DATA: hotels is missing', undefined],
    ['Suite error', 'broken', 'StepUsageError: no request prepared', undefined],
    ['Suite error', 'broken', "The test doesn't have an implementation.", undefined],
    ['Warning (SHOULD)', 'passed', undefined, 'warning'],
    ['(none)', 'passed', undefined, undefined],
  ];

  test('categories.json sorts the errors as Allure 2 regexes do (whole message, dot matches newline)', () => {
    for (const [expected, status, message] of samples) {
      if (expected === 'Warning (SHOULD)') continue; // categories.json cannot see a passed test's label
      const hit = ALLURE2_CATEGORIES.find(
        (c) => c.matchedStatuses.includes(status) && message !== undefined && new RegExp(`^(?:${c.messageRegex})$`, 's').test(message),
      );
      assert.equal(hit?.name ?? '(none)', expected, message);
    }
  });

  test('the Allure 3 category rules sort errors and passed-with-warning tests, as Allure 3 itself matches them', async () => {
    const { normalizeCategoriesConfig, matchCategory } = (await import('@allurereport/core-api')) as unknown as {
      normalizeCategoriesConfig: (c: unknown) => Array<{ name: string }>;
      matchCategory: (c: unknown, d: unknown) => { name: string } | undefined;
    };
    const rules = normalizeCategoriesConfig(JSON.parse(JSON.stringify(ALLURE3_CATEGORIES))); // as allurerc.json would hold them
    for (const [expected, status, message, label] of samples) {
      const labels = [{ name: 'story', value: 'EP-ECHOTOKEN' }, ...(label ? [{ name: WARNING_LABEL.name, value: label }] : [])];
      const hit = matchCategory(rules, { status, labels, message, trace: message, flaky: false });
      const name = hit?.name === 'Product errors' || hit?.name === 'Test errors' || !hit ? '(none)' : hit.name;
      assert.equal(name, expected, `${status} ${message ?? ''} ${label ?? ''}`);
    }
  });
});
