// A target's reply profile adds places of facts; it is validated like the test data: unknown facts,
// bad XPaths and bad shapes are refused with one line naming the field.
import { after, before, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadXml } from '../../../src/xml/xml';
import { loadReplyProfile } from '../../../src/run/reply-profile';
import { ConfigError } from '../../../src/core/errors';
import { FACT_IDS } from '../../../src/operations';

const dir = mkdtempSync(join(tmpdir(), 'ota-profile-'));
before(loadXml);
after(() => rmSync(dir, { recursive: true, force: true }));

function file(content: string): string {
  const f = join(dir, `${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(f, content);
  return f;
}
const refused = (content: string, field: RegExp) =>
  assert.throws(
    () => loadReplyProfile(file(content), FACT_IDS),
    (e: unknown) => e instanceof ConfigError && field.test(e.message),
  );

test('no profile: no extra places', () => {
  assert.deepEqual(loadReplyProfile(undefined, FACT_IDS).facts, {});
});

test("the worked example's profile loads", () => {
  const replyProfile = loadReplyProfile(join(__dirname, '../../../examples/acme-gateway/reply-profile.json'), FACT_IDS);
  assert.deepEqual(Object.keys(replyProfile.facts), ['hotelavailability.hotel.region']);
});

test('unknown facts, bad XPaths and bad shapes are refused, naming the field', () => {
  refused('{ "facts": { "hotelavailability.hotel.regoin": ["ota:X"] } }', /facts\.hotelavailability\.hotel\.regoin is not a known fact/);
  refused(
    '{ "facts": { "hotelavailability.hotel.region": ["ota:X[["] } }',
    /facts\.hotelavailability\.hotel\.region\[0\] is not a valid XPath/,
  );
  refused('{ "facts": { "hotelavailability.hotel.region": [] } }', /must be a non-empty array/);
  refused('{ "facts": [] }', /facts must be an object/);
  refused('{ "fcats": {} }', /fcats is not a field of a reply profile/);
  refused('{ not json', /cannot be read as JSON/);
});
