// The embedded sandbox behind the rewriting proxy, from the command line:
//   node -r ts-node/register/transpile-only test/support/rewrites/serve.ts <port> [rewrite] [log dir] [variant,variant]
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSandbox } from '../../../sandbox/src';
import { SANDBOX_CREDENTIALS } from '../../../sandbox/src/credentials';
import { startRewritingProxy } from './proxy';
import type { RewriteName } from './rewrites';

const [port, rewrite, logDir, variants] = process.argv.slice(2);
let n = 0;
async function main() {
  const sandbox = await startSandbox({ port: 0, variants: variants ? variants.split(',') : [], credentials: { ...SANDBOX_CREDENTIALS } });
  if (logDir) mkdirSync(logDir, { recursive: true });
  const proxy = await startRewritingProxy(sandbox.baseUrl, (rewrite || undefined) as RewriteName | undefined, Number(port), (exchange) => {
    if (logDir)
      writeFileSync(
        join(logDir, `${String(++n).padStart(4, '0')}-${exchange.op}.xml`),
        `${exchange.request}\n<!-- reply ${exchange.status} -->\n${exchange.reply}`,
      );
  });
  process.stdout.write(`proxy at ${proxy.url} in front of the sandbox${rewrite ? `, rewrite ${rewrite}` : ''}\n`);
}
main().catch((e: unknown) => {
  process.stderr.write(`${String(e)}\n`);
  process.exit(1);
});
