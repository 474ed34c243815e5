// The file list of docs/architecture.md, generated from the tree so that no file is missing or
// named after it is gone: every source file of src/, steps/ and scripts/, folder by folder, with the
// first sentence of its header comment (what the file says of itself). `<!-- layout:<root> -->`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { PROJECT_ROOT } from '../../src/run/config';

/** The folders whose files are listed, each under its own marker key. */
export const LAYOUT_ROOTS = ['src', 'steps', 'scripts'] as const;

const MAX_CHARS = 240;
const SOURCE = /\.(ts|js|mjs|cjs)$/;

function sourceFiles(root: string, dir: string): string[] {
  return readdirSync(join(root, dir))
    .sort()
    .flatMap((name) => {
      const rel = posix.join(dir, name);
      if (statSync(join(root, rel)).isDirectory()) return sourceFiles(root, rel);
      return SOURCE.test(name) && !name.endsWith('.d.ts') ? [rel] : [];
    });
}

/** The first sentence of a file's leading `//` comment (after a shebang); '' when it has none. */
export function headerSentence(text: string): string {
  const lines = text.split('\n');
  const start = lines[0]?.startsWith('#!') ? 1 : 0;
  const comment: string[] = [];
  for (const line of lines.slice(start)) {
    const match = /^\/\/ ?(.*)$/.exec(line);
    if (!match) break;
    comment.push(match[1].trim());
  }
  const text1 = comment.join(' ').replace(/\s+/g, ' ').trim();
  // the end of the first sentence: a full stop followed by a space and a capital, a backtick or the end
  const end = /\.(?=\s+[A-Z`("]|$)/.exec(text1);
  const sentence = end ? text1.slice(0, end.index + 1) : text1;
  // a list of one line: a long first sentence is cut at a word, and says so
  return sentence.length <= MAX_CHARS ? sentence : `${sentence.slice(0, sentence.lastIndexOf(' ', MAX_CHARS))} …`;
}

const cell = (s: string) => s.replace(/\|/g, '\\|');

/** The table of one root: a row per file, its folder's files together. */
export function layoutTable(rootDir: string, root = PROJECT_ROOT): string {
  const rows = sourceFiles(root, rootDir).map((f) => `| \`${f}\` | ${cell(headerSentence(readFileSync(join(root, f), 'utf8'))) || '–'} |`);
  return ['| File | What it holds (its header comment) |', '|---|---|', ...rows].join('\n');
}

export function layoutTables(root = PROJECT_ROOT): Map<string, string> {
  return new Map(LAYOUT_ROOTS.map((r) => [`layout:${r}`, layoutTable(r, root)]));
}
