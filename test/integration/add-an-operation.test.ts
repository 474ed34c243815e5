// The "Adding an operation" recipe of docs/architecture.md, walked in a scratch copy of src/: a stub
// operation with one SHOULD rule is added by the recipe's steps 1 to 8 alone and must compile
// cleanly, and each file the walk edits must be the one the recipe names for that step. When the
// code comes to need another file, or the recipe names a file the code no longer has, this fails.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../src/run/config';

const OP = 'stubop';

/** The recipe's table: step number -> the file it names, with <op> as written. */
function recipeSteps(): Map<number, string> {
  const doc = readFileSync(join(PROJECT_ROOT, 'docs', 'architecture.md'), 'utf8');
  const section = doc.slice(doc.indexOf('### Adding an operation'));
  const steps = new Map<number, string>();
  for (const match of section.matchAll(/^\| (\d+) \| `([^`]+)` \|/gm)) steps.set(Number(match[1]), match[2]);
  return steps;
}

/** Inserts `text` right after the first match of `anchor` in a file of the copy; fails when the anchor is gone. */
function insertAfter(root: string, file: string, anchor: RegExp, text: string): void {
  const path = join(root, file);
  const before = readFileSync(path, 'utf8');
  const match = anchor.exec(before);
  assert.ok(match, `${file}: the recipe's place (${anchor}) is not there any more`);
  writeFileSync(path, before.slice(0, match.index + match[0].length) + text + before.slice(match.index + match[0].length));
}

const write = (root: string, file: string, text: string) => {
  mkdirSync(join(root, file, '..'), { recursive: true });
  writeFileSync(join(root, file), text);
};

