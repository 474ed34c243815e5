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
  for (const form of forms) {
    const assertion = expectRule(rule, exchange('hotelavailability', body(form)), 'failed', undefined, form);
    assert.ok(!JSON.stringify(assertion).includes(PASSWORD), 'the finding holds the password');
  }
});

test('an echo in a header is a finding too', () => {
  const sent = exchange('hotelavailability', body(''));
  sent.reply.exchange!.headers['x-debug-auth'] = `Basic ${Buffer.from(`agent:${PASSWORD}`).toString('base64')}`;
  expectRule(rule, sent, 'failed');
});

test('without a reply there is nothing to inspect: cannot tell', () => {
  expectRule(rule, noReply('hotelavailability'), 'cantTell');
});

test('the password in the HTTP status line (reason phrase) is a finding', () => {
  const sent = exchange('hotelavailability', rs('OTA_HotelAvailRS', '<Errors><Error Type="4" Code="175">Bad login</Error></Errors>'), {
    status: 401,
  });
  sent.reply.exchange!.statusText = `Invalid password ${PASSWORD}`;
  const assertion = expectRule(rule, sent, 'failed');
  assert.match(JSON.stringify(assertion), /status line/);
  assert.ok(!JSON.stringify(assertion).includes(PASSWORD));
  sent.reply.exchange!.statusText = 'Unauthorized';
  expectRule(rule, sent, 'passed');
});

test('the password in hex (lower or upper case) or split across CDATA sections is a finding naming the form', () => {
  const hex = Buffer.from(PASSWORD).toString('hex');
  for (const [f, form] of [
    [`<TPA_Extensions><Debug Pw="${hex}"/></TPA_Extensions>`, /hex/],
    [`<TPA_Extensions><Debug Pw="${hex.toUpperCase()}"/></TPA_Extensions>`, /hex/],
    ['<TPA_Extensions><Debug><![CDATA[S3cret-]]><![CDATA[Passw0rd!]]></Debug></TPA_Extensions>', /parsed text/],
    ['<TPA_Extensions><Debug>S3cret-<![CDATA[Passw0rd!]]></Debug></TPA_Extensions>', /parsed text/],
  ] as const) {
    const assertion = expectRule(rule, exchange('hotelavailability', body(f)), 'failed', undefined, f);
    assert.match(JSON.stringify(assertion), form, f);
    assert.ok(!JSON.stringify(assertion).includes(PASSWORD) && !JSON.stringify(assertion).includes(hex), f);
  }
  // other values beside each other, other hex, other CDATA: no finding
  for (const f of [
    '<TPA_Extensions><Debug><![CDATA[S3cret-]]></Debug><Debug><![CDATA[Passw0rd!]]></Debug></TPA_Extensions>',
    `<TPA_Extensions><Debug Hash="${Buffer.from('another value').toString('hex')}"/></TPA_Extensions>`,
    '<TPA_Extensions><Debug><![CDATA[<b>ok</b>]]></Debug></TPA_Extensions>',
  ])
    expectRule(rule, exchange('hotelavailability', body(f)), 'passed', undefined, f);
});
