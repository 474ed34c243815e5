// Envelope, HTTP rules, bad input and authentication, common to all nine operations.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RunningSandbox } from '../src/index';
import { call, errorCode, fill, initQuery, isSuccess, one, post, start, xp } from './helpers';

const OPS: Array<[string, string, string]> = [
  ['activityavailability', 'OTA_TourActivityAvailRS', '2011.2'],
  ['hotelavailability', 'OTA_HotelAvailRS', '2008.1'],
  ['activitysearch', 'OTA_TourActivitySearchRS', '2011.2'],
  ['hotelnbc', 'OTA_HotelDescriptiveInfoRS', '2009.1'],
  ['activitynbc', 'OTA_ProductDescriptiveInfoRS', '2016.2'],
  ['bookread', 'OTA_ResRetrieveRS', '2008.1'],
  ['bookcancel', 'OTA_CancelRS', '2008.1'],
  ['activitybook', 'OTA_TourActivityBookRS', '2011.2'],
  ['transferavailability', 'OTA_GroundAvailRS', '2016.2'],
];

let sb: RunningSandbox;
before(async () => {
  await initQuery();
  sb = await start();
});
after(() => sb.close());

describe('envelope', () => {
  for (const [op, rs, version] of OPS) {
    it(`${op}: valid request → ${rs} Success, Version ${version}, HTTP 200 application/xml`, async () => {
      // bookread/bookcancel need a booking first.
      if (op === 'bookread' || op === 'bookcancel') await call(sb.baseUrl, 'activitybook', { bookingRef: `ENV-${op}`, itemRef: 'I1' });
      const reply = await call(sb.baseUrl, op, { bookingRef: `ENV-${op}`, itemRef: 'I1' });
      assert.equal(reply.status, 200);
      assert.match(reply.contentType, /^application\/xml/);
      assert.equal(one(reply.body, 'local-name(/*)'), rs);
      assert.equal(one(reply.body, 'namespace-uri(/*)'), 'http://www.opentravel.org/OTA/2003/05');
      assert.equal(one(reply.body, '/*/@Version'), version);
      assert.match(one(reply.body, '/*/@TimeStamp') ?? '', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);
      assert.ok(isSuccess(reply.body), reply.body.slice(0, 600));
    });
  }

  it('echoes EchoToken when present and omits it when absent', async () => {
    const reply = await call(sb.baseUrl, 'hotelavailability', { echoToken: 'tok-42' });
    assert.equal(one(reply.body, '/*/@EchoToken'), 'tok-42');
    const r2 = await call(sb.baseUrl, 'activitysearch');
    assert.equal(xp(r2.body, 'count(/*/@EchoToken)')[0], '0');
  });

  it('Errors replies carry Errors alone (no Success) with Type, Code, ShortText and HTTP 200', async () => {
    const reply = await call(sb.baseUrl, 'hotelnbc', { hotelCode: 'NOPE' });
    assert.equal(reply.status, 200);
    assert.match(reply.contentType, /^application\/xml/);
    assert.equal(xp(reply.body, 'count(/*/ota:Success)')[0], '0');
    assert.equal(xp(reply.body, 'count(/*/*)')[0], '1');
    assert.equal(errorCode(reply.body), '3/392');
    assert.ok(one(reply.body, '/*/ota:Errors/ota:Error/@ShortText'));
  });
});

describe('HTTP rules', () => {
  it('wrong method → 405 with Allow and an XML body', async () => {
    const res = await fetch(`${sb.baseUrl}/hotelavailability`);
    assert.equal(res.status, 405);
    assert.equal(res.headers.get('allow'), 'POST');
    assert.match(await res.text(), /<OTA_ErrorRS [^>]*ErrorCode="HTTP-405"/);
  });
  it('wrong Content-Type → 415', async () => {
    const reply = await post(sb.baseUrl, 'hotelavailability', fill('hotelavailability'), 'text/plain');
    assert.equal(reply.status, 415);
    assert.match(reply.body, /ErrorCode="HTTP-415"/);
  });
  it('text/xml is accepted as well', async () => {
    const reply = await post(sb.baseUrl, 'hotelavailability', fill('hotelavailability'), 'text/xml; charset=utf-8');
    assert.equal(reply.status, 200);
    assert.ok(isSuccess(reply.body));
  });
  it('body over 1 MiB → 413, and the server keeps serving', async () => {
    const big = fill('hotelavailability').replace('</OTA_HotelAvailRQ>', `<!--${'x'.repeat(1024 * 1024)}--></OTA_HotelAvailRQ>`);
    const reply = await post(sb.baseUrl, 'hotelavailability', big);
    assert.equal(reply.status, 413);
    assert.match(reply.body, /Payload too large/);
    assert.ok(isSuccess((await call(sb.baseUrl, 'hotelavailability')).body));
  });
  it('unknown path → 404', async () => {
    const reply = await post(sb.baseUrl, 'nosuchop', fill('hotelavailability'));
    assert.equal(reply.status, 404);
    assert.match(reply.body, /ErrorCode="HTTP-404"/);
  });
});

