// A mutants worker process: runs suite runs one after another in this process (sent by
// scripts/mutants/cell-pool.ts), so that node, cucumber, the support code and the XML library
// start once instead of once per run. Each run gets the environment it was sent with, and nothing
// else of the run before: the runner opens and closes its run context, sandbox and guard itself.
import { keepSupportBetweenRuns, runOnce } from '../../src/run/runner';

export interface CellRequest {
  id: number;
  argv: string[];
  env: Record<string, string>;
}
export interface CellReply {
  id: number;
  code: number;
}

const BASE_ENV = { ...process.env };
keepSupportBetweenRuns();

let busy = false;
process.on('message', (cell: CellRequest) => {
  if (busy) throw new Error('cell worker: a run was sent while another was running');
  busy = true;
  for (const key of Object.keys(process.env)) if (!(key in BASE_ENV)) delete process.env[key];
  Object.assign(process.env, BASE_ENV, cell.env);
  console.log(`\n=== run ${cell.id}: ${cell.env.OTA_REPORTS_DIR ?? ''}`);
  void runOnce(cell.argv).then((code) => {
    busy = false;
    process.send!({ id: cell.id, code } satisfies CellReply);
  });
});
process.on('disconnect', () => process.exit(0));
