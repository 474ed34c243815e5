// `npm run certify -- [--reports <dir>] [--cassette <dir>] [--out <file>] [--sign <key.pem>]`: one bundle a third party can re-check. See src/commands/certify/index.ts.
import { main } from '../src/commands/certify';

main(process.argv.slice(2));