describe('bad input → Errors reply, server keeps serving', () => {
  const cases: Array<[string, string, string, string]> = [
    [
      'not well-formed',
      'hotelavailability',
      '<OTA_HotelAvailRQ xmlns="http://www.opentravel.org/OTA/2003/05" Version="2008.1"><POS>',
      '7/450',
    ],
    ['empty body', 'activitysearch', '', '7/450'],
    ['wrong root for the path', 'hotelavailability', fill('activitysearch'), '7/320'],
    ['wrong namespace', 'hotelnbc', fill('hotelnbc').replace('http://www.opentravel.org/OTA/2003/05', 'http://example.com/ota'), '7/320'],
    ['no namespace', 'bookread', fill('bookread').replace(' xmlns="http://www.opentravel.org/OTA/2003/05"', ''), '7/320'],
    [
      'Version other than the spec',
      'hotelavailability',
      fill('hotelavailability').replace('Version="2008.1"', 'Version="2011.2"'),
      '7/320',
    ],
    ['Version missing', 'activitynbc', fill('activitynbc').replace(' Version="2016.2"', ''), '7/320'],
    [
      'mandatory element missing (StayDateRange)',
      'hotelavailability',
      fill('hotelavailability').replace(/<StayDateRange[^>]*\/>/, ''),
      '10/321',
    ],
    ['mandatory attribute missing (HotelCode)', 'hotelnbc', fill('hotelnbc').replace(/HotelCode="[^"]*"/, ''), '10/321'],
    ['non-ISO date', 'hotelavailability', fill('hotelavailability', { start: '05/06/2031' }), '3/15'],
    ['date in the past', 'activitysearch', fill('activitysearch', { start: '2020-01-01', end: '2020-01-03' }), '3/15'],
    ['End before Start', 'activityavailability', fill('activityavailability', { start: '2031-07-10', end: '2031-07-01' }), '3/404'],
    ['impossible date', 'activitysearch', fill('activitysearch', { start: '2031-02-30' }), '3/15'],
    ['unknown hotel code', 'activityavailability', fill('activityavailability', { hotelCode: 'ZZ999' }), '3/392'],
    ['unknown activity', 'activitynbc', fill('activitynbc', { tourActivityId: 'NO-SUCH' }), '3/320'],
    ['unknown airport', 'transferavailability', fill('transferavailability', { airportCode: 'ZZZ' }), '3/320'],
    ['non-integer count', 'hotelavailability', fill('hotelavailability', { adults: 'two' }), '3/320'],
    ['bad ResStatus', 'activitybook', fill('activitybook', { resStatus: 'Maybe' }), '3/320'],
    ['bad CancelType', 'bookcancel', fill('bookcancel', { cancelType: 'Perhaps' }), '3/320'],
  ];
  for (const [name, op, body, code] of cases) {
    it(`${name} → Errors ${code}`, async () => {
      const reply = await post(sb.baseUrl, op, body);
      assert.equal(reply.status, 200);
      assert.equal(errorCode(reply.body), code, reply.body.slice(0, 500));
      assert.equal(xp(reply.body, 'count(/*/ota:Success)')[0], '0');
    });
  }
  it('after all of that the server still answers', async () => {
    assert.ok(isSuccess((await call(sb.baseUrl, 'activitysearch')).body));
  });
});

describe('no DTD or entity is ever processed', () => {
  it('a DOCTYPE with an internal entity is refused and the entity is not expanded', async () => {
    const xml = fill('hotelnbc')
      .replace('<OTA_Hotel', '<!DOCTYPE x [<!ENTITY secret "EXPANDED-SECRET">]>\n<OTA_Hotel')
      .replace('{{', '')
      .replace('</OTA_HotelDescriptiveInfoRQ>', '<Note>&secret;</Note></OTA_HotelDescriptiveInfoRQ>');
    const reply = await post(sb.baseUrl, 'hotelnbc', xml);
    assert.equal(errorCode(reply.body), '7/450');
    assert.doesNotMatch(reply.body, /EXPANDED-SECRET/);
  });
  it('billion laughs is refused quickly', async () => {
    const lol = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><OTA_ReadRQ xmlns="http://www.opentravel.org/OTA/2003/05" Version="2008.1">&lol3;</OTA_ReadRQ>`;
    const t = Date.now();
    const reply = await post(sb.baseUrl, 'bookread', lol);
    assert.equal(errorCode(reply.body), '7/450');
    assert.ok(Date.now() - t < 2000);
  });
  it('an external entity (XXE) is refused and no file is read', async () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><OTA_ReadRQ xmlns="http://www.opentravel.org/OTA/2003/05" Version="2008.1"><UniqueID Type="36" ID="&x;"/></OTA_ReadRQ>`;
    const reply = await post(sb.baseUrl, 'bookread', xxe);
    assert.equal(errorCode(reply.body), '7/450');
    assert.doesNotMatch(reply.body, /root:/);
  });
  it('an undeclared entity reference is simply not well-formed', async () => {
    const reply = await post(sb.baseUrl, 'bookread', fill('bookread').replace('ID_Context="Client"', 'ID_Context="&ext;"'));
    assert.equal(errorCode(reply.body), '7/450');
  });
});

describe('authentication', () => {
  const bad: Array<[string, (x: string) => string]> = [
    ['POS missing', (x) => x.replace(/<POS>[\s\S]*<\/POS>/, '')],
    ['one Source only', (x) => x.replace(/<Source>\s*<RequestorID Type="88"[^>]*\/>\s*<\/Source>/, '')],
    ['three Sources', (x) => x.replace('</POS>', '<Source><RequestorID Type="5" ID="x"/></Source></POS>')],
    ['wrong requestor ID', (x) => x.replace('ID="SANDBOX-AGENCY"', 'ID="OTHER"')],
    ['wrong ID_Context', (x) => x.replace('ID_Context="OTA-SANDBOX"', 'ID_Context="OTHER"')],
    ['wrong user', (x) => x.replace('ID="sandbox-user"', 'ID="someone"')],
    ['wrong password', (x) => x.replace('MessagePassword="sandbox-pass"', 'MessagePassword="guess"')],
    ['password missing', (x) => x.replace(' MessagePassword="sandbox-pass"', '')],
    ['Type 88 replaced by another 22', (x) => x.replace('Type="88"', 'Type="22"')],
  ];
  for (const [name, mutate] of bad) {
    it(`${name} → Errors 4/497 and no data`, async () => {
      const reply = await post(sb.baseUrl, 'hotelavailability', mutate(fill('hotelavailability')));
      assert.equal(errorCode(reply.body), '4/497', reply.body.slice(0, 400));
      assert.equal(xp(reply.body, 'count(//ota:RoomStay)')[0], '0');
    });
  }
  it('requestor Instance: checked only when the sandbox has one configured', async () => {
    const withInstance = await start({
      credentials: { requestorId: 'A', requestorContext: 'C', requestorInstance: 'I-1', user: 'u', password: 'p' },
    });
    try {
      const v = { requestorId: 'A', requestorContext: 'C', user: 'u', password: 'p' };
      assert.ok(isSuccess((await call(withInstance.baseUrl, 'activitysearch', { ...v, requestorInstance: 'I-1' })).body));
      assert.ok(isSuccess((await call(withInstance.baseUrl, 'activitysearch', { ...v, requestorInstance: '' })).body));
      assert.equal(errorCode((await call(withInstance.baseUrl, 'activitysearch', { ...v, requestorInstance: 'I-2' })).body), '4/497');
      // And the default sandbox (no instance configured) accepts any Instance.
      assert.ok(isSuccess((await call(sb.baseUrl, 'activitysearch', { requestorInstance: 'whatever' })).body));
    } finally {
      await withInstance.close();
    }
  });
});
