// The benchmark's plain-text tables (scripts/bench/table.ts).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { formatTable } from '../../../../scripts/bench/table';

describe('bench tables', () => {
  test('columns as wide as their widest cell; figures right-aligned, text left-aligned; notes below', () => {
    const text = formatTable({
      title: 'T',
      headers: ['name', 'wall', 'ratio'],
      rows: [
        ['main job', '14.2 s', '5.4x'],
        ['bare loop', '2.1 s', '-'],
      ],
      notes: ['a note'],
    });
    assert.equal(
      text,
      [
        'T',
        '',
        'name         wall  ratio',
        '---------  ------  -----',
        'main job   14.2 s   5.4x',
        'bare loop   2.1 s      -',
        '',
        'a note',
      ].join('\n'),
    );
  });

  test('a mixed column stays left-aligned; short rows are padded; no trailing blanks', () => {
    const text = formatTable({ title: 'T', headers: ['a', 'b'], rows: [['x', 'CONFORMS'], ['yy', '3 s'], ['z']] });
    const lines = text.split('\n');
    assert.equal(lines[4], 'x   CONFORMS');
    assert.equal(lines[5], 'yy  3 s');
    assert.equal(lines[6], 'z');
    for (const line of lines) assert.equal(line, line.trimEnd());
  });
});
