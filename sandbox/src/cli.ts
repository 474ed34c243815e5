// npm run sandbox -- --port <n> [--host <h>] [--fault <name>]... [--variant <name>]... [--list-faults] [--list-variants]
import { FAULTS } from './faults';
import { startSandbox } from './index';
import { VARIANT_LIST } from './variants';

function usage(msg?: string): never {
  if (msg) console.error(msg);
  console.error(
    'usage: npm run sandbox -- [--port <n>] [--host <h>] [--fault <name>]... [--variant <name>]... [--list-faults] [--list-variants]',
  );
  process.exit(2);
}

async function main(argv: string[]): Promise<void> {
  let port = 8080;
  let host: string | undefined;
  const faults: string[] = [];
  const variants: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const val = () => argv[++i] ?? usage(`${a} needs a value`);
    if (a === '--port') {
      const value = val();
      if (!/^\d+$/.test(value) || Number(value) > 65535) usage(`invalid port ${value}`);
      port = Number(value);
    } else if (a === '--host') host = val();
    else if (a === '--fault') faults.push(val());
    else if (a === '--variant') variants.push(val());
    else if (a === '--list-faults') {
      for (const f of FAULTS) console.log(`${f.name.padEnd(28)} ${f.breaks.join(',').padEnd(22)} ${f.description}`);
      return;
    } else if (a === '--list-variants') {
      for (const v of VARIANT_LIST)
        console.log(`${v.name.padEnd(30)} ${(v.expectedWarnings.join(',') || '-').padEnd(22)} ${v.description}`);
      return;
    } else if (a === '--help' || a === '-h') usage();
    else usage(`unknown argument ${a}`);
  }
  const sb = await startSandbox({ port, host, faults, variants });
  console.log(`OTA sandbox listening on ${sb.baseUrl}`);
  if (faults.length) console.log(`faults: ${faults.join(', ')}`);
  if (variants.length) console.log(`variants: ${variants.join(', ')}`);
  let closing = false;
  const stop = () => {
    if (closing) return;
    closing = true;
    void sb.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main(process.argv.slice(2)).catch((e) => {
  console.error(`sandbox: ${(e as Error).message}`);
  process.exit(1);
});