/** Each step of the walk: the file it edits, and the edit. */
const WALK: Array<{ step: number; file: string; edit: (root: string) => void }> = [
  {
    step: 1,
    file: 'src/specification/operations.ts',
    edit: (root) => {
      insertAfter(root, 'src/specification/operations.ts', /export type OperationName =\n/, `  | '${OP}'\n`);
      insertAfter(
        root,
        'src/specification/operations.ts',
        /export const OPERATIONS: Record<OperationName, OperationSpec> = \{\n/,
        `  ${OP}: op({
    name: '${OP}',
    title: 'Stub operation',
    path: '/${OP}',
    requestRoot: 'OTA_PingRQ',
    replyRoot: 'OTA_PingRS',
    altReplyRoots: [],
    version: '1.0',
    rootAttributes: ['Version'],
    requestPaths: ['ota:EchoData'],
    sample: '${OP}.xml',
    idempotent: true,
    needsActivity: false,
  }),\n`,
      );
    },
  },
  {
    step: 2,
    file: `src/operations/${OP}/requirements.ts`,
    edit: (root) =>
      write(
        root,
        `src/operations/${OP}/requirements.ts`,
        `// Stub operation: its requirements.
import { r, ota, type DecidedByTable } from '../../specification/catalogue/define';

export const requirements = {
  core: [
    r({
      id: 'STUB-ECHO',
      level: 'SHOULD',
      class: 'core',
      section: 'Endpoints, /${OP}',
      statement: 'A stub reply echoes its EchoData.',
      basis: ota('OTA_PingRS echoes EchoData'),
    }),
  ],
} as const;

export const decidedBy: DecidedByTable<typeof requirements> = {};
`,
      ),
  },
  {
    step: 3,
    file: `src/operations/${OP}/contract.ts`,
    edit: (root) =>
      write(
        root,
        `src/operations/${OP}/contract.ts`,
        `// Stub operation: what is checked of its replies.
import { fact, notShown } from '../../contracts/reader';
import { rule } from '../../contracts/rule';
import type { Contract } from '../contract';

export const FACTS = {
  echo: fact('${OP}.echo', 'the echoed data', ['/*/ota:EchoData'], 'OTA_PingRS.xsd: EchoData', 'STUB-ECHO cannot tell.'),
};

export const contract: Contract = {
  op: '${OP}',
  facts: Object.values(FACTS),
  rules: [
    rule('STUB-ECHO', 'the reply echoes its data', (_x, c, r) => {
      if (!r.value(FACTS.echo)) c.cannotTell(notShown(r, FACTS.echo));
    }),
  ],
};
`,
      ),
  },
  {
    step: 4,
    file: `src/operations/${OP}/request.ts`,
    edit: (root) =>
      write(
        root,
        `src/operations/${OP}/request.ts`,
        `// Stub operation: the edits scenarios make to its sample.
import type { OtaRequest } from '../../xml/requests';

export const setEcho = (r: OtaRequest, text: string) => r.setText('ota:EchoData', text);
`,
      ),
  },
  {
    step: 5,
    file: `src/operations/${OP}/index.ts`,
    edit: (root) =>
      write(
        root,
        `src/operations/${OP}/index.ts`,
        `// Stub operation: its public entry.\nexport { contract, FACTS } from './contract';\nexport * from './request';\n`,
      ),
  },
  {
    step: 6,
    file: 'src/specification/requirements.ts',
    edit: (root) => {
      insertAfter(
        root,
        'src/specification/requirements.ts',
        /^import .*\n(?!import)/m,
        `import { requirements as ${OP} } from '../operations/${OP}/requirements';\n`,
      );
      insertAfter(root, 'src/specification/requirements.ts', /\n\s*\.\.\.endpoints\.core,\n/, `  ...${OP}.core,\n`);
    },
  },
  {
    step: 7,
    file: 'src/operations/decided-by.ts',
    edit: (root) => {
      insertAfter(
        root,
        'src/operations/decided-by.ts',
        /^import .*\n(?!import)/m,
        `import { decidedBy as ${OP} } from './${OP}/requirements';\n`,
      );
      insertAfter(root, 'src/operations/decided-by.ts', /DECIDED_BY: [^=]+= \{\n/, `  ...${OP},\n`);
    },
  },
  {
    step: 8,
    file: 'src/operations/index.ts',
    edit: (root) => {
      insertAfter(root, 'src/operations/index.ts', /^import .*\n(?!import)/m, `import { contract as ${OP} } from './${OP}';\n`);
      insertAfter(root, 'src/operations/index.ts', /CONTRACTS: Record<OperationName, Contract> = \{\n/, `  ${OP},\n`);
    },
  },
];

test('the recipe names, step by step, the files the walk edits', () => {
  const steps = recipeSteps();
  assert.deepEqual(
    WALK.map((w) => [w.step, w.file]),
    WALK.map((w) => [w.step, steps.get(w.step)?.replace('<op>', OP)]),
  );
  for (const [n, file] of steps)
    if (!file.includes('<op>') && !file.endsWith('/'))
      assert.ok(existsSync(join(PROJECT_ROOT, file)), `step ${n} names ${file}, which is not there`);
});

test('a stub operation added by steps 1 to 8 alone compiles cleanly', () => {
  const root = mkdtempSync(join(tmpdir(), 'add-an-operation-'));
  try {
    cpSync(join(PROJECT_ROOT, 'src'), join(root, 'src'), { recursive: true });
    // src/ starts the embedded sandbox through its public entries: the sandbox's sources come along
    cpSync(join(PROJECT_ROOT, 'sandbox', 'src'), join(root, 'sandbox', 'src'), { recursive: true });
    symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
    const tsconfig = JSON.parse(readFileSync(join(PROJECT_ROOT, 'tsconfig.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions: tsconfig.compilerOptions, include: ['src/**/*.ts'] }));
    for (const w of WALK) w.edit(root);
    const tsc = spawnSync(process.execPath, [join(PROJECT_ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], {
      cwd: root,
      encoding: 'utf8',
    });
    assert.equal(tsc.status, 0, `the stub operation does not compile:\n${tsc.stdout}${tsc.stderr}`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
