// How a user's command over finished runs ends: its exit code once stdout has drained, and a
// failure as one line (the suite's own faults, the file system's, and any the command names), or
// with its stack when it is the suite's own bug.
import { SuiteFault } from '../core/errors';
import { EXIT } from '../reporting/verdict';

export function endCommand(what: string, body: () => number, oneLine: (e: unknown) => boolean = () => false): void {
  let code: number;
  try {
    code = body();
  } catch (error) {
    const short = error instanceof SuiteFault || typeof (error as NodeJS.ErrnoException).code === 'string' || oneLine(error);
    console.error(`Could not ${what}: ${short ? (error as Error).message : (error as Error).stack}`);
    code = EXIT.COULD_NOT_RUN;
  }
  process.stdout.write('', () => process.exit(code));
}
