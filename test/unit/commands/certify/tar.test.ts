// The certificate's tar.gz: what is written is read back byte for byte (long names too), the same
// files give the same bytes, and a bundle that is not one (not gzip, not tar, damaged, truncated,
// a name leaving the bundle, a name twice, a link) is refused in one line naming what is wrong.
import { test } from 'node:test';
import { strict as assert } from 'node:assert';
import { gunzipSync, gzipSync } from 'node:zlib';
import { readTarGz, safeEntryName, UnreadableArchive, writeTarGz, type TarEntry } from '../../../../src/commands/certify/tar';

const entries: TarEntry[] = [
  { name: 'certificate.json', data: Buffer.from('{"a":1}\n') },
  { name: 'cassette/exchanges-123.ndjson', data: Buffer.alloc(1500, 'x') },
  { name: 'empty.txt', data: Buffer.alloc(0) },
  { name: `${'deep/'.repeat(30)}file-with-a-name.json`, data: Buffer.from('é ü 日本') },
];

/** The tar inside a .tar.gz, edited, gzipped again. */
function editTar(archive: Buffer, edit: (tar: Buffer) => Buffer): Buffer {
  return gzipSync(edit(Buffer.from(gunzipSync(archive))));
}

/** Sets a header field and recomputes its checksum. */
function patchHeader(tar: Buffer, at: number, offset: number, text: string, width: number): void {
  tar.fill(0, at + offset, at + offset + width);
  tar.write(text, at + offset, width, 'utf8');
  tar.fill(32, at + 148, at + 156);
  let sum = 0;
  for (let i = 0; i < 512; i++) sum += tar[at + i];
  tar.write(`${sum.toString(8).padStart(7, '0')}\0`, at + 148, 8, 'ascii');
}

const refuses = (archive: Buffer, says: RegExp) =>
  assert.throws(
    () => readTarGz(archive, 'bundle b.tar.gz'),
    (e: unknown) => e instanceof UnreadableArchive && says.test(e.message) && !e.message.includes('\n'),
  );

test('what is written is read back, in order, byte for byte; the same files give the same bytes', () => {
  const archive = writeTarGz(entries, 1_700_000_000);
  assert.deepEqual(readTarGz(archive, 'b'), entries);
  assert.ok(writeTarGz(entries, 1_700_000_000).equals(archive));
});

test('names that would leave the bundle or are not plain are neither written nor read', () => {
  for (const bad of ['../x', '/etc/passwd', 'a/../../b', 'a//b', 'a\\b', '', 'a/./b', 'sp ace'])
    assert.equal(safeEntryName(bad), false, bad);
  assert.throws(() => writeTarGz([{ name: '../escape', data: Buffer.from('') }], 0), /unsafe entry name/);
  const archive = writeTarGz([{ name: 'ok-name.txt', data: Buffer.from('x') }], 0);
  refuses(
    editTar(archive, (t) => (patchHeader(t, 0, 0, '../ok-name.t', 100), t)),
    /the entry name "\.\.\/ok-name\.t" leaves the bundle/,
  );
});

test('not gzip, not tar, damaged, truncated, a name twice, a link: one line each', () => {
  const archive = writeTarGz(entries.slice(0, 2), 0);
  refuses(Buffer.from('hello'), /^bundle b\.tar\.gz: not a gzip archive/);
  refuses(gzipSync(Buffer.alloc(1024, 7)), /not a tar archive, or damaged/);
  refuses(
    editTar(archive, (t) => ((t[10] ^= 1), t)),
    /not a tar archive, or damaged \(the checksum of the header at byte 0 is wrong\)/,
  );
  refuses(
    editTar(archive, (t) => t.subarray(0, 700)),
    /certificate\.json is cut short|ends inside a header/,
  );
  refuses(
    editTar(archive, (t) => t.subarray(0, 1024)),
    /ends inside a header \(truncated\)/,
  );
  const twice = writeTarGz([entries[0], { ...entries[0], name: 'certificate.jsoX' }], 0);
  refuses(
    editTar(twice, (t) => (patchHeader(t, 1024, 0, 'certificate.json', 100), t)),
    /certificate\.json is in the archive twice/,
  );
  refuses(
    editTar(archive, (t) => (patchHeader(t, 0, 156, '2', 1), t)),
    /certificate\.json is not a regular file \(tar type "2"\)/,
  );
});
