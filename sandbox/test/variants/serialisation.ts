// Each dialect variant of serialisation (prefixes, order, encodings, layout, declaration, quotes,
// compression) changes the form it claims and not the substance
// (sandbox/src/variants/serialisation.ts): the same requests go to a default sandbox and to one
// with the variant, and both replies are read by meaning.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { encode } from '../../src/charset';
import type { SERIALISATION_VARIANTS } from '../../src/variants/serialisation';
import { fill, one, post, type Reply, xp } from '../helpers';
import { both, canon, same, TWO_WEEKS, type VariantEffects } from './support';

/** The reply as sent on the wire (no decompression, unlike fetch): status, headers and bytes. */
function rawPost(base: string, op: string, xml: string): Promise<{ status: number; headers: Record<string, string>; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}/${op}`, { method: 'POST', headers: { 'content-type': 'application/xml' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers as Record<string, string>, bytes: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(xml);
  });
}

/** The bytes read as the Content-Type charset says (RFC 7303 §3.2), whatever the declaration says. */
const byHeader = (r: Reply) => Buffer.from(r.body.replace(/^<\?xml[^>]*\?>/, '<?xml version="1.0" encoding="UTF-8"?>'), 'utf8');

export const SERIALISATION_EFFECTS: VariantEffects<typeof SERIALISATION_VARIANTS> = {
  'prefixed-namespace': async (pair) => {
    const { v } = await same(pair, 'hotelavailability');
    assert.match(v.body, /^<\?xml[^>]*\?>\s*<ota:OTA_HotelAvailRS [^>]*xmlns:ota="http:\/\/www\.opentravel\.org\/OTA\/2003\/05"/);
    assert.doesNotMatch(v.body, /xmlns="/);
    assert.doesNotMatch(v.body.replace(/^<\?xml[^>]*\?>/, ''), /<(?!ota:|\/ota:)/, 'every element is prefixed');
    await same(pair, 'hotelnbc', { hotelCode: 'NOPE' });
    await same(pair, 'activitybook');
  },
  'reordered-siblings': async (pair) => {
    const { d, v } = await same(pair, 'hotelavailability', {}, { unordered: true });
    const codes = (r: Reply) => xp(r.raw, '//ota:RoomStay/ota:BasicPropertyInfo/@HotelCode');
    assert.ok(codes(d).length > 1);
    assert.deepEqual(codes(v), codes(d).reverse());
    const rootAttrs = (r: Reply) =>
      [.../<OTA_HotelAvailRS ([^>]*)>/.exec(r.body)![1].matchAll(/(\w+)="/g)].map((m) => m[1]).filter((a) => a !== 'xmlns');
    assert.deepEqual(rootAttrs(v), rootAttrs(d).reverse());
    await same(pair, 'transferavailability', {}, { unordered: true });
    await same(pair, 'activitybook', {}, { unordered: true });
  },
  'latin1-encoding': async (pair) => {
    const { d, v } = await same(pair, 'hotelnbc');
    assert.equal(v.contentType, 'application/xml; charset=ISO-8859-1');
    assert.ok(v.raw.toString('latin1').startsWith('<?xml version="1.0" encoding="ISO-8859-1"?>'));
    assert.ok(v.raw.includes(Buffer.from('Sóller', 'latin1')) && !v.raw.includes(Buffer.from('Sóller', 'utf8')), 'ó is one Latin-1 byte');
    assert.ok(v.raw.includes(Buffer.from('&#8212;')), 'the em dash (not in Latin-1) is a character reference');
    const desc = '//ota:HotelInfo/ota:Descriptions/ota:DescriptiveText';
    assert.match(one(v.raw, desc)!, /promenade — ten minutes .* Sóller/);
    assert.equal(one(v.raw, desc), one(d.raw, desc));
    await same(pair, 'activitysearch', TWO_WEEKS);
    const reply = await post(pair.v, 'nope', '<x/>');
    assert.equal(reply.status, 404);
    assert.equal(reply.contentType, 'application/xml; charset=ISO-8859-1');
  },
  'pretty-comments-cdata': async (pair) => {
    const { v } = await same(pair, 'hotelnbc');
    assert.match(v.body, /\n {4}<HotelDescriptiveContent /);
    assert.match(v.body, /<!-- \w+ -->/);
    assert.match(v.body, /<HotelName><!\[CDATA\[Hotel Bellver Bay\]\]><\/HotelName>/);
    await same(pair, 'activitynbc');
    await same(pair, 'transferavailability');
  },
  'no-xml-declaration': async (pair) => {
    const { v } = await same(pair, 'hotelavailability');
    assert.equal(v.raw.subarray(0, 18).toString(), '<OTA_HotelAvailRS ');
    assert.ok((await post(pair.v, 'nope', '<x/>')).body.startsWith('<OTA_ErrorRS '));
  },
  'utf8-bom': async (pair) => {
    const { v } = await same(pair, 'hotelnbc');
    assert.equal(v.raw.subarray(0, 8).toString('hex'), `efbbbf${Buffer.from('<?xml').toString('hex')}`);
  },
  'expanded-empty-elements': async (pair) => {
    const { v } = await same(pair, 'hotelavailability');
    assert.match(v.body, /<Success><\/Success>/);
    assert.doesNotMatch(v.body, /\/>/);
  },
  'single-quoted-attributes': async (pair) => {
    const { v } = await same(pair, 'hotelavailability');
    assert.match(v.body, /Version='2008\.1'/);
    assert.doesNotMatch(v.body.replace(/^<\?xml[^>]*\?>/, ''), /="/);
  },
  'charset-header-wins': async (pair) => {
    const [d, v] = await both(pair, 'hotelnbc');
    assert.equal(v.status, 200);
    assert.equal(v.contentType, 'application/xml; charset=utf-8');
    assert.ok(v.raw.toString('latin1').startsWith('<?xml version="1.0" encoding="ISO-8859-1"?>'), 'the declaration says Latin-1');
    assert.ok(v.raw.includes(Buffer.from('Sóller', 'utf8')), 'ó is two UTF-8 bytes, as the header says');
    // Read as the header says, the same reply; read by the declaration alone, it would be mojibake.
    assert.equal(canon(byHeader(v)), canon(d.raw));
    assert.notEqual(canon(v.raw), canon(d.raw));
    for (const op of ['activitysearch', 'transferavailability']) {
      const [d2, v2] = await both(pair, op, TWO_WEEKS);
      assert.equal(canon(byHeader(v2)), canon(d2.raw), op);
    }
    const reply = await post(pair.v, 'nope', '<x/>');
    assert.equal(reply.status, 404);
    assert.match(reply.body, /^<\?xml version="1\.0" encoding="ISO-8859-1"\?>/);
  },
  'iso-8859-15-encoding': async (pair) => {
    const { d, v } = await same(pair, 'hotelnbc');
    assert.equal(v.contentType, 'application/xml; charset=ISO-8859-15');
    assert.ok(v.raw.toString('latin1').startsWith('<?xml version="1.0" encoding="ISO-8859-15"?>'));
    assert.ok(v.raw.includes(Buffer.from('Sóller', 'latin1')) && !v.raw.includes(Buffer.from('Sóller', 'utf8')), 'ó is one byte (F3)');
    assert.ok(v.raw.includes(Buffer.from('&#8212;')), 'the em dash (not in ISO-8859-15) is a character reference');
    const desc = '//ota:HotelInfo/ota:Descriptions/ota:DescriptiveText';
    assert.equal(one(v.raw, desc), one(d.raw, desc));
    assert.deepEqual(
      [...encode('€ ¤', 'iso-8859-15')],
      [0xa4, 0x20, 0x26, 0x23, 0x31, 0x36, 0x34, 0x3b],
      '€ is A4; ¤ (not in Latin-9) a reference',
    );
    await same(pair, 'activitysearch', TWO_WEEKS);
    const reply = await post(pair.v, 'nope', '<x/>');
    assert.equal(reply.contentType, 'application/xml; charset=ISO-8859-15');
  },
  'windows-1251-encoding': async (pair) => {
    const { d, v } = await same(pair, 'hotelnbc');
    assert.equal(v.contentType, 'application/xml; charset=windows-1251');
    assert.ok(v.raw.toString('latin1').startsWith('<?xml version="1.0" encoding="windows-1251"?>'));
    assert.ok(v.raw.includes(Buffer.from('S&#243;ller')), 'ó (not in windows-1251) is a character reference');
    assert.ok(v.raw.includes(Buffer.from([0x20, 0x97, 0x20])), 'the em dash is byte 97');
    const desc = '//ota:HotelInfo/ota:Descriptions/ota:DescriptiveText';
    assert.match(one(v.raw, desc)!, /promenade — ten minutes .* Sóller/);
    assert.equal(one(v.raw, desc), one(d.raw, desc));
    assert.deepEqual([...encode('Жí', 'windows-1251')], [0xc6, ...Buffer.from('&#237;')]);
    await same(pair, 'activitysearch', TWO_WEEKS);
    await same(pair, 'transferavailability');
  },
  'gzip-content-encoding': async (pair) => {
    // fetch decodes the coding: by meaning, the same replies.
    await same(pair, 'hotelnbc');
    await same(pair, 'hotelnbc', { hotelCode: 'NOPE' });
    for (const [op, xml] of [
      ['hotelavailability', fill('hotelavailability')],
      ['hotelnbc', fill('hotelnbc', { hotelCode: 'NOPE' })],
      ['nope', '<x/>'],
    ]) {
      const d = await rawPost(pair.d, op, xml);
      const v = await rawPost(pair.v, op, xml);
      assert.equal(v.status, d.status, op);
      assert.equal(v.headers['content-encoding'], 'gzip', op);
      assert.equal(v.headers['content-type'], d.headers['content-type'], op);
      assert.equal(v.bytes.subarray(0, 2).toString('hex'), '1f8b', `${op}: gzip magic`);
      assert.equal(Number(v.headers['content-length']), v.bytes.length);
      assert.equal(canon(gunzipSync(v.bytes), { ignore: ['TimeStamp'] }), canon(d.bytes, { ignore: ['TimeStamp'] }), op);
    }
  },
};
