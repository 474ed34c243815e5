// The inputs every command checks before it contacts a target or touches a report: one line each,
// naming the input.
import { after, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '../../../src/core/errors';
import {
  checkFeaturePaths,
  checkFormats,
  checkInputFolder,
  checkNamePatterns,
  checkOutputFile,
  checkOutputFolder,
  misspeltVariables,
  refuseMisspeltVariables,
  SUITE_VARIABLES,
} from '../../../src/run/input-checks';
import { parseArguments } from '../../../src/run/arguments';

const dir = mkdtempSync(join(tmpdir(), 'ota-inputs-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const file = join(dir, 'a-file');
writeFileSync(file, 'x');
const ROOT = join(__dirname, '../../..');

const refused = (fn: () => void, message: RegExp) =>
  assert.throws(fn, (e: unknown) => e instanceof ConfigError && message.test(e.message) && !e.message.includes('\n'));

test('a folder written into: a folder, or one that can be created; never a file', () => {
  checkOutputFolder(dir, 'out');
  checkOutputFolder(join(dir, 'new', 'deeper'), 'out');
  refused(() => checkOutputFolder(file, '--out'), /^--out .*a-file is a file, not a folder$/);
  refused(() => checkOutputFolder(join(file, 'sub'), '--out'), /cannot be created: .*a-file is a file, not a folder$/);
  if (process.getuid?.() !== 0) {
    const locked = join(dir, 'locked');
    mkdirSync(locked);
    chmodSync(locked, 0o500);
    refused(() => checkOutputFolder(locked, 'reports'), /locked is not writable/);
    refused(() => checkOutputFolder(join(locked, 'sub'), 'reports'), /cannot be created: .*locked is not writable/);
    chmodSync(locked, 0o700);
  }
});

test('a folder read: it exists and is a folder; a file written: not a folder', () => {
  checkInputFolder(dir, 'reports folder');
  refused(() => checkInputFolder(join(dir, 'nope'), 'reports folder'), /nope does not exist/);
  refused(() => checkInputFolder(file, 'reports folder'), /a-file is a file, not a folder/);
  checkOutputFile(join(dir, 'new.json'), 'the file');
  refused(() => checkOutputFile(dir, 'the file'), /is a folder, not a file/);
});

test('feature paths: a file, a folder, file:line, a glob with an existing base; else named', () => {
  checkFeaturePaths(
    ['features/core', 'features/core/envelope.feature', 'features/core/envelope.feature:12', 'features/*/envelope.feature'],
    ROOT,
  );
  refused(() => checkFeaturePaths(['features/nope.feature'], ROOT), /feature path features\/nope\.feature does not exist/);
  refused(() => checkFeaturePaths(['nowhere/**/*.feature'], ROOT), /feature path nowhere\/\*\*\/\*\.feature: .*nowhere does not exist/);
  refused(() => checkFeaturePaths(['package.json'], ROOT), /is not a \.feature file or a folder/);
  refused(() => checkFeaturePaths(['features/core:3'], ROOT), /a line number needs a \.feature file/);
});

test('a mistyped feature path, option, profile or formatter ends with what was meant', () => {
  refused(
    () => checkFeaturePaths(['features/core/envelop.feature:12'], ROOT),
    /does not exist .*; did you mean features\/core\/envelope\.feature:12\?$/,
  );
  refused(() => checkFeaturePaths(['featurs/cor/envelope.feature'], ROOT), /; did you mean features\/core\/envelope\.feature\?$/);
  refused(() => parseArguments(['--tag', '@op:hotelnbc'], ['default']), /^unknown argument --tag; did you mean --tags\?/);
  refused(() => parseArguments(['--strcit'], ['default']), /^unknown argument --strcit; did you mean --strict\?/);
  refused(() => parseArguments(['-p', 'read-onyl'], ['default', 'read-only']), /unknown profile "read-onyl"; did you mean read-only\?/);
  refused(() => checkFormats(['jsno:reports/x.json'], ROOT), /no formatter "jsno"; did you mean json:reports\/x\.json\?/);
});

test('formats: a formatter cucumber has or can load, and a file to write', () => {
  checkFormats(['json:reports/x.json', 'message:reports/m.ndjson'], ROOT);
  refused(() => checkFormats(['bogus:out.txt'], ROOT), /--format bogus:out\.txt: no formatter "bogus"; built in: .*json/);
  refused(() => checkFormats(['bogus'], ROOT), /--format bogus: no formatter "bogus"/);
  refused(() => checkFormats(['json'], ROOT), /--format json would write to the console.*--format json:reports\/json\.out/);
  refused(() => checkFormats([`json:${dir}`], ROOT), /--format json:.*: the file .* is a folder, not a file/);
});

test('names are regular expressions', () => {
  checkNamePatterns(['^Hotels', 'conforming envelope']);
  refused(() => checkNamePatterns(['([']), /--name "\(\[" is not a regular expression/);
});

test('an OTA_ variable that is a slip for one of the suite: one warning line naming the one meant', () => {
  assert.deepEqual(misspeltVariables({ OTA_BASE_ULR: 'https://gw.example', OTA_PASWORD: 'x', OTA_SHARDS: '4', OTA_KEEP_TMP: '1' }), [
    'Warning: OTA_BASE_ULR is not a variable of the suite, and is ignored; did you mean OTA_BASE_URL?',
    'Warning: OTA_PASWORD is not a variable of the suite, and is ignored; did you mean OTA_PASSWORD?',
  ]);
  // set as well, or named by OTA_SECRET_ENV: not a slip
  assert.deepEqual(misspeltVariables({ OTA_BASE_ULR: 'x', OTA_BASE_URL: 'y' }), []);
  assert.deepEqual(misspeltVariables({ OTA_PASSWORDS: 'x', OTA_SECRET_ENV: 'OTA_PASSWORDS' }), []);
});

test('a run stops before any contact on an OTA_ variable that resembles an unset one of the suite, naming both', () => {
  refused(
    () => refuseMisspeltVariables({ OTA_BASE_ULR: 'https://gw.example', OTA_PASWORD: 'x' }),
    /^OTA_BASE_ULR is set but is not a variable of the suite, and OTA_BASE_URL, which it resembles, is not set; OTA_PASWORD .* OTA_PASSWORD, which it resembles, is not set: rename it/,
  );
  refuseMisspeltVariables({ OTA_BASE_ULR: 'x', OTA_BASE_URL: 'y' }); // the one meant is set: not a slip
  refuseMisspeltVariables({ OTA_SHARDS: '4', OTA_KEEP_TMP: '1' }); // resembles none
});

test('the variables the suite knows are those its code reads, and docs/options.md shows each a user sets', () => {
  const read = new Set<string>();
  const walk = (d: string): void => {
    for (const dirent of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, dirent.name);
      if (dirent.isDirectory()) walk(p);
      else if (/\.(ts|js|cjs)$/.test(dirent.name))
        for (const match of readFileSync(p, 'utf8').matchAll(/(?:env\.|env\[|['"`])(OTA_[A-Z0-9_]+)(?![A-Za-z0-9_])/g)) read.add(match[1]);
    }
  };
  for (const d of ['src', 'scripts', 'steps', 'sandbox/src']) walk(join(ROOT, d));
  for (const m of readFileSync(join(ROOT, 'cucumber.js'), 'utf8').matchAll(/env\.(OTA_[A-Z0-9_]+)/g)) read.add(m[1]);
  read.add('OTA_SPEC_FILE'); // read by the project's own quote test
  read.add('OTA_CHROMIUM'); // read by the render tests' browser
  assert.deepEqual([...SUITE_VARIABLES].sort(), [...read].sort());
  const documented = new Set([...readFileSync(join(ROOT, 'docs/options.md'), 'utf8').matchAll(/`(OTA_[A-Z0-9_]+)`/g)].map((m) => m[1]));
  const internal = ['OTA_RECORD_DIR', 'OTA_REPLAY_DIR', 'OTA_RUN_PID']; // the runner's, for its workers
  assert.deepEqual(
    SUITE_VARIABLES.filter((v) => !documented.has(v) && !internal.includes(v)),
    [],
    'every variable a user sets is in docs/options.md',
  );
});
