import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as zlib from 'node:zlib';
import { ContentTooLargeError, decodeContentCoding, markContentDecoded } from '../../../src/transport/content-coding';
import { decodeReplyBody, inspectReplyBody, type DecodeOptions } from '../../../src/transport/reply-body';
import { ReplyDecodingError, type ReplyDecodingReason } from '../../../src/transport/reply-decoding-error';
import { loadXml, XmlDoc } from '../../../src/xml/xml';
import { HTML_ERROR_PAGE, latin1DeclaredUtf8, validReply } from '../../support/hostile-server';

const XML = { 'content-type': 'application/xml; charset=utf-8' };
const NS = 'http://www.opentravel.org/OTA/2003/05';
const doc = (decl: string, inner = 'Café Zürich') =>
  `${decl}<OTA_HotelAvailRS xmlns="${NS}" Version="2008.1"><Warnings><Warning>${inner}</Warning></Warnings></OTA_HotelAvailRS>`;

function fails(headers: Record<string, string>, body: Buffer, reason: ReplyDecodingReason, ...patterns: RegExp[]): ReplyDecodingError {
  return failsWith({}, headers, body, reason, ...patterns);
}

function failsWith(
  opts: DecodeOptions,
  headers: Record<string, string>,
  body: Buffer,
  reason: ReplyDecodingReason,
  ...patterns: RegExp[]
): ReplyDecodingError {
  try {
    decodeReplyBody(headers, body, opts);
  } catch (error) {
    assert.ok(error instanceof ReplyDecodingError, String(error));
    assert.equal(error.reason, reason, error.message);
    for (const pattern of patterns) assert.match(error.message, pattern);
    return error;
  }
  assert.fail(`expected a ${reason} error`);
}

/** Single-byte encodings Node cannot encode to: ASCII as is, the rest from a table (code point -> byte). */
function singleByte(text: string, table: Record<string, number>): Buffer {
  return Buffer.from(
    [...text].map((c) => {
      if (c.charCodeAt(0) < 0x80) return c.charCodeAt(0);
      const b = table[c];
      if (b === undefined) throw new Error(`no byte for ${c}`);
      return b;
    }),
  );
}
// windows-1251: А..я are 0xC0..0xFF
const CP1251: Record<string, number> = Object.fromEntries(
  Array.from({ length: 64 }, (_, i) => [String.fromCharCode(0x410 + i), 0xc0 + i] as [string, number]),
);
// ISO-8859-15 differs from ISO-8859-1 at 8 places (€ at 0xA4, Š, š, Ž, ž, Œ, œ, Ÿ); é, ü as Latin-1
const LATIN9: Record<string, number> = { '€': 0xa4, Š: 0xa6, š: 0xa8, Ž: 0xb4, ž: 0xb8, Œ: 0xbc, œ: 0xbd, Ÿ: 0xbe, é: 0xe9, ü: 0xfc };
const RUS = 'Пальма';
const LAT9 = 'Œuvre €5 Šibenik Café Zürich';

function utf16(text: string, order: 'le' | 'be', bom = true): Buffer {
  const le = Buffer.from(text, 'utf16le');
  const buffer = order === 'le' ? le : Buffer.from(le).swap16();
  return bom ? Buffer.concat([Buffer.from(order === 'le' ? [0xff, 0xfe] : [0xfe, 0xff]), buffer]) : buffer;
}

