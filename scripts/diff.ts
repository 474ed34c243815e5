// `npm run diff -- [--out <dir>] <reports A> <reports B>`: what differs between two runs. See src/run/diff.ts.
import { main } from '../src/run/diff';

main(process.argv.slice(2));
