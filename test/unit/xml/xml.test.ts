import { test, before } from 'node:test';
import { strict as assert } from 'node:assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compiledXPathCount, loadXml, localName, MAX_COMPILED_XPATHS, XmlDoc, XmlSchema, XmlSyntaxError } from '../../../src/xml/xml';

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
    const doc = XmlDoc.parse(xml);
    text = doc.value(`/${root}`) ?? '';
    doc.dispose();
  } catch (error) {
    assert.ok(error instanceof XmlSyntaxError, String(error));
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

test('an XPath expression is compiled once and gives each document its own answer', () => {
  const one = XmlDoc.parse(`<R ${OTA}><Item Code="1"/></R>`);
  const two = XmlDoc.parse(`<R ${OTA}><Item Code="2"/><Item Code="3"/></R>`);
  const path = '/*/ota:Item/@Code';
  assert.deepEqual(one.values(path), ['1']);
  const before = compiledXPathCount();
  assert.deepEqual(two.values(path), ['2', '3']);
  assert.equal(two.value(path), '2');
  assert.deepEqual(
    two.find('@Code', two.find('/*/ota:Item')[1]).map((n) => n.content),
    ['3'],
  );
  assert.equal(compiledXPathCount(), before + 2, 'only the two expressions not asked before were compiled');
  assert.throws(() => one.values('/*/ota:Item[@Code='), /XPath/);
  assert.throws(() => one.values('/*/ota:Item[@Code='), /XPath/, 'an expression that does not compile fails every time');
  one.dispose();
  two.dispose();
});

test('the XPath cache is bounded: past its size it starts afresh and still answers', () => {
  const doc = XmlDoc.parse(`<R ${OTA}><Item Code="7"/></R>`);
  for (let i = 0; i <= MAX_COMPILED_XPATHS; i++) doc.count(`/*/ota:Item[@Code='${i}']`);
  assert.ok(compiledXPathCount() <= MAX_COMPILED_XPATHS);
  assert.equal(doc.count("/*/ota:Item[@Code='7']"), 1);
  doc.dispose();
});

test('a schema is compiled once per process; a missing file is null', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'xsd-once-'));
  const file = join(dir, 'R.xsd');
  writeFileSync(
    file,
    '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:t" elementFormDefault="qualified"><xs:element name="R"/></xs:schema>',
  );
  const first = await XmlSchema.compiledOnce(file);
  assert.ok(first);
  assert.equal(await XmlSchema.compiledOnce(join(dir, '.', 'R.xsd')), first, 'the same compiled schema, by its resolved path');
  const ok = XmlDoc.parse('<R xmlns="urn:t"/>');
  const wrong = XmlDoc.parse('<S xmlns="urn:t"/>');
  assert.deepEqual(first.validate(ok), []);
  assert.ok(first.validate(wrong).length > 0);
  ok.dispose();
  wrong.dispose();
  assert.equal(await XmlSchema.compiledOnce(join(dir, 'none.xsd')), null);
});

test('the local name of an element or an attribute drops its prefix; a node without a name is ?', () => {
  const doc = XmlDoc.parse('<p:A xmlns:p="urn:x" xmlns:q="urn:y" q:B="1"><C/></p:A>');
  assert.equal(doc.root.localName, 'A');
  assert.equal(localName(doc.find('/*/@*')[0]), 'B');
  assert.equal(localName(doc.find('/*/*')[0]), 'C');
  assert.equal(localName({}), '?');
});