describe('decodeReplyBody: good replies', () => {
  test('UTF-8 declared in header and declaration', () => {
    const text = doc('<?xml version="1.0" encoding="UTF-8"?>');
    assert.equal(decodeReplyBody(XML, Buffer.from(text)), text);
  });

  test('UTF-8 with BOM: BOM removed', () => {
    const text = doc('<?xml version="1.0" encoding="utf-8"?>');
    const decodedReply = inspectReplyBody(XML, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]));
    assert.equal(decodedReply.text, text);
    assert.equal(decodedReply.source, 'bom');
  });

  test('no declaration anywhere: XML default UTF-8', () => {
    const text = doc('');
    const decodedReply = inspectReplyBody({ 'content-type': 'application/xml' }, Buffer.from(text));
    assert.equal(decodedReply.text, text);
    assert.deepEqual([decodedReply.encoding, decodedReply.source], ['utf-8', 'default']);
  });

  test('UTF-16LE and UTF-16BE with BOM', () => {
    for (const order of ['le', 'be'] as const) {
      const text = doc('<?xml version="1.0" encoding="UTF-16"?>');
      const decodedReply = inspectReplyBody({ 'content-type': 'application/xml' }, utf16(text, order));
      assert.equal(decodedReply.text, text);
      assert.equal(decodedReply.parserText, text.replace('"UTF-16"', '"UTF-8"'));
      assert.equal(decodedReply.encoding, `utf-16${order}`);
    }
  });

  test('UTF-16 without BOM when the byte order is explicit and the body starts with "<"', () => {
    const text = doc('<?xml version="1.0" encoding="UTF-16BE"?>');
    assert.equal(inspectReplyBody({}, utf16(text, 'be', false)).text, text);
  });

  test('ISO-8859-1 (any alias) and windows-1252', () => {
    const text = doc('<?xml version="1.0" encoding="ISO-8859-1"?>');
    assert.equal(inspectReplyBody({ 'content-type': 'application/xml' }, Buffer.from(text, 'latin1')).text, text);
    assert.equal(decodeReplyBody({ 'content-type': 'text/xml; charset=latin1' }, Buffer.from(doc(''), 'latin1')), doc(''));
    const cp = doc('<?xml version="1.0" encoding="windows-1252"?>', 'price €5');
    const bytes = Buffer.from(cp.replace('€', '\u0080'), 'latin1'); // € is 0x80 in windows-1252
    assert.equal(inspectReplyBody({}, bytes).text, cp);
  });

  test('US-ASCII', () => {
    const text = doc('<?xml version="1.0" encoding="US-ASCII"?>', 'Cafe');
    assert.equal(inspectReplyBody({ 'Content-Type': 'application/xml; charset="us-ascii"' }, Buffer.from(text)).text, text);
  });

  test('a valid XML body served as text/html decodes (the media type is judged elsewhere)', () => {
    const text = validReply();
    assert.equal(decodeReplyBody({ 'content-type': 'text/html; charset=utf-8' }, Buffer.from(text)), text);
  });

  test('two declarations that differ but read the same (pure ASCII) are accepted', () => {
    const text = doc('<?xml version="1.0" encoding="ISO-8859-1"?>', 'Cafe');
    assert.equal(inspectReplyBody(XML, Buffer.from(text)).text, text);
  });

  test('Content-Encoding: identity is not compression', () => {
    const text = validReply();
    assert.equal(decodeReplyBody({ ...XML, 'content-encoding': 'identity' }, Buffer.from(text)), text);
  });
});

describe('decodeReplyBody: text for the parser', () => {
  // libxml2-wasm's fromString honours the declaration's encoding: the text must say UTF-8
  test('non-UTF-8 replies parse to the right characters with libxml2-wasm', async () => {
    const { XmlDocument } = await import('libxml2-wasm');
    const cases: [string, Buffer][] = [
      ['ISO-8859-1', Buffer.from(doc('<?xml version="1.0" encoding="ISO-8859-1"?>'), 'latin1')],
      ['UTF-16LE BOM', utf16(doc('<?xml version="1.0" encoding="UTF-16"?>'), 'le')],
      ['UTF-16BE BOM', utf16(doc("<?xml version='1.0' encoding='UTF-16'?>"), 'be')],
      ['UTF-8', Buffer.from(doc('<?xml version="1.0" encoding="UTF-8"?>'))],
      ['no declaration, charset=latin1', Buffer.from(doc(''), 'latin1')],
    ];
    for (const [name, bytes] of cases) {
      const headers: Record<string, string> = name.includes('charset=latin1') ? { 'content-type': 'application/xml; charset=latin1' } : {};
      const xmlDocument = XmlDocument.fromString(decodeReplyBody(headers, bytes));
      try {
        assert.equal(xmlDocument.root.content, 'Café Zürich', name);
      } finally {
        xmlDocument.dispose();
      }
    }
  });

  test('a UTF-8 reply is returned unchanged', () => {
    const text = doc('<?xml version="1.0" encoding="utf-8"?>');
    const decodedReply = inspectReplyBody(XML, Buffer.from(text));
    assert.equal(decodedReply.parserText, text);
    assert.equal(decodedReply.declaredInXml, 'utf-8');
  });
});

