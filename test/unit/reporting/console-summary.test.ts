// The console wraps reasons between words instead of cutting them, and names
// the reports folder the run really wrote to (OTA_REPORTS_DIR, merge --out).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { formatConsoleSummary, SUMMARY_ONLY_NOTE, wrapText } from '../../../src/reporting/console-summary';
import { resultFor } from '../../support/fixtures/conformance-result';

const words = (s: string) => s.split(/\s+/).filter(Boolean);

test('wrapText breaks between words, within the width; only a word longer than the width is cut', () => {
  const text = 'not checked: "The transfer availability reply has a conforming envelope" ended early: Cannot tell';
  const lines = wrapText(text, 30);
  assert.ok(
    lines.every((l) => l.length <= 30),
    lines.join('|'),
  );
  assert.deepEqual(words(lines.join(' ')), words(text), 'every word whole, in order');
  assert.deepEqual(wrapText(`a ${'x'.repeat(25)} b`, 10), ['a', 'xxxxxxxxxx', 'xxxxxxxxxx', 'xxxxx b']);
});

test('a long reason is wrapped in its column, every word whole; no line is longer than the width', () => {
  const conformanceResult = resultFor();
  const req = conformanceResult.requirements.find((q) => q.outcome === 'cantTell')!;
  req.reason = `${'the gateway did not show the fact the check needs, at any of the places looked at; '.repeat(3)}END`;
  const out = formatConsoleSummary(conformanceResult, { width: 120 }).split('\n');
  const at = out.findIndex((l) => l.startsWith(req.id));
  const mine = [out[at], ...out.slice(at + 1).filter((l, i, all) => all.slice(0, i + 1).every((x) => /^ {72}\S/.test(x)))];
  assert.ok(mine.length > 1, 'wrapped over several lines');
  assert.ok(
    mine.every((l) => l.length <= 120),
    mine.join('\n'),
  );
  assert.deepEqual(words(mine.map((l) => l.slice(72)).join(' ')), words(req.reason), 'the reason whole, nothing cut');
});

test('the last lines name the reports folder the run wrote to: relative inside the working folder, else as it is', () => {
  const conformanceResult = resultFor();
  const inside = formatConsoleSummary(conformanceResult, { reportsDir: join(process.cwd(), 'out', 'run-1') });
  assert.match(
    inside,
    new RegExp(
      `\\nReports in ${join('out', 'run-1')}[/\\\\]: conformance-report\\.html \\(open it first\\), evidence\\.html, reproducers/`,
    ),
  );
  const outside = formatConsoleSummary(conformanceResult, { reportsDir: '/elsewhere/reports' });
  assert.match(outside, /\nReports in \/elsewhere\/reports\/: /);
  assert.match(outside, /\nnpm run report builds the Allure report and the cucumber HTML report from cucumber-messages\.ndjson\.$/);
  const only = formatConsoleSummary(
    { ...conformanceResult, notes: [...conformanceResult.notes, SUMMARY_ONLY_NOTE] },
    { reportsDir: '/elsewhere/reports' },
  );
  assert.match(only, /\nReports: \/elsewhere\/reports\/summary\.json alone \(--summary-only\)\.$/);
});

test('what --format wrote is listed with the reports', () => {
  const conformanceResult = resultFor();
  const out = formatConsoleSummary(conformanceResult, {
    reportsDir: '/elsewhere/reports',
    formats: [{ name: 'json', file: '/elsewhere/cucumber.json' }],
  });
  assert.match(
    out,
    /\nReports in \/elsewhere\/reports\/: .*summary\.json\. Also written: \/elsewhere\/cucumber\.json \(--format json\)\.\n/,
  );
});
