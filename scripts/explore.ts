// `npm run explore -- [options]`: generated valid requests, judged by the requirements, shrunk. See src/commands/explore/ and docs/explore.md.
import { main } from '../src/commands/explore';

main(process.argv.slice(2));