describe('decodeReplyBody: failures', () => {
  test('empty body', () => {
    fails(XML, Buffer.alloc(0), 'empty', /reply body is empty; expected an XML document/);
  });

  test('HTML error page (DOCTYPE html), also with status 200 and an XML content type', () => {
    fails(XML, Buffer.from(HTML_ERROR_PAGE), 'html', /HTML page, not XML/, /<!DOCTYPE html>/, /title "502 Bad Gateway"/);
  });

  test('HTML without DOCTYPE, after whitespace, and XHTML with an XML declaration', () => {
    fails({}, Buffer.from('\r\n  <HTML><body>Error</body></HTML>'), 'html', /starts with <html>/);
    fails(
      {},
      Buffer.from(
        '<?xml version="1.0"?>\n<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "x"><html xmlns="http://www.w3.org/1999/xhtml"/>',
      ),
      'html',
    );
  });

  test('an XML reply mentioning <html> inside is not HTML', () => {
    const text = doc('<?xml version="1.0" encoding="UTF-8"?>', '&lt;html&gt; in text');
    assert.equal(decodeReplyBody(XML, Buffer.from(text)), text);
  });

  test('gzip, deflate (zlib), zip and zstd magic without Content-Encoding', () => {
    const xml = validReply();
    fails(XML, zlib.gzipSync(xml), 'compressed', /gzip-compressed without a Content-Encoding header/, /expected uncompressed XML/);
    fails(XML, zlib.deflateSync(xml), 'compressed', /deflate-compressed/);
    fails(XML, Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]), 'compressed', /zip-compressed/);
    fails(XML, Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0, 0, 0, 0]), 'compressed', /zstd-compressed/);
  });

  test('brotli without Content-Encoding (no magic number: detected by trying)', () => {
    fails(XML, zlib.brotliCompressSync(validReply()), 'compressed', /brotli-compressed without a Content-Encoding header/);
  });

  // was "declared compression is reported too: we never asked for it"; RFC 9110 §12.5.3: a request
  // without Accept-Encoding accepts any coding, so a declared one is decoded (see "content codings")
  test('declared compression is decoded, not reported', () => {
    assert.equal(decodeReplyBody({ ...XML, 'content-encoding': 'gzip' }, zlib.gzipSync(validReply())), validReply());
    assert.equal(decodeReplyBody({ ...XML, 'Content-Encoding': 'br' }, zlib.brotliCompressSync(validReply())), validReply());
  });

  test('declared UTF-8 but ISO-8859-1 bytes: says which declaration and where', () => {
    const body = latin1DeclaredUtf8();
    const replyDecodingError = fails(
      XML,
      body,
      'encoding',
      /reply declares utf-8 \(Content-Type charset=utf-8\), but the bytes are not valid UTF-8/,
      /look like ISO-8859-1/,
    );
    const at = Number(/at byte (\d+)/.exec(replyDecodingError.message)![1]);
    assert.equal(body[at], 0xe9);
    fails({ 'content-type': 'application/xml' }, body, 'encoding', /XML declaration encoding="UTF-8"/);
    fails(
      {},
      Buffer.from(doc(''), 'latin1'),
      'encoding',
      /declares no encoding .* default UTF-8 applies, but the bytes are not valid UTF-8/,
    );
  });

  // was a failure; RFC 7303 §3.2 and XML 1.0 Appendix F: the byte-order mark wins (see "precedence")
  test('UTF-16 BOM with UTF-8 declared: read as the BOM says', () => {
    const text = doc('<?xml version="1.0" encoding="UTF-8"?>');
    for (const headers of [XML, {}]) {
      const decodedReply = inspectReplyBody(headers, utf16(text, 'le'));
      assert.equal(decodedReply.text, text);
      assert.deepEqual([decodedReply.encoding, decodedReply.source], ['utf-16le', 'bom']);
    }
  });

  test('UTF-8 declared, UTF-16 bytes without BOM', () => {
    fails(XML, utf16(doc(''), 'le', false), 'encoding', /look like UTF-16/);
  });

  test('US-ASCII declared with non-ASCII bytes', () => {
    fails(
      { 'content-type': 'application/xml; charset=us-ascii' },
      Buffer.from(doc('')),
      'encoding',
      /declares us-ascii .* non-ASCII byte 0xC3/,
    );
  });

  // was a failure ("two different encodings"); RFC 7303 §3.2: the charset parameter is
  // authoritative over the declaration (see "precedence")
  test('header and declaration disagree and the non-ASCII bytes read differently: the header decides', () => {
    const text = doc('<?xml version="1.0" encoding="ISO-8859-1"?>');
    assert.equal(inspectReplyBody(XML, Buffer.from(text, 'utf8')).text, text);
  });

  test('unknown encoding name', () => {
    fails(
      { 'content-type': 'application/xml; charset=klingon-8' },
      Buffer.from(validReply()),
      'encoding',
      /unsupported encoding "klingon-8" \(Content-Type charset\)/,
    );
    fails(
      {},
      Buffer.from(doc('<?xml version="1.0" encoding="EBCDIC-CP-US"?>')),
      'encoding',
      /unsupported encoding "EBCDIC-CP-US" \(XML declaration\)/,
    );
  });

  test('binary bodies', () => {
    fails(
      XML,
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
      'binary',
      /NUL byte at byte 8; first bytes 89 50 4E 47/,
    );
    fails(XML, Buffer.from('<a>\u0001\u0002</a>'), 'binary', /control character U\+0001 at character 3/);
  });
});

