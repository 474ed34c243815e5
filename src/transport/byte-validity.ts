// Are a reply's bytes valid in the encoding chosen for them? A clear 'encoding' error says where
// they are not, and what they look like instead. Every scan is linear in the body.
import { sniffUtf16 } from './character-encoding';
import { ReplyDecodingError } from './reply-decoding-error';

/** Throws a clear 'encoding' error when the bytes are not valid in the chosen encoding. */
export function checkBytes(bytes: Buffer, enc: string, claim: string): void {
  const say = (found: string) => {
    throw new ReplyDecodingError('encoding', `${claim}, but the bytes ${found}`);
  };
  const at = (i: number) => `at byte ${i} (0x${bytes[i].toString(16).toUpperCase().padStart(2, '0')})`;
  if (enc === 'utf-8') {
    if (sniffUtf16(bytes)) say('look like UTF-16 without a byte-order mark (every other byte is 0x00)');
    const bad = firstInvalidUtf8(bytes);
    if (bad !== undefined) {
      const latin1Hint = looksLatin1(bytes) ? '; they look like ISO-8859-1 / windows-1252' : '';
      say(`are not valid UTF-8: invalid sequence ${at(bad)}${latin1Hint}`);
    }
  } else if (enc === 'us-ascii') {
    const index = bytes.findIndex((x) => x > 0x7f);
    if (index >= 0) say(`contain a non-ASCII byte 0x${bytes[index].toString(16).toUpperCase()} at byte ${index}`);
  } else if (enc === 'utf-16le' || enc === 'utf-16be') {
    if (bytes.length % 2 !== 0) say('have an odd length, impossible in UTF-16');
    try {
      new TextDecoder(enc, { fatal: true }).decode(bytes);
    } catch {
      say(`are not valid ${enc.toUpperCase()} (unpaired surrogate)`);
    }
    const looks = sniffUtf16(bytes);
    if (looks && looks !== enc) say(`look like ${looks.toUpperCase()} (byte order reversed)`);
  } else if (enc !== 'iso-8859-1' && enc !== 'windows-1252') {
    // iso-8859-1 and windows-1252 accept any byte sequence; the others are checked by TextDecoder
    if (sniffUtf16(bytes)) say('look like UTF-16 without a byte-order mark (every other byte is 0x00)');
    const bad = firstInvalid(bytes, enc);
    if (bad !== undefined) say(`are not valid ${enc.toUpperCase()}: invalid sequence ${at(bad)}`);
  }
}

function firstInvalidUtf8(bytes: Buffer): number | undefined {
  // fast path: the whole buffer is valid
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return undefined;
  } catch {
    /* locate it below */
  }
  let index = 0;
  while (index < bytes.length) {
    const c = bytes[index];
    let n = 0;
    if (c < 0x80) n = 0;
    else if (c >= 0xc2 && c <= 0xdf) n = 1;
    else if (c >= 0xe0 && c <= 0xef) n = 2;
    else if (c >= 0xf0 && c <= 0xf4) n = 3;
    else return index;
    for (let k = 1; k <= n; k++) if (index + k >= bytes.length || (bytes[index + k] & 0xc0) !== 0x80) return index;
    // overlongs / surrogates / > U+10FFFF
    if (n === 2 && ((c === 0xe0 && bytes[index + 1] < 0xa0) || (c === 0xed && bytes[index + 1] > 0x9f))) return index;
    if (n === 3 && ((c === 0xf0 && bytes[index + 1] < 0x90) || (c === 0xf4 && bytes[index + 1] > 0x8f))) return index;
    index += n + 1;
  }
  return bytes.length - 1;
}

/**
 * Where a fatal TextDecoder of `enc` first fails (the byte at which the invalid sequence is seen),
 * or undefined when the bytes are valid. Linear: chunks until one fails, then that chunk byte by byte.
 */
function firstInvalid(bytes: Buffer, enc: string): number | undefined {
  const CHUNK = 4096;
  const fresh = () => new TextDecoder(enc, { fatal: true, ignoreBOM: true });
  const textDecoder = fresh();
  let failed = -1;
  for (let i = 0; i < bytes.length && failed < 0; i += CHUNK) {
    try {
      textDecoder.decode(bytes.subarray(i, i + CHUNK), { stream: true });
    } catch {
      failed = i;
    }
  }
  if (failed < 0) {
    try {
      textDecoder.decode();
      return undefined;
    } catch {
      return bytes.length - 1; // an incomplete sequence at the end
    }
  }
  const again = fresh();
  for (let i = 0; i < failed; i += CHUNK) again.decode(bytes.subarray(i, Math.min(i + CHUNK, failed)), { stream: true });
  for (let k = failed; k < Math.min(failed + CHUNK, bytes.length); k++) {
    try {
      again.decode(bytes.subarray(k, k + 1), { stream: true });
    } catch {
      return k;
    }
  }
  return failed;
}

/** High bytes mostly standing alone between ASCII: typical of ISO-8859-1 text. */
function looksLatin1(bytes: Buffer): boolean {
  let high = 0;
  let isolated = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] < 0x80) continue;
    high++;
    if ((i === 0 || bytes[i - 1] < 0x80) && (i + 1 >= bytes.length || bytes[i + 1] < 0x80)) isolated++;
  }
  return high > 0 && isolated / high > 0.5;
}
