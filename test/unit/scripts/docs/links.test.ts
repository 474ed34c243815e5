// Every relative link resolves (scripts/docs/links.ts): files and headings, GitHub's slugs, code and
// absolute links left alone.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { anchorsOf, brokenLinks, slug } from '../../../../scripts/docs/links';

describe('link checking', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ota-docs-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, 'docs'));
  writeFileSync(join(dir, 'docs', 'a.md'), '# Title\n\n## The `verdict`: exit codes\n\n## Twice\n\n## Twice\n');
  writeFileSync(
    join(dir, 'README.md'),
    [
      '[ok](docs/a.md) [ok anchor](docs/a.md#the-verdict-exit-codes) [second](docs/a.md#twice-1) [web](https://example.com/x)',
      '[missing file](docs/b.md)',
      '[missing anchor](docs/a.md#nowhere)',
      '`[in code](docs/nothing.md)`',
      '```',
      '[in a fence](docs/nothing.md)',
      '```',
    ].join('\n'),
  );

  test('finds a missing file and a missing heading, ignores code and absolute links', () => {
    assert.deepEqual(
      brokenLinks(dir, ['README.md']).map((b) => `${b.line} ${b.target}: ${b.why}`),
      ['2 docs/b.md: docs/b.md does not exist', '3 docs/a.md#nowhere: no heading with anchor #nowhere in docs/a.md'],
    );
  });

  test("anchors follow GitHub's slugs", () => {
    assert.equal(slug('The sandbox: faults and dialect variants'), 'the-sandbox-faults-and-dialect-variants');
    assert.equal(slug('13. Corroboration: asking the gateway’s own'), '13-corroboration-asking-the-gateways-own');
    assert.ok(anchorsOf('## Twice\n## Twice\n').has('twice-1'));
  });
});
