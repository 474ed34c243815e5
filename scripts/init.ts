// `npm run init -- --hotel <code>`: the test data of a gateway, asked of the gateway. See src/commands/init/init.ts.
import { main } from '../src/commands/init/init';

void main(process.argv.slice(2));
