// The evidence stream and what is built from it after the verdict: the stream holds each exchange once and is read back as written; evidence.html has an
// anchor per scenario and per exchange of each attempt, so that a finding lands on exactly its
// exchange; names are unique in a run; gateway text is escaped; the page fetches nothing.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOMParser, type Document, type Element } from '@xmldom/xmldom';
import { EvidenceCollector, type ScenarioEvidence } from '../../../src/reporting/evidence/collect';
import { renderEvidenceHtml } from '../../../src/reporting/evidence/html';
import { evidenceNames, exchangeAnchor } from '../../../src/reporting/evidence/names';
import {
  EvidenceStreamWriter,
  exchangePartName,
  parseExchangePartName,
  parseRequestHead,
  readStream,
  requestHead,
} from '../../../src/reporting/evidence/stream';
import { HOSTILE, resultFor } from '../../support/fixtures/conformance-result';
import { exchangeParts, streamOf, type StreamScenario } from '../../support/evidence-stream';

const root = mkdtempSync(join(tmpdir(), 'ota-evidence-'));
after(() => rmSync(root, { recursive: true, force: true }));

const URL = 'http://127.0.0.1:40123/ota';
const REQUEST =
  '<OTA_HotelAvailRQ xmlns="http://www.opentravel.org/OTA/2003/05"><POS><Source><RequestorID MessagePassword="********"/></Source></POS></OTA_HotelAvailRQ>';

/** The fixture's MaxResponses scenario: failed on attempt 1, passed on attempt 2; the envelope scenario with two exchanges, the second unanswered. */
function scenarios(): StreamScenario[] {
  const conformanceResult = resultFor();
  const max = conformanceResult.scenarios.find((s) => s.reqs.includes('HAV-MAXRESPONSES'))!;
  const env = conformanceResult.scenarios.find((s) => s.reqs.includes('EP-STATUS-200'))!;
  const place = (s: { id: string }) => ({ uri: s.id.replace(/:\d+$/, ''), line: Number(s.id.replace(/^.*:/, '')) });
  const sent = (n: number, reply: string) =>
    exchangeParts(n, 'hotelavailability', {
      url: `${URL}/hotelavailability`,
      request: REQUEST,
      replyHead: 'HTTP 200\n(3 ms, 1 attempt(s): HTTP 200)',
      reply,
    });
  const given = { keyword: 'Given ', text: 'a valid hotel availability request' };
  const sendStep = (attachments: NonNullable<StreamScenario['attempts'][0][0]['attachments']>) => ({
    keyword: 'When ',
    text: 'the request is sent',
    attachments,
  });
  return [
    {
      name: max.name,
      ...place(max),
      tags: max.tags,
      attempts: [
        [
          given,
          sendStep(sent(1, '<OTA_HotelAvailRS><RoomStays><RoomStay/><RoomStay/></RoomStays></OTA_HotelAvailRS>')),
          {
            keyword: 'Then ',
            text: 'no more hotels than MaxResponses are returned',
            status: 'FAILED',
            error: { type: 'ConformanceAssertionError', message: 'Nonconformance:\nHAV-MAXRESPONSES (MUST)' },
            attachments: [
              { fileName: 'findings.txt', mediaType: 'text/plain', body: 'Nonconformance:\nHAV-MAXRESPONSES at /*/ota:RoomStays' },
            ],
          },
        ],
        [
          given,
          sendStep(sent(1, '<OTA_HotelAvailRS><RoomStays><RoomStay/></RoomStays></OTA_HotelAvailRS>')),
          { keyword: 'Then ', text: 'no more hotels than MaxResponses are returned' },
        ],
      ],
    },
    {
      name: env.name,
      ...place(env),
      tags: env.tags,
      attempts: [
        [
          given,
          sendStep([
            ...sent(1, `<OTA_HotelAvailRS><Errors><Error>${HOSTILE}</Error></Errors></OTA_HotelAvailRS>`),
            { fileName: 'assertions.json', mediaType: 'application/vnd.ota-conformance.assertions+json', body: '[]' },
            ...exchangeParts(2, 'hotelavailability', {
              url: `${URL}/hotelavailability`,
              request: REQUEST,
              noReply: 'the connection was reset',
            }),
          ]),
        ],
      ],
    },
  ];
}

