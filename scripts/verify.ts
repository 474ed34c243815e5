// `npm run verify -- <bundle> [--public-key <pub.pem>]`: re-checks a certificate offline. See src/commands/verify/index.ts.
import { main } from '../src/commands/verify';

main(process.argv.slice(2));
