// Every rule of every contract has its own unit tests: the requirement it is bound to is
// exercised in its operation's test file (passing, failing and cannot-tell cases live there).
import { test } from 'node:test';
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTRACTS } from '../../../src/operations';
import { ENVELOPE_RULES } from '../../../src/contracts/envelope';

const source = (file: string) => readFileSync(join(__dirname, file), 'utf8');

test('every operation rule is exercised in test/unit/operations/<operation>/contract.test.ts', () => {
  for (const contract of Object.values(CONTRACTS)) {
    const text = source(`${contract.op}/contract.test.ts`);
    for (const rule of contract.rules)
      assert.ok(
        text.includes(`'${rule.req}'`),
        `${rule.req} (${contract.op}) has no test in test/unit/operations/${contract.op}/contract.test.ts`,
      );
  }
});

test('every envelope rule is exercised in test/unit/contracts/envelope.test.ts', () => {
  const text = source('../contracts/envelope.test.ts');
  for (const rule of ENVELOPE_RULES) assert.ok(text.includes(rule.req), `${rule.req} has no test in test/unit/contracts/envelope.test.ts`);
});
