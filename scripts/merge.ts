// `npm run merge -- [--out <dir>] <reports dir>...`: one verdict from shards. See src/commands/merge/merge.ts.
import { main } from '../src/commands/merge/merge';

main(process.argv.slice(2));
