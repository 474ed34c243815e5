// Escaping of text that may come from a gateway's replies, for every report that shows it (the
// conformance report's HTML and Markdown, npm run diff's diff.html and diff.md): one place, so a
// hostile value is neutralised the same way everywhere.
import { visible } from './model';

/**
 * Escapes text for Markdown, for use inside a line (table cell, list item, after a label): HTML
 * becomes entities, inline syntax and pipes are backslash-escaped, URLs do not become links,
 * newlines become <br>.
 */
export function md(s: string | number | undefined | null): string {
  return visible(String(s ?? ''))
    .replace(/\\/g, '\\\\')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([`*_[\]|~])/g, '\\$1')
    .replace(/:\/\//g, '\\://') // no autolink (GFM) from gateway text: the colon escaped
    .replace(/\b(www)\./gi, '$1\\.')
    .replace(/\r\n|\r|\n/g, '<br>');
}

/** A Markdown table of cells already escaped with md(). */
export function mdTable(head: string[], rows: string[][]): string {
  return [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

/** Escapes text for HTML (element content and attribute values). */
export const escapeHtml = (s: string | number | undefined | null): string =>
  visible(String(s ?? ''))
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
