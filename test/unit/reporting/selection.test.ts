// A selection is a selection, everywhere. What narrows a run (--tags, --name,
// paths, --dry-run, --shard) is recorded and named by every report and the console; a whole run
// is named as one.
import { test } from 'node:test';
import { strict as assert } from 'node:assert';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { selectionKey, selectionOf, selectionText } from '../../../src/reporting/selection';
import { parseArguments } from '../../../src/run/arguments';
import { renderHtml, renderMarkdown, toEarl } from '../../../src/reporting/conformance-report';
import { renderJUnit } from '../../../src/reporting/junit';
import { formatConsoleSummary } from '../../../src/reporting/console-summary';
import { renderEnvironmentProperties } from '../../../src/reporting/allure-metadata';
import type { ConformanceResult } from '../../../src/reporting/result';
import { resultFor } from '../../support/fixtures/conformance-result';

const PROFILES = ['default', 'read-only', 'ci'];
const selectionOfArgs = (...argv: string[]) => parseArguments(argv, PROFILES).selection;

test('the runner records what narrows the run, and only that', () => {
  assert.deepEqual(selectionOfArgs('--tags', '@op:hotelnbc', '--name', 'MaxResponses', '--shard', '1/2'), {
    text: '--tags "@op:hotelnbc" --name "MaxResponses" --shard 1/2',
    tags: '@op:hotelnbc',
    name: ['MaxResponses'],
    shards: ['1/2'],
  });
  assert.deepEqual(selectionOfArgs('features/core/envelope.feature', '--dry-run'), {
    text: 'paths features/core/envelope.feature --dry-run',
    paths: ['features/core/envelope.feature'],
    dryRun: true,
  });
  // --fail-fast stops at a failure (which decides the run); one shard of one is the whole run.
  assert.equal(selectionOfArgs('--fail-fast'), undefined);
  assert.equal(selectionOfArgs('--shard', '1/1'), undefined);
  assert.equal(selectionOfArgs('--strict', '--retry', '2'), undefined);
});

test('a selection apart from its shards is one key: the shards of one run share it', () => {
  const runSelection = selectionOf({ tags: '@op:x', shards: ['1/2'] });
  const b = selectionOf({ tags: '@op:x', shards: ['2/2'] });
  assert.equal(selectionKey(runSelection), selectionKey(b));
  assert.notEqual(selectionKey(runSelection), selectionKey(selectionOf({ tags: '@op:y', shards: ['2/2'] })));
  assert.equal(selectionKey(undefined), selectionKey(selectionOf({ shards: ['1/2'] })));
  assert.equal(selectionText({ shards: ['1/4', '3/4'] }), 'shards 1/4, 3/4');
});

/** The fixture's DOES NOT CONFORM run, made a --name selection. */
function selected(): ConformanceResult {
  const conformanceResult = resultFor();
  conformanceResult.selection = { text: '--name "MaxResponses"', name: ['MaxResponses'] };
  return conformanceResult;
}

test('every report names the selection, whatever the verdict', () => {
  const conformanceResult = selected();
  const text = '--name "MaxResponses"';
  const html = renderHtml(conformanceResult);
  assert.match(html, /<div class="big">DOES NOT CONFORM <span class="qual">in a selection: --name &quot;MaxResponses&quot;<\/span>/);
  assert.match(html, /<dt>Selection<\/dt><dd>--name &quot;MaxResponses&quot;: a selection, not a verdict on the whole profile/);
  assert.match(renderMarkdown(conformanceResult), /^## Verdict: DOES NOT CONFORM \(in a selection: --name "MaxResponses"\)$/m);
  assert.deepEqual(toEarl(conformanceResult).testRun.selection, conformanceResult.selection);
  const doc = new DOMParser().parseFromString(renderJUnit(conformanceResult, { strict: false }), 'text/xml');
  const props = new Map(
    (Array.from(doc.getElementsByTagName('property')) as Element[]).map((p) => [p.getAttribute('name'), p.getAttribute('value')]),
  );
  assert.equal(props.get('selection'), text);
  const out = formatConsoleSummary(conformanceResult);
  assert.match(out, /^Selection: --name "MaxResponses" \(not a verdict on the whole profile/m);
  assert.match(out, /^DOES NOT CONFORM \(selection --name "MaxResponses"\): /m);
  assert.match(renderEnvironmentProperties(conformanceResult), /^Selection=--name "MaxResponses"$/m);
});

test('a whole run is named as the whole profile', () => {
  const conformanceResult = resultFor();
  assert.match(
    renderHtml(conformanceResult),
    /<dt>Selection<\/dt><dd>none: every scenario of the claimed classes \(the whole profile\)<\/dd>/,
  );
  assert.doesNotMatch(formatConsoleSummary(conformanceResult), /^Selection:/m);
});
