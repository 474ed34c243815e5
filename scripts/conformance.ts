// `npm run conformance -- [options]`: the main job. See src/run/runner.ts and `-- --help`.
import { main } from '../src/run/runner';

main(process.argv.slice(2));
