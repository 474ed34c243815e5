// `npm run diff -- [--out <dir>] <reports A> <reports B>`: what differs between two runs. See src/commands/diff/diff.ts.
import { main } from '../src/commands/diff/diff';

main(process.argv.slice(2));