function collected(): ScenarioEvidence[] {
  const evidenceCollector = new EvidenceCollector();
  streamOf(scenarios()).forEach(evidenceCollector.onMessage);
  return evidenceCollector.scenarios();
}

describe('the evidence stream', () => {
  test("an exchange's parts are named <n>-<operation>-<part>, and nothing else is taken for one", () => {
    assert.deepEqual(parseExchangePartName(exchangePartName(12, 'hotelnbc', 'replyHead')), {
      n: 12,
      operation: 'hotelnbc',
      part: 'replyHead',
    });
    for (const other of ['findings.txt', 'assertions.json', '1-hotelnbc-reproduce.sh', 'x-hotelnbc-reply.xml', undefined])
      assert.equal(parseExchangePartName(other), undefined, String(other));
  });

  test('a request head reads back as its URL and headers', () => {
    const head = requestHead(`${URL}/bookread`, { 'content-type': 'application/xml', 'x-a': 'b: c' });
    assert.deepEqual(parseRequestHead(head), { url: `${URL}/bookread`, headers: { 'content-type': 'application/xml', 'x-a': 'b: c' } });
  });

  test('the writer writes each envelope as one line, shows each line to its observers exactly as written, and reads back', () => {
    const file = join(root, 'sub', 'stream.ndjson');
    const evidenceStreamWriter = new EvidenceStreamWriter(file);
    const seen: string[] = [];
    evidenceStreamWriter.observe((line) => seen.push(line));
    const envelopes = streamOf(scenarios());
    envelopes.forEach(evidenceStreamWriter.write);
    evidenceStreamWriter.close();
    evidenceStreamWriter.close(); // once
    const text = readFileSync(file, 'utf8');
    assert.equal(seen.join(''), text, 'the observers saw the very bytes written');
    assert.equal(text.split('\n').filter(Boolean).length, envelopes.length);
    assert.deepEqual(readStream(file), JSON.parse(JSON.stringify(envelopes)));
  });

  test('a last line cut by a killed run is left out; a broken line before the end is an error naming the line', () => {
    const file = join(root, 'cut.ndjson');
    writeFileSync(file, '{"meta":{}}\n{"testRunStarted":{"tim');
    assert.equal(readStream(file).length, 1);
    writeFileSync(file, '{"meta":{}}\nnot json\n{"meta":{}}\n');
    assert.throws(() => readStream(file), /cut\.ndjson, line 2: not a cucumber message/);
  });

  test('the collector keeps every attempt, each exchange with its parts and the step that sent it', () => {
    const [max, env] = collected();
    assert.equal(max.id, 'features/hotel-availability.feature:40');
    assert.deepEqual(
      max.attempts.map((a) => a.attempt),
      [1, 2],
    );
    assert.equal(max.attempts[0].steps[2].status, 'FAILED');
    assert.equal(max.attempts[0].steps[2].errorType, 'ConformanceAssertionError');
    const [x] = max.attempts[0].exchanges;
    assert.equal(x.n, 1);
    assert.equal(x.step, 'When the request is sent');
    assert.equal(x.request, REQUEST);
    assert.match(x.reply!, /<RoomStay\/><RoomStay\/>/);
    assert.match(max.attempts[1].exchanges[0].reply!, /<RoomStays><RoomStay\/><\/RoomStays>/, "attempt 2's own reply");
    assert.deepEqual(
      env.attempts[0].exchanges.map((e) => [e.n, e.noReply]),
      [
        [1, undefined],
        [2, 'the connection was reset'],
      ],
    );
  });
});

describe('evidence names', () => {
  test('unique in a run, from the name; the rows of an outline add their feature file and line', () => {
    const names = evidenceNames([
      { id: 'features/core/a.feature:3', name: 'The reply is <fine> & "well"' },
      { id: 'features/core/b.feature:7', name: 'Same name' },
      { id: 'features/core/b.feature:9', name: 'Same name' },
    ]);
    assert.deepEqual([...names.values()], ['the-reply-is-fine-well', 'same-name-b-7', 'same-name-b-9']);
    for (const n of names.values()) assert.match(n, /^[a-z0-9-]+$/);
  });
});

