import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as zlib from 'node:zlib';
import { ReplyDecodingError, decodeReplyBody, inspectReplyBody, type ReplyDecodingReason } from '../../src/transport/reply-body';
import { HTML_ERROR_PAGE, latin1DeclaredUtf8, validReply } from '../support/hostile-server';

const XML = { 'content-type': 'application/xml; charset=utf-8' };
const NS = 'http://www.opentravel.org/OTA/2003/05';
const doc = (decl: string, inner = 'Café Zürich') =>
  `${decl}<OTA_HotelAvailRS xmlns="${NS}" Version="2008.1"><Warnings><Warning>${inner}</Warning></Warnings></OTA_HotelAvailRS>`;

function fails(headers: Record<string, string>, body: Buffer, reason: ReplyDecodingReason, ...patterns: RegExp[]): ReplyDecodingError {
  try {
    decodeReplyBody(headers, body);
  } catch (e) {
    assert.ok(e instanceof ReplyDecodingError, String(e));
    assert.equal(e.reason, reason, e.message);
    for (const p of patterns) assert.match(e.message, p);
    return e;
  }
  assert.fail(`expected a ${reason} error`);
}

function utf16(text: string, order: 'le' | 'be', bom = true): Buffer {
  const le = Buffer.from(text, 'utf16le');
  const b = order === 'le' ? le : Buffer.from(le).swap16();
  return bom ? Buffer.concat([Buffer.from(order === 'le' ? [0xff, 0xfe] : [0xfe, 0xff]), b]) : b;
}

describe('decodeReplyBody: good replies', () => {
  test('UTF-8 declared in header and declaration', () => {
    const text = doc('<?xml version="1.0" encoding="UTF-8"?>');
    assert.equal(decodeReplyBody(XML, Buffer.from(text)), text);
  });

  test('UTF-8 with BOM: BOM removed', () => {
    const text = doc('<?xml version="1.0" encoding="utf-8"?>');
    const r = inspectReplyBody(XML, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]));
    assert.equal(r.text, text);
    assert.equal(r.source, 'bom');
  });

  test('no declaration anywhere: XML default UTF-8', () => {
    const text = doc('');
    const r = inspectReplyBody({ 'content-type': 'application/xml' }, Buffer.from(text));
    assert.equal(r.text, text);
    assert.deepEqual([r.encoding, r.source], ['utf-8', 'default']);
  });

  test('UTF-16LE and UTF-16BE with BOM', () => {
    for (const order of ['le', 'be'] as const) {
      const text = doc('<?xml version="1.0" encoding="UTF-16"?>');
      const r = inspectReplyBody({ 'content-type': 'application/xml' }, utf16(text, order));
      assert.equal(r.text, text);
      assert.equal(r.parserText, text.replace('"UTF-16"', '"UTF-8"'));
      assert.equal(r.encoding, `utf-16${order}`);
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
      const d = XmlDocument.fromString(decodeReplyBody(headers, bytes));
      try {
        assert.equal(d.root.content, 'Café Zürich', name);
      } finally {
        d.dispose();
      }
    }
  });

  test('a UTF-8 reply is returned unchanged', () => {
    const text = doc('<?xml version="1.0" encoding="utf-8"?>');
    const r = inspectReplyBody(XML, Buffer.from(text));
    assert.equal(r.parserText, text);
    assert.equal(r.declaredInXml, 'utf-8');
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

  test('declared compression is reported too: we never asked for it', () => {
    fails({ ...XML, 'content-encoding': 'gzip' }, zlib.gzipSync(validReply()), 'compressed', /\(Content-Encoding: gzip\)/);
    fails(
      { ...XML, 'Content-Encoding': 'br' },
      zlib.brotliCompressSync(validReply()),
      'compressed',
      /Content-Encoding: br although the request did not send Accept-Encoding/,
    );
  });

  test('declared UTF-8 but ISO-8859-1 bytes: says which declaration and where', () => {
    const body = latin1DeclaredUtf8();
    const e = fails(
      XML,
      body,
      'encoding',
      /reply declares utf-8 \(Content-Type charset=utf-8\), but the bytes are not valid UTF-8/,
      /look like ISO-8859-1/,
    );
    const at = Number(/at byte (\d+)/.exec(e.message)![1]);
    assert.equal(body[at], 0xe9);
    fails({ 'content-type': 'application/xml' }, body, 'encoding', /XML declaration encoding="UTF-8"/);
    fails(
      {},
      Buffer.from(doc(''), 'latin1'),
      'encoding',
      /declares no encoding .* default UTF-8 applies, but the bytes are not valid UTF-8/,
    );
  });

  test('UTF-16 BOM with UTF-8 declared', () => {
    const body = utf16(doc('<?xml version="1.0" encoding="UTF-8"?>'), 'le');
    fails(XML, body, 'encoding', /start with a UTF-16LE byte-order mark but the Content-Type charset=utf-8 declares utf-8/);
    fails({}, body, 'encoding', /UTF-16LE byte-order mark but the XML declaration encoding="UTF-8" declares UTF-8/);
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

  test('header and declaration disagree and the non-ASCII bytes read differently', () => {
    const body = Buffer.from(doc('<?xml version="1.0" encoding="ISO-8859-1"?>'), 'utf8');
    fails(XML, body, 'encoding', /two different encodings, Content-Type charset=utf-8 and XML declaration encoding="ISO-8859-1"/);
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
