// A Commit answered by something other than the gateway is in doubt: every status an intermediary
// may produce, a body that is not an OpenTravel message, no reply at all. Only the gateway's own
// OTA message, whatever it says (a refusal included), means the Commit is no longer in flight.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadXml, XmlDoc } from '../../../src/xml/xml';
import { commitInDoubt } from '../../../src/transport/gateway-answer';
import type { Reply } from '../../../src/transport/exchange';

before(() => loadXml());

const OTA = 'http://www.opentravel.org/OTA/2003/05';
// built inside each test: libxml2 is loaded by the first before()
const reply = (status: number | undefined, body?: string, transportError?: string) => () => built(status, body, transportError);
function built(status: number | undefined, body?: string, transportError?: string): { reply: Reply } {
  let doc: XmlDoc | undefined;
  try {
    doc = body ? XmlDoc.parse(body) : undefined;
  } catch {
    doc = undefined;
  }
  return {
    reply: {
      ...(status !== undefined ? { exchange: { status } } : {}),
      ...(transportError ? { transportError: { kind: 'timeout', message: transportError } } : {}),
      text: body,
      doc,
    } as Reply,
  };
}
const otaSuccess = `<OTA_TourActivityResRS xmlns="${OTA}" Version="1.0"><Success/></OTA_TourActivityResRS>`;
const otaError = `<OTA_TourActivityResRS xmlns="${OTA}" Version="1.0"><Errors><Error Type="3"/></Errors></OTA_TourActivityResRS>`;

describe('commitInDoubt: was it the gateway that answered the Commit?', () => {
  const inDoubt: Array<[string, () => { reply: Reply }, RegExp]> = [
    ['a time-out', reply(undefined, undefined, 'no reply within 30000 ms'), /no reply within/],
    ['a reset', reply(undefined, undefined, 'connection reset'), /reset/],
    ...[408, 502, 503, 504, 520, 522, 524, 599].map((s): [string, () => { reply: Reply }, RegExp] => [
      `HTTP ${s} from an intermediary`,
      reply(s, '<html><body>Gateway Timeout</body></html>'),
      new RegExp(`HTTP ${s}, a status an intermediary answers`),
    ]),
    ['an OTA-looking body behind a 504', reply(504, otaSuccess), /HTTP 504/],
    ['a 500 HTML page', reply(500, '<!DOCTYPE html><html><body>Internal Server Error</body></html>'), /not an OpenTravel message|not XML/],
    ['a 200 with plain text', reply(200, 'OK'), /not XML/],
    ['a 200 with an empty body', reply(200, ''), /not XML/],
    ['a 200 with XML of another vocabulary', reply(200, '<soap:Envelope xmlns:soap="urn:x"/>'), /<Envelope>, not an OpenTravel message/],
  ];
  for (const [what, x, why] of inDoubt)
    test(`in doubt: ${what}`, () => {
      assert.match(commitInDoubt(x()) ?? 'answered', why);
    });

  const answered: Array<[string, () => { reply: Reply }]> = [
    ['a Success', reply(200, otaSuccess)],
    ['a refusal in the body', reply(200, otaError)],
    ['a refusal with a 400', reply(400, `<OTA_ErrorRS xmlns="${OTA}" Version="1.0"/>`)],
    ['a 500 carrying the OTA message', reply(500, otaError)],
    ['an OTA root without the namespace', reply(200, '<OTA_TourActivityResRS Version="1.0"><Success/></OTA_TourActivityResRS>')],
  ];
  for (const [what, x] of answered)
    test(`the gateway's answer: ${what}`, () => {
      assert.equal(commitInDoubt(x()), undefined);
    });
});