describe('evidence.html', () => {
  const parse = (html: string): Document => new DOMParser({ onError: () => undefined }).parseFromString(html, 'text/html');
  const ids = (doc: Document) =>
    new Set((Array.from(doc.getElementsByTagName('*')) as Element[]).map((e) => e.getAttribute('id')).filter(Boolean));

  function render(pretty = (x: string) => x) {
    const result = resultFor();
    const names = evidenceNames(result.scenarios);
    return { html: renderEvidenceHtml(result, collected(), names, { pretty }), names, result };
  }

  test('every scenario and every exchange of every attempt has its anchor, as the reports link to them', () => {
    const { html, names, result } = render();
    const doc = parse(html);
    const all = ids(doc);
    for (const scenario of result.scenarios) assert.ok(all.has(names.get(scenario.id)!), scenario.name);
    const max = names.get('features/hotel-availability.feature:40')!;
    assert.ok(all.has(exchangeAnchor(max, 1, 1)) && all.has(exchangeAnchor(max, 2, 1)), 'both attempts of the retried scenario');
    const env = names.get('features/envelope.feature:31')!;
    assert.ok(all.has(exchangeAnchor(env, 1, 2)), 'the unanswered exchange');
    const second = doc.getElementById(exchangeAnchor(env, 1, 2))!;
    assert.match(second.textContent!, /No reply[\s\S]*the connection was reset/);
    assert.match(doc.getElementById(exchangeAnchor(max, 1, 1))!.textContent!, /send it again: bash reproducers\/[a-z0-9-]+\.sh 1\.1/);
  });

  test('the exchange a finding links to shows that finding, linked back to its requirement; other exchanges show none', () => {
    const { html, names } = render();
    const doc = parse(html);
    const max = names.get('features/hotel-availability.feature:40')!;
    const first = doc.getElementById(exchangeAnchor(max, 1, 1))!;
    assert.match(first.textContent!, /What this reply showed\s*Requirement\s*Where\s*Expected\s*Found\s*HAV-MAXRESPONSES \(MUST\)/);
    assert.match(first.textContent!, /\/\*\/ota:RoomStays\/ota:RoomStay\s*at most 1 \(MaxResponses\)\s*4 RoomStay elements/);
    const back = (Array.from(first.getElementsByTagName('a')) as Element[]).map((a) => a.getAttribute('href'));
    assert.ok(back.includes('conformance-report.html#req-HAV-MAXRESPONSES'), back.join(' '));
    // the attempt that passed showed nothing
    assert.doesNotMatch(doc.getElementById(exchangeAnchor(max, 2, 1))!.textContent!, /What this reply showed/);
    const shown = html.split('What this reply showed').length - 1;
    const linked = resultFor()
      .requirements.flatMap((r) => r.findings)
      .filter((f) => f.exchange !== undefined).length;
    assert.ok(shown >= 1 && shown <= linked, `${shown} exchange(s) show findings, of ${linked} findings naming one`);
  });

  test('gateway text is escaped, the password shows masked, and the page fetches nothing and runs no script', () => {
    const { html } = render();
    assert.ok(!html.includes('<script>alert(1)</script>') && !html.includes('<img src=x'), 'no markup from the gateway');
    assert.ok(html.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
    assert.ok(html.includes('MessagePassword=&quot;********&quot;'));
    const meta = (Array.from(parse(html).getElementsByTagName('meta')) as Element[]).find(
      (m) => m.getAttribute('http-equiv') === 'Content-Security-Policy',
    );
    const policy = meta!.getAttribute('content')!;
    assert.match(policy, /default-src 'none'/);
    assert.doesNotMatch(policy, /script-src/, 'no script at all');
    assert.doesNotMatch(html, /<script|src="https?:|href="https?:/);
  });

  test('XML replies are shown indented for reading; other bodies as they came; the suite’s own data is left out', () => {
    const { html } = render((x) => `PRETTY(${x})`);
    assert.ok(html.includes('PRETTY(&lt;OTA_HotelAvailRS&gt;'), 'XML replies go through the printer');
    assert.ok(!html.includes('PRETTY(&lt;OTA_HotelAvailRQ'), 'requests are shown as sent');
    assert.ok(!html.includes('assertions.json'));
    assert.match(html, /What the checks concluded[\s\S]*HAV-MAXRESPONSES at \/\*\/ota:RoomStays/);
  });
});
