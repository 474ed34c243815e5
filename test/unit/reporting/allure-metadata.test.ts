// What Allure reads beside the test results (src/reporting/allure-metadata.ts): environment.properties
// and executor.json, read back with Allure 3's own reader; the report's title; and the category
// rules, matched as Allure 3 matches them.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ALLURE_CATEGORIES,
  CONFORMANCE_LABEL,
  EXECUTOR_NAME,
  allureMetadataFiles,
  allureTitle,
  renderEnvironmentProperties,
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

  test('environment.properties and executor.json name the target, the run and the verdict, as Allure reads them back', async () => {
    const dir = fresh();
    mkdirSync(dir, { recursive: true });
    const conformanceResult = resultFor();
    conformanceResult.target.description = `${conformanceResult.target.description} = key: #not a comment ! é ✓ ${CONTROL} ${HOSTILE}`;
    for (const f of allureMetadataFiles(conformanceResult)) writeFileSync(join(dir, f.name), f.content);
    assert.doesNotMatch(readFileSync(join(dir, 'environment.properties'), 'utf8'), /[^\n\x20-\x7e]/, 'ASCII only (\\uXXXX escapes)');

    const env = (await readWithAllure(dir, 'environment.properties')).allure_environment as Array<{ name: string; values: string[] }>;
    const get = (k: string) => env.find((e) => e.name === k)?.values[0];
    assert.equal(get('Target'), conformanceResult.target.url);
    assert.equal(get('Target description'), conformanceResult.target.description, 'hostile text round-trips through Allure');
    assert.equal(get('Run ID'), conformanceResult.runId);
    assert.equal(get('Claims'), 'core, booking, alignment');
    assert.equal(get('Verdict'), 'DOES NOT CONFORM');
    assert.equal(get('Verdict reason'), conformanceResult.verdictReason);
    assert.equal(get('Class core'), 'DOES NOT CONFORM');
    assert.equal(get('Class security'), 'not claimed');

    const executor = (await readWithAllure(dir, 'executor.json')).allure2_executor as Record<string, unknown>;
    assert.equal(executor.name, EXECUTOR_NAME);
    assert.equal(executor.buildName, conformanceResult.runId);
    assert.match(String(executor.reportName), /DOES NOT CONFORM/);
    assert.equal(renderEnvironmentProperties(conformanceResult), readFileSync(join(dir, 'environment.properties'), 'utf8'));
  });

  test('the title says the verdict first', () => {
    assert.match(allureTitle(resultFor(), 'embedded-sandbox'), /^DOES NOT CONFORM · /);
    assert.match(allureTitle(resultFor('CONFORMS'), 'x'), /^CONFORMS/);
  });

  test("the Allure 3 category rules sort the tests by the label of their scenario's verdict, as Allure 3 itself matches them", async () => {
    const { normalizeCategoriesConfig, matchCategory } = (await import('@allurereport/core-api')) as unknown as {
      normalizeCategoriesConfig: (c: unknown) => Array<{ name: string }>;
      matchCategory: (c: unknown, d: unknown) => { name: string } | undefined;
    };
    const rules = normalizeCategoriesConfig(JSON.parse(JSON.stringify(ALLURE_CATEGORIES))); // as allurerc.json would hold them
    const samples: Array<[string, 'failed' | 'broken' | 'passed', string | undefined]> = [
      ['Nonconformance (MUST)', 'failed', 'nonconformance'],
      ['Warning (SHOULD)', 'passed', 'warning'],
      ['Warning (SHOULD)', 'failed', 'warning'],
      ['Cannot tell', 'broken', 'cannot-tell'],
      ['Suite error', 'broken', 'suite-error'],
      ['(none)', 'passed', undefined],
    ];
    for (const [expected, status, label] of samples) {
      const labels = [{ name: 'story', value: 'EP-ECHOTOKEN' }, ...(label ? [{ name: CONFORMANCE_LABEL, value: label }] : [])];
      const hit = matchCategory(rules, { status, labels, message: 'whatever it says', trace: '', flaky: false });
      const name = hit?.name === 'Product errors' || hit?.name === 'Test errors' || !hit ? '(none)' : hit.name;
      assert.equal(name, expected, `${status} ${label ?? ''}`);
    }
  });
});