describe('decodeReplyBody: any charset the WHATWG TextDecoder knows', () => {
  test('ISO-8859-15, by Content-Type charset or by the XML declaration', () => {
    const text = doc('', LAT9);
    const bytes = singleByte(text, LATIN9);
    const decodedReply = inspectReplyBody({ 'content-type': 'application/xml; charset=ISO-8859-15' }, bytes);
    assert.equal(decodedReply.text, text);
    assert.deepEqual([decodedReply.encoding, decodedReply.source], ['iso-8859-15', 'content-type']);
    const declared = doc('<?xml version="1.0" encoding="ISO-8859-15"?>', LAT9);
    const d = inspectReplyBody({ 'content-type': 'application/xml' }, singleByte(declared, LATIN9));
    assert.equal(d.text, declared);
    assert.equal(d.parserText, declared.replace('"ISO-8859-15"', '"UTF-8"'));
    assert.deepEqual([d.encoding, d.source], ['iso-8859-15', 'xml-declaration']);
    // the same bytes read as ISO-8859-1 would be wrong: 0xA4 is ¤ there, not €
    assert.notEqual(singleByte(LAT9, LATIN9).toString('latin1'), LAT9);
  });

  test('windows-1251, by Content-Type charset or by the XML declaration', () => {
    const text = doc('', RUS);
    assert.equal(inspectReplyBody({ 'content-type': 'text/xml; charset="windows-1251"' }, singleByte(text, CP1251)).text, text);
    const declared = doc("<?xml version='1.0' encoding='windows-1251'?>", RUS);
    assert.equal(inspectReplyBody({}, singleByte(declared, CP1251)).text, declared);
    assert.equal(decodeReplyBody({}, singleByte(declared, CP1251)), declared.replace("'windows-1251'", "'UTF-8'"));
  });

  test('windows-1252, Shift_JIS and KOI8-R', () => {
    const cp = doc('', 'price €5 “quoted”');
    const bytes = Buffer.from(cp.replace('€', '\u0080').replace('“', '\u0093').replace('”', '\u0094'), 'latin1');
    assert.equal(decodeReplyBody({ 'content-type': 'application/xml; charset=windows-1252' }, bytes), cp);
    const sjis = Buffer.concat([
      Buffer.from(`<?xml version="1.0" encoding="Shift_JIS"?><OTA_HotelAvailRS xmlns="${NS}"><Warnings><Warning>`),
      Buffer.from([0x93, 0x8c, 0x8b, 0x9e]), // 東京
      Buffer.from('</Warning></Warnings></OTA_HotelAvailRS>'),
    ]);
    const decodedReply = inspectReplyBody({}, sjis);
    assert.equal(decodedReply.encoding, 'shift_jis');
    assert.match(decodedReply.text, /<Warning>東京<\/Warning>/);
    const koi = Buffer.concat([Buffer.from('<a>'), Buffer.from([0xf0, 0xc1, 0xcc, 0xd8, 0xcd, 0xc1]), Buffer.from('</a>')]);
    assert.equal(decodeReplyBody({ 'content-type': 'application/xml; charset=koi8-r' }, koi), `<a>${RUS}</a>`);
  });

  test('bytes invalid in the chosen encoding remain an encoding finding, with where', () => {
    const bad = Buffer.concat([Buffer.from('<a>'), Buffer.from([0x93, 0x20]), Buffer.from('</a>')]);
    fails(
      { 'content-type': 'application/xml; charset=Shift_JIS' },
      bad,
      'encoding',
      /reply declares Shift_JIS \(Content-Type charset=Shift_JIS\), but the bytes are not valid SHIFT_JIS: invalid sequence at byte [34] /,
    );
    fails(
      XML,
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<a>\u00e9</a>', 'latin1')]),
      'encoding',
      /UTF-8 byte-order mark, but the bytes are not valid UTF-8/,
    );
  });

  test('an unknown charset name is a finding naming it, wherever it is declared', () => {
    fails(
      { 'content-type': 'application/xml; charset=x-klingon' },
      Buffer.from(validReply()),
      'encoding',
      /unsupported encoding "x-klingon" \(Content-Type charset\)/,
    );
    // WHATWG maps these labels to "replacement", which decodes nothing: unsupported too
    fails(
      { 'content-type': 'application/xml; charset=ISO-2022-KR' },
      Buffer.from(validReply()),
      'encoding',
      /unsupported encoding "ISO-2022-KR"/,
    );
  });

  test('non-UTF-8 replies, and a declaration the header overrides, parse to the right characters with libxml2-wasm', async () => {
    await loadXml();
    const cases: [string, Record<string, string>, Buffer, string][] = [
      ['ISO-8859-15 declared', {}, singleByte(doc('<?xml version="1.0" encoding="ISO-8859-15"?>', LAT9), LATIN9), LAT9],
      ['windows-1251 by header', { 'content-type': 'application/xml; charset=windows-1251' }, singleByte(doc('', RUS), CP1251), RUS],
      ['windows-1251 declared', {}, singleByte(doc('<?xml version="1.0" encoding="windows-1251"?>', RUS), CP1251), RUS],
      ['utf-8 header, ISO-8859-1 declaration', XML, Buffer.from(doc('<?xml version="1.0" encoding="ISO-8859-1"?>')), 'Café Zürich'],
    ];
    for (const [name, headers, bytes, expected] of cases) {
      const parsed = XmlDoc.parse(decodeReplyBody(headers, bytes), name);
      try {
        assert.equal(parsed.value('//ota:Warning'), expected, name);
      } finally {
        parsed.dispose();
      }
    }
  });

  test('XmlDoc.parse never decodes a string a second time by its declaration', async () => {
    await loadXml();
    for (const enc of ['ISO-8859-1', 'windows-1251', 'UTF-16', 'x-klingon']) {
      const doc = XmlDoc.parse(`<?xml version="1.0" encoding="${enc}"?><a>Café ${RUS}</a>`, enc);
      try {
        assert.equal(doc.value('/a'), `Café ${RUS}`, enc);
      } finally {
        doc.dispose();
      }
    }
  });
});

