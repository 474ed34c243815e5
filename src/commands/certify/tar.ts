// A certificate's archive: a gzip-compressed POSIX tar (ustar) of regular files, written and read
// here with node:zlib alone, so that `tar -xzf` opens it anywhere and verify needs no package.
// Reading is strict and bounded: a bundle is untrusted input, so every header is checked (its
// checksum, its size, a name that stays inside the bundle, no name twice) and the unpacked size is
// capped; anything else is one line naming what is wrong.
import { gunzipSync, gzipSync } from 'node:zlib';

const BLOCK = 512;
/** What a bundle may hold once unpacked: a whole run's cassette is a few megabytes. */
export const MAX_UNPACKED_BYTES = 512 * 1024 * 1024;

export interface TarEntry {
  /** A relative path with forward slashes. */
  name: string;
  data: Buffer;
}

/** A bundle that cannot be read as one: its message is the line verify prints (exit 2). */
export class UnreadableArchive extends Error {
  override name = 'UnreadableArchive';
}

/** A safe relative path: forward slashes, no empty, `.` or `..` segment, nothing outside printable ASCII. */
export function safeEntryName(name: string): boolean {
  const segments = name.split('/');
  return segments.every((s) => /^[\x21-\x7e]+$/.test(s) && s !== '.' && s !== '..' && !s.includes('\\'));
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function header(name: string, size: number, mtime: number): Buffer {
  const buffer = Buffer.alloc(BLOCK);
  let prefix = '';
  let base = name;
  if (Buffer.byteLength(name) > 100) {
    // ustar splits a long name at a slash: prefix (155 bytes) / name (100 bytes)
    const cut = name.lastIndexOf('/', 155);
    if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100) throw new Error(`tar: the name ${name} is too long for ustar`);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
  }
  buffer.write(base, 0, 100, 'utf8');
  buffer.write(octal(0o644, 8), 100, 'ascii');
  buffer.write(octal(0, 8), 108, 'ascii');
  buffer.write(octal(0, 8), 116, 'ascii');
  buffer.write(octal(size, 12), 124, 'ascii');
  buffer.write(octal(mtime, 12), 136, 'ascii');
  buffer.write('        ', 148, 'ascii');
  buffer.write('0', 156, 'ascii');
  buffer.write('ustar\u000000', 257, 'ascii');
  buffer.write(prefix, 345, 155, 'utf8');
  buffer.write(octal(checksum(buffer), 8), 148, 'ascii');
  return buffer;
}

/** The sum of the header's bytes, its checksum field counted as spaces. */
function checksum(bytes: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : bytes[i];
  return sum;
}

/** The entries as one .tar.gz, in the order given; `mtime` (seconds) for every entry, so that the same files give the same bytes. */
export function writeTarGz(entries: readonly TarEntry[], mtime: number): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    if (!safeEntryName(entry.name)) throw new Error(`tar: unsafe entry name ${JSON.stringify(entry.name)}`);
    parts.push(header(entry.name, entry.data.length, mtime), entry.data, Buffer.alloc((BLOCK - (entry.data.length % BLOCK)) % BLOCK));
  }
  parts.push(Buffer.alloc(2 * BLOCK));
  return gzipSync(Buffer.concat(parts), { level: 9 });
}

const field = (bytes: Buffer, at: number, len: number) => {
  const raw = bytes.subarray(at, at + len);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? len : end).toString('utf8');
};

function number(bytes: Buffer, at: number, len: number, what: string, where: string, offset: number): number {
  const text = field(bytes, at, len).trim();
  if (!/^[0-7]+$/.test(text))
    throw new UnreadableArchive(`${where}: not a tar archive, or damaged (the ${what} of the header at byte ${offset} is not a number)`);
  return parseInt(text, 8);
}

/** The regular files of a .tar.gz, in order. Throws UnreadableArchive naming what is wrong. */
export function readTarGz(archive: Buffer, where: string): TarEntry[] {
  let tar: Buffer;
  try {
    tar = gunzipSync(archive, { maxOutputLength: MAX_UNPACKED_BYTES });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UnreadableArchive(
      code === 'ERR_BUFFER_TOO_LARGE'
        ? `${where}: unpacks to more than ${MAX_UNPACKED_BYTES / 1024 / 1024} MB, more than any certificate holds`
        : `${where}: not a gzip archive (${(error as Error).message})`,
    );
  }
  const entries: TarEntry[] = [];
  const seen = new Set<string>();
  let at = 0;
  for (;;) {
    if (at + BLOCK > tar.length) throw new UnreadableArchive(`${where}: the tar archive ends inside a header (truncated)`);
    const bytes = tar.subarray(at, at + BLOCK);
    if (bytes.every((b) => b === 0)) break;
    if (number(bytes, 148, 8, 'checksum', where, at) !== checksum(bytes))
      throw new UnreadableArchive(`${where}: not a tar archive, or damaged (the checksum of the header at byte ${at} is wrong)`);
    const prefix = field(bytes, 345, 155);
    const name = prefix ? `${prefix}/${field(bytes, 0, 100)}` : field(bytes, 0, 100);
    const type = String.fromCharCode(bytes[156]);
    const size = number(bytes, 124, 12, 'size', where, at);
    at += BLOCK;
    if (at + size > tar.length) throw new UnreadableArchive(`${where}: ${name} is cut short (the archive is truncated)`);
    if (type !== '0' && type !== '\0')
      throw new UnreadableArchive(`${where}: ${name} is not a regular file (tar type ${JSON.stringify(type)})`);
    if (!safeEntryName(name))
      throw new UnreadableArchive(`${where}: the entry name ${JSON.stringify(name)} leaves the bundle or is not plain`);
    if (seen.has(name)) throw new UnreadableArchive(`${where}: ${name} is in the archive twice`);
    seen.add(name);
    entries.push({ name, data: Buffer.from(tar.subarray(at, at + size)) });
    at += size + ((BLOCK - (size % BLOCK)) % BLOCK);
  }
  return entries;
}
