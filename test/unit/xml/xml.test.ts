import { test, before } from 'node:test';
import { strict as assert } from 'node:assert';
import { loadXml, XmlDoc, XmlSyntaxError } from '../../../src/xml/xml';

before(async () => {
  await loadXml();
});

const OTA = 'xmlns="http://www.opentravel.org/OTA/2003/05"';

test('XPath helpers read OTA replies with the ota: prefix', () => {
  const doc = XmlDoc.parse(
    `<OTA_HotelAvailRS ${OTA} Version="1"><Success/><RoomStays><RoomStay><BasicPropertyInfo HotelCode="A"/></RoomStay><RoomStay><BasicPropertyInfo HotelCode="B"/></RoomStay></RoomStays></OTA_HotelAvailRS>`,
  );
  assert.equal(doc.count('/*/ota:RoomStays/ota:RoomStay'), 2);
  assert.deepEqual(doc.values('//ota:BasicPropertyInfo/@HotelCode'), ['A', 'B']);
  assert.deepEqual(doc.records('/*/ota:RoomStays/ota:RoomStay', { code: 'ota:BasicPropertyInfo/@HotelCode', none: 'ota:Nothing' }), [
    { code: 'A', none: undefined },
    { code: 'B', none: undefined },
  ]);
  assert.deepEqual(doc.root, { localName: 'OTA_HotelAvailRS', namespace: 'http://www.opentravel.org/OTA/2003/05' });
  assert.equal(doc.hasDoctype, false);
  doc.dispose();
});

test('a reply that is not well-formed names the line and column', () => {
  assert.throws(
    () => XmlDoc.parse('<a>\n<b></a>', 'the test reply'),
    (e: Error) => e instanceof XmlSyntaxError && /the test reply is not well-formed XML at line 2/.test(e.message),
  );
});

test('a DOCTYPE is detected and its entities are not expanded, nor files read', () => {
  const doc = XmlDoc.parse('<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd"><!ENTITY y "expanded">]><r>&x;&y;</r>');
  assert.equal(doc.hasDoctype, true);
  assert.doesNotMatch(doc.value('/r') ?? '', /root:/);
  doc.dispose();
});

/** Parses a hostile document: the text it yields (if it parses at all), the time and memory spent. */
function parseHostile(xml: string, root: string): { text: string; ms: number; rssGrowth: number } {
  const t0 = Date.now();
  const rss0 = process.memoryUsage().rss;
  let text = '';
  try {
    const d = XmlDoc.parse(xml);
    text = d.value(`/${root}`) ?? '';
    d.dispose();
  } catch (e) {
    assert.ok(e instanceof XmlSyntaxError, String(e));
  }
  return { text, ms: Date.now() - t0, rssGrowth: process.memoryUsage().rss - rss0 };
}

test('billion laughs is refused quickly with bounded memory', () => {
  const lol =
    '<!DOCTYPE l [<!ENTITY a "lollollollollollollollollollol">' +
    Array.from({ length: 9 }, (_, i) => `<!ENTITY ${String.fromCharCode(98 + i)} "${`&${String.fromCharCode(97 + i)};`.repeat(10)}">`).join(
      '',
    ) +
    `]><l>&j;</l>`;
  const { text, ms, rssGrowth } = parseHostile(lol, 'l');
  assert.ok(text.length < 1_000_000, `expanded to ${text.length} characters`);
  // expansion would take minutes; the bound is generous for a loaded machine
  assert.ok(ms < 10_000, `took ${ms} ms`);
  assert.ok(rssGrowth < 200 * 1024 * 1024, 'memory grew by more than 200 MB');
});

test('quadratic blow-up is refused or left unexpanded with bounded memory', () => {
  const big = 'x'.repeat(50_000);
  const { text, rssGrowth } = parseHostile(`<!DOCTYPE q [<!ENTITY e "${big}">]><q>${'&e;'.repeat(20_000)}</q>`, 'q');
  assert.ok(text.length < 10_000_000, `expanded to ${text.length} characters`);
  assert.ok(rssGrowth < 300 * 1024 * 1024, 'memory grew by more than 300 MB');
});