describe('decodeReplyBody: precedence (RFC 7303 §3.2, XML 1.0 Appendix F)', () => {
  test('the Content-Type charset is authoritative over the XML declaration', () => {
    const text = doc('<?xml version="1.0" encoding="ISO-8859-1"?>');
    const decodedReply = inspectReplyBody(XML, Buffer.from(text, 'utf8'));
    assert.equal(decodedReply.text, text);
    assert.deepEqual([decodedReply.encoding, decodedReply.source], ['utf-8', 'content-type']);
    assert.deepEqual(decodedReply.overridden, ['XML declaration encoding="ISO-8859-1" (the Content-Type charset=utf-8 takes precedence)']);
    // the parser is told UTF-8, or it would read "Café" as "CafÃ©"
    assert.equal(decodedReply.parserText, text.replace('"ISO-8859-1"', '"UTF-8"'));
    // the other way round: windows-1251 bytes, a declaration that says UTF-8 (they are not)
    const cyr = doc('<?xml version="1.0" encoding="UTF-8"?>', RUS);
    const c = inspectReplyBody({ 'content-type': 'application/xml; charset=windows-1251' }, singleByte(cyr, CP1251));
    assert.equal(c.text, cyr);
    assert.equal(c.parserText, cyr);
    // an encoding name the header overrides is not looked at
    const odd = doc('<?xml version="1.0" encoding="x-klingon"?>');
    assert.equal(decodeReplyBody(XML, Buffer.from(odd)), odd.replace('"x-klingon"', '"UTF-8"'));
  });

  test('the XML declaration decides when the charset is absent (or empty); UTF-8 when neither', () => {
    const text = doc('<?xml version="1.0" encoding="ISO-8859-1"?>');
    for (const ct of ['application/xml', 'application/xml; charset=""']) {
      const decodedReply = inspectReplyBody({ 'content-type': ct }, Buffer.from(text, 'latin1'));
      assert.deepEqual([decodedReply.text, decodedReply.source], [text, 'xml-declaration'], ct);
    }
    assert.equal(inspectReplyBody({}, Buffer.from(doc(''))).source, 'default');
  });

  test('a byte-order mark wins over the charset and the declaration', () => {
    const text = doc('<?xml version="1.0" encoding="ISO-8859-1"?>');
    const decodedReply = inspectReplyBody(
      { 'content-type': 'application/xml; charset=windows-1251' },
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]),
    );
    assert.equal(decodedReply.text, text);
    assert.deepEqual([decodedReply.encoding, decodedReply.source], ['utf-8', 'bom']);
    assert.equal(decodedReply.overridden?.length, 2);
    assert.equal(decodedReply.parserText, text.replace('"ISO-8859-1"', '"UTF-8"'));
    const be = inspectReplyBody(XML, utf16(doc('<?xml version="1.0" encoding="UTF-16"?>'), 'be'));
    assert.deepEqual([be.encoding, be.source], ['utf-16be', 'bom']);
    assert.deepEqual(be.overridden, ['Content-Type charset=utf-8 (the UTF-16BE byte-order mark takes precedence)']);
  });
});

