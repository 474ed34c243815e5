// Plain-text tables for the benchmark's output: a title, a header row, a rule, the rows, and notes.
// Columns are as wide as their widest cell; columns whose cells look numeric are right-aligned.

export type Cell = string | number;

export interface Table {
  title: string;
  headers: string[];
  rows: Cell[][];
  /** Lines printed under the table. */
  notes?: string[];
}

const NUMERIC = /^[-+]?[\d.,]+\s*(ms|s|x|%|MB|KB)?$/;

/** True when every non-empty cell of column `c` (headers excluded) looks like a figure. */
function numericColumn(rows: Cell[][], c: number): boolean {
  const cells = rows.map((r) => String(r[c] ?? '')).filter((s) => s !== '' && s !== '-');
  return cells.length > 0 && cells.every((s) => NUMERIC.test(s.trim()));
}

export function formatTable(table: Table): string {
  const cols = Math.max(table.headers.length, ...table.rows.map((r) => r.length));
  const text = (r: Cell[], c: number) => String(r[c] ?? '');
  const widths = Array.from({ length: cols }, (_, c) =>
    Math.max(text(table.headers, c).length, ...table.rows.map((r) => text(r, c).length)),
  );
  const right = Array.from({ length: cols }, (_, c) => numericColumn(table.rows, c));
  const line = (r: Cell[]) =>
    Array.from({ length: cols }, (_, c) => (right[c] ? text(r, c).padStart(widths[c]) : text(r, c).padEnd(widths[c])))
      .join('  ')
      .trimEnd();
  const out = [table.title, '', line(table.headers), widths.map((w) => '-'.repeat(w)).join('  '), ...table.rows.map(line)];
  if (table.notes?.length) out.push('', ...table.notes);
  return out.join('\n');
}
