// `npm run bench -- --safety`: the bounds docs/safety.md states, timed on this machine by
// test/support/measure-safety.ts (it needs the test fixtures: the entity bombs, the disguises of a
// secret, so it runs in a process of its own under the TypeScript hook). Prints them and keeps them
// (docs/figures/safety.json). Orders of magnitude on a shared machine, not promises: no test
// asserts them.
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../src/run/config';
import { loadNow, recordFigures, type SafetyFigures } from '../measured-figures';
import { runEnv, runNode } from './processes';
import type { BenchContext } from './runs';
import { formatTable } from './table';

const ms = (n: number) => `${n < 10 ? n.toFixed(2) : Math.round(n)} ms`;

export async function safetyBench(benchContext: BenchContext): Promise<void> {
  const loadAtStart = loadNow();
  benchContext.progress('bench: the bounds of docs/safety.md (test/support/measure-safety.ts)');
  const run = await runNode(
    ['-r', join(PROJECT_ROOT, 'scripts', 'register-ts.js'), join(PROJECT_ROOT, 'test', 'support', 'measure-safety.ts'), '--json'],
    {
      cwd: PROJECT_ROOT,
      env: runEnv(),
      timeoutMs: benchContext.opts.runTimeoutMs,
      sampleMs: 1000,
    },
  );
  if (run.code !== 0) throw new Error(`test/support/measure-safety.ts failed (exit ${run.code}): ${run.stderr.trim().slice(0, 500)}`);
  const safetyFigures = JSON.parse(run.stdout.trim().split('\n').pop() ?? '') as SafetyFigures;
  benchContext.print(
    formatTable({
      title: 'The bounds of docs/safety.md, timed',
      headers: ['what', 'time'],
      rows: [
        ...safetyFigures.entityBombs.map((b) => [`${b.bomb}: ${b.refused ? 'refused' : 'PARSED'}`, ms(b.ms)]),
        [`the DOCTYPE check of a prolog of ${safetyFigures.prolog.items} items`, ms(safetyFigures.prolog.ms)],
        ...safetyFigures.hostileReplies.flatMap((h) => [
          [`${h.megabytes} MB hostile reply (${h.shape}): masked`, ms(h.maskMs)],
          [`  scanned`, ms(h.scanMs)],
        ]),
        [`a ledger intent appended and fsynced, median of ${safetyFigures.ledger.appends}`, ms(safetyFigures.ledger.medianMs)],
        ['  the slowest', ms(safetyFigures.ledger.maxMs)],
      ],
    }),
  );
  benchContext.print('');
  benchContext.print(recordFigures('safety', 'npm run bench -- --safety', safetyFigures, loadAtStart));
}