describe('decodeReplyBody: content codings (RFC 9110 §8.4, §12.5.3)', () => {
  const xml = doc('<?xml version="1.0" encoding="UTF-8"?>');

  test('gzip, x-gzip, deflate (zlib and raw), br are decoded; the codings are recorded', () => {
    const cases: [string, Buffer][] = [
      ['gzip', zlib.gzipSync(xml)],
      ['x-gzip', zlib.gzipSync(xml)],
      ['deflate', zlib.deflateSync(xml)],
      ['deflate', zlib.deflateRawSync(xml)],
      ['br', zlib.brotliCompressSync(xml)],
      [' GZIP ', zlib.gzipSync(xml)],
      ['deflate, gzip', zlib.gzipSync(zlib.deflateSync(xml))], // applied in the order listed
      ['identity, br', zlib.brotliCompressSync(xml)],
    ];
    for (const [ce, body] of cases) {
      const decodedReply = inspectReplyBody({ ...XML, 'Content-Encoding': ce }, body);
      assert.equal(decodedReply.text, xml, ce);
      assert.deepEqual(decodedReply.contentCodings, contentCodingsOf(ce), ce);
    }
  });

  test('a body the transport already decoded (marked) is not decoded again', () => {
    const body = Buffer.from(xml);
    markContentDecoded(body, ['gzip']);
    assert.equal(decodeReplyBody({ ...XML, 'content-encoding': 'gzip' }, body), xml);
    assert.equal(decodeReplyBody({ ...XML, 'content-encoding': 'gzip' }, Buffer.from(xml), { contentDecoded: true }), xml);
  });

  test('a declared coding the body does not have is a finding (mislabelled, corrupt or truncated)', () => {
    fails(
      { ...XML, 'content-encoding': 'gzip' },
      Buffer.from(xml),
      'compressed',
      /Content-Encoding: gzip, but its body is not valid gzip data/,
      /first bytes 3C 3F/,
    );
    fails(
      { ...XML, 'content-encoding': 'gzip' },
      zlib.gzipSync(xml).subarray(0, 30),
      'compressed',
      /not valid gzip data \(unexpected end of file\)/,
    );
    fails({ ...XML, 'content-encoding': 'br' }, Buffer.from('not brotli at all, honestly'), 'compressed', /not valid br data/);
  });

  test('an unknown Content-Encoding is a finding naming it', () => {
    fails(
      { ...XML, 'content-encoding': 'compress' },
      Buffer.from('\u001f\u009dxyz', 'latin1'),
      'compressed',
      /Content-Encoding: compress, and "compress" is not a content coding the suite can decode/,
    );
    fails({ ...XML, 'content-encoding': 'gzip, snappy' }, zlib.gzipSync(xml), 'compressed', /"snappy" is not a content coding/);
  });

  test('compressed twice, declared once: still a finding', () => {
    fails(
      { ...XML, 'content-encoding': 'gzip' },
      zlib.gzipSync(zlib.gzipSync(xml)),
      'compressed',
      /gzip-compressed after its Content-Encoding \(gzip\) is decoded/,
    );
  });

  test('a decompression bomb stops at the bound, without inflating it', () => {
    const member = zlib.gzipSync(Buffer.alloc(8 * 1024 * 1024, 0x20)); // 8 MiB of spaces, about 8 KiB
    const bomb = Buffer.concat(Array.from({ length: 64 }, () => member)); // 512 MiB once inflated
    const before = process.memoryUsage().arrayBuffers;
    const t0 = Date.now();
    const replyDecodingError = failsWith(
      { maxBytes: 64 * 1024 },
      { ...XML, 'content-encoding': 'gzip' },
      bomb,
      'too-large',
      /larger than 65536 bytes once its Content-Encoding \(gzip\) is decoded/,
    );
    assert.ok(replyDecodingError instanceof ContentTooLargeError);
    assert.ok(Date.now() - t0 < 5000);
    assert.ok(process.memoryUsage().arrayBuffers - before < 64 * 1024 * 1024, 'not inflated in memory');
    assert.throws(
      () => decodeContentCoding(zlib.brotliCompressSync(Buffer.alloc(4 * 1024 * 1024)), 'br', 1024 * 1024),
      ContentTooLargeError,
    );
    // exactly at the bound is fine
    assert.equal(decodeContentCoding(zlib.deflateSync(Buffer.alloc(1000)), 'deflate', 1000).body.length, 1000);
  });
});

function contentCodingsOf(ce: string): string[] | undefined {
  const list = ce
    .split(',')
    .map((x) => x.trim().toLowerCase())
    .filter((x) => x !== 'identity');
  return list.length ? list : undefined;
}
