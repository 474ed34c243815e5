// `npm run merge -- [--out <dir>] <reports dir>...`: one verdict from shards. See src/run/merge.ts.
import { main } from '../src/run/merge';

main(process.argv.slice(2));
