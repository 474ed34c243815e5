// The security class: a reply that carries the caller's credentials back, in any form and in any
// part of it, is a finding; a reply without them passes; no reply cannot be told.
import { before, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { credentialEcho } from '../../../src/contracts/security';
import { Redactor } from '../../../src/safety/masking';
import { exchange, expectRule, loadXml, noReply, rs } from '../../support/contracts';

const PASSWORD = 'S3cret-Passw0rd!';
const rule = credentialEcho(new Redactor([PASSWORD]), 'agent');
before(loadXml);

const body = (extra: string) => rs('OTA_HotelAvailRS', `<Success/>${extra}`, '');

test('a reply without the credentials passes', () => {
  expectRule(rule, exchange('hotelavailability', body('<RoomStays/>')), 'passed');
});

test('the password echoed raw, XML-escaped, URL-encoded or in base64 is a finding naming the form, never the value', () => {
  const forms = [
    `<TPA_Extensions><Echo>${PASSWORD}</Echo></TPA_Extensions>`,
    `<TPA_Extensions><Echo>${encodeURIComponent(PASSWORD)}</Echo></TPA_Extensions>`,
    `<TPA_Extensions><Echo>${Buffer.from(PASSWORD).toString('base64')}</Echo></TPA_Extensions>`,
    `<TPA_Extensions><Echo>${Buffer.from(`agent:${PASSWORD}`).toString('base64')}</Echo></TPA_Extensions>`,
  ];
  for (const f of forms) {
    const a = expectRule(rule, exchange('hotelavailability', body(f)), 'failed', undefined, f);
    assert.ok(!JSON.stringify(a).includes(PASSWORD), 'the finding holds the password');
  }
});

test('an echo in a header is a finding too', () => {
  const x = exchange('hotelavailability', body(''));
  x.reply.exchange!.headers['x-debug-auth'] = `Basic ${Buffer.from(`agent:${PASSWORD}`).toString('base64')}`;
  expectRule(rule, x, 'failed');
});

test('without a reply there is nothing to inspect: cannot tell', () => {
  expectRule(rule, noReply('hotelavailability'), 'cantTell');
});
