// Runs Kestrel from the command line, for `npm run init` and `npm run conformance` by hand:
//   node -r ts-node/register/transpile-only test/support/gateways/ota-kestrel/serve.ts [port] [fault]
import { startKestrelGateway, type KestrelFaultName } from './index';

const [port, fault] = process.argv.slice(2);
startKestrelGateway({ port: port ? Number(port) : 0, fault: (fault || undefined) as KestrelFaultName | undefined })
  .then((gw) => process.stdout.write(`Kestrel at ${gw.url}${fault ? ` with ${fault}` : ''}\n`))
  .catch((e: unknown) => {
    process.stderr.write(`${String(e)}\n`);
    process.exit(1);
  });
