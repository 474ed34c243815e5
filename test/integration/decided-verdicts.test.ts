// Decided verdicts at run level, against the embedded sandbox.
// Each requirement a scenario cites is judged by its own checks. A hotel
// availability reply that hides where its hotels are (no Address, and hotel descriptive data
// refused, so nothing can place them) leaves HAV-PLACE at cannot tell, naming the fact, the hotel
// and the places looked at; the same scenarios still judge HAV-DATES and HAV-GUESTS.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startHostileServer } from '../support/hostile-server';
import { useTestSandbox } from './sandbox-booking';
import { describeRun, opOf, proxyTo, requireSummary, runConformance, targetEnv } from './helpers';
import type { ConformanceResult } from '../../src/reporting/result';

const sandbox = useTestSandbox();

/** Every Address element (with any prefix) taken out of a reply. */
const withoutAddresses = (xml: string) => xml.replace(/<((?:\w+:)?Address)\b[^>]*?(?:\/>|>[\s\S]*?<\/\1>)/g, '');

test("a reply that hides the hotels' place still has its dates and guests judged", async () => {
  const srv = await startHostileServer(
    proxyTo(
      sandbox().baseUrl,
      (req, res) => {
        if (req.method !== 'POST' || opOf(req) !== 'hotelnbc') return false;
        // a refusal: a 5xx would be the descriptive operation's own EP-STATUS-200 failure
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('descriptive data is not offered');
        return true;
      },
      (reply) => ({ ...reply, body: Buffer.from(withoutAddresses(reply.body.toString('utf8'))) }),
    ),
  );
  try {
    const runResult = await runConformance({ args: ['--tags', '@req:HAV-DATES'], env: targetEnv(srv.url) });
    const conformanceResult = requireSummary(runResult) as unknown as ConformanceResult;
    const q = (id: string) => conformanceResult.requirements.find((x) => x.id === id)!;
    assert.equal(q('HAV-DATES').outcome, 'passed', describeRun(runResult));
    assert.equal(q('HAV-GUESTS').outcome, 'passed', JSON.stringify(q('HAV-GUESTS')));
    const place = q('HAV-PLACE');
    assert.equal(place.outcome, 'cantTell', JSON.stringify(place));
    // the fact, the item (a hotel code of the sandbox) and the places looked at
    assert.match(
      place.reason ?? '',
      /the country of a hotel \(hotelavailability\.hotel\.country\)|the region of a hotel \(hotelavailability\.hotel\.region\)/,
    );
    assert.match(place.reason ?? '', /for hotel [A-Z]{3}\w+/);
    assert.match(place.reason ?? '', /looked at: ota:BasicPropertyInfo\/ota:Address/);
    assert.doesNotMatch(place.reason ?? '', /ended early/);
    assert.equal(runResult.code, 4, 'NOT DETERMINED: one MUST is open, none failed');
  } finally {
    await srv.close();
  }
});

// Hotels named by code only are placed by the gateway's own hotel descriptive
// data. The variant alone conforms on HAV-PLACE; the same gateway searching every place fails it,
// found through that corroboration (the finding names the descriptive exchange), not cannot tell.
test('hotels named by code only: placed by hotel descriptive data; hotels of another place fail HAV-PLACE', async () => {
  const variant = { OTA_SANDBOX_VARIANTS: 'hotel-code-only-availability' };
  const args = ['--tags', '@req:HAV-PLACE'];
  const fair = await runConformance({ args, env: variant });
  const place = (requireSummary(fair) as unknown as ConformanceResult).requirements.find((x) => x.id === 'HAV-PLACE')!;
  assert.equal(place.outcome, 'passed', `${JSON.stringify(place)}\n${describeRun(fair)}`);
  const broken = await runConformance({ args, env: { ...variant, OTA_SANDBOX_FAULTS: 'hotel-ignores-place' } });
  assert.equal(broken.code, 1, describeRun(broken));
  const failed = (requireSummary(broken) as unknown as ConformanceResult).requirements.find((x) => x.id === 'HAV-PLACE')!;
  assert.equal(failed.outcome, 'failed', JSON.stringify(failed));
  assert.ok(
    failed.findings.some((f) => /by hotel descriptive data of \w+ \(exchange \d+ of /.test(f.at)),
    JSON.stringify(failed.findings.slice(0, 3)),
  );
});
