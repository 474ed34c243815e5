// `npm run init -- --hotel <code>`: the test data of a gateway, asked of the gateway. See src/run/init.ts.
import { main } from '../src/run/init';

void main(process.argv.slice(2));
