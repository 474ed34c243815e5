// Every relative link of the README and docs/ must resolve: the file exists and, when the link
// names an anchor of a Markdown file, that heading exists (GitHub's slug rules). Links inside code
// are not links.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

export interface BrokenLink {
  file: string; // relative to the project root
  line: number;
  target: string;
  why: string;
}

/** GitHub's heading anchor: lower case, punctuation dropped except '-' and '_', spaces to '-'. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]{1,2}([^`*_]+)[`*_]{1,2}/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The lines of a Markdown text outside fenced code blocks, with inline code blanked. */
function proseLines(text: string): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  let fence: string | undefined;
  text.split('\n').forEach((l, index) => {
    const match = /^\s*(`{3,}|~{3,})/.exec(l);
    if (match) {
      if (!fence) fence = match[1];
      else if (match[1].startsWith(fence)) fence = undefined;
      return;
    }
    if (!fence) out.push({ line: index + 1, text: l.replace(/`[^`]*`/g, '``') });
  });
  return out;
}

export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text } of proseLines(markdown)) {
    const match = /^#{1,6}\s+(.*)$/.exec(text);
    if (!match) continue;
    const base = slug(match[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n ? `${base}-${n}` : base);
  }
  // Headings keep their inline code in the anchor: read them again from the raw text.
  for (const raw of markdown.split('\n')) {
    const h = /^#{1,6}\s+(.*)$/.exec(raw);
    if (h) anchors.add(slug(h[1]));
  }
  return anchors;
}

export function brokenLinks(root: string, files: string[]): BrokenLink[] {
  const broken: BrokenLink[] = [];
  for (const file of files) {
    const path = join(root, file);
    const text = readFileSync(path, 'utf8');
    for (const { line, text: l } of proseLines(text)) {
      for (const match of l.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        const target = match[1];
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:, file:
        const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
        const resolved = pathPart ? join(dirname(path), decodeURIComponent(pathPart)) : path;
        if (!existsSync(resolved)) {
          broken.push({ file, line, target, why: `${relative(root, resolved)} does not exist` });
          continue;
        }
        if (anchor && statSync(resolved).isFile() && resolved.endsWith('.md')) {
          if (!anchorsOf(readFileSync(resolved, 'utf8')).has(anchor))
            broken.push({ file, line, target, why: `no heading with anchor #${anchor} in ${relative(root, resolved)}` });
        }
      }
    }
  }
  return broken;
}
