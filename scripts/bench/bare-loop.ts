// The bare loop: the floor the main job is compared with. It sends the exchanges a run made (the
// bodies the suite really sent, recorded by the bench's proxy), one after the other, with undici
// keep-alive to the sandbox started in this process; parses each reply with libxml2-wasm and runs
// three XPath queries. No cucumber, no checks, no evidence, no reports.
//
//   node -r ts-node/register/transpile-only scripts/bench/bare-loop.ts <exchanges.json>
// prints one JSON line: { exchanges, parsed, notXml, startupMs, loopMs }.
import { readFileSync } from 'node:fs';
import { Agent, request } from 'undici';
import { loadXml, XmlDoc } from '../../src/xml/xml';

export interface ReplayExchange {
  method: string;
  path: string;
  body: string;
}

export interface BareLoopResult {
  exchanges: number;
  parsed: number;
  notXml: number;
  /** From process start to the first request (module loading, sandbox start, libxml2-wasm). */
  startupMs: number;
  /** The loop itself. */
  loopMs: number;
}

/** The three queries of the bare loop: the root, success, and errors or warnings. */
export const BARE_LOOP_QUERIES = ['/*', '/*/ota:Success', '/*/ota:Errors/ota:Error | /*/ota:Warnings/ota:Warning'] as const;

export async function bareLoop(baseUrl: string, exchanges: readonly ReplayExchange[]): Promise<Omit<BareLoopResult, 'startupMs'>> {
  await loadXml();
  const agent = new Agent({ keepAliveTimeout: 10_000, connections: 1 });
  let parsed = 0;
  let notXml = 0;
  const t0 = performance.now();
  try {
    for (const exchange of exchanges) {
      const res = await request(`${baseUrl}${exchange.path}`, {
        method: exchange.method as 'GET' | 'POST',
        headers: exchange.method === 'POST' ? { 'content-type': 'application/xml; charset=utf-8' } : {},
        body: exchange.method === 'POST' ? exchange.body : undefined,
        dispatcher: agent,
      });
      const text = await res.body.text();
      if (exchange.method !== 'POST') continue;
      let doc: XmlDoc | undefined;
      try {
        doc = XmlDoc.parse(text, 'reply');
        let found = 0;
        for (const q of BARE_LOOP_QUERIES) found += doc.find(q).length;
        if (found > 0) parsed++;
      } catch {
        notXml++;
      } finally {
        doc?.dispose();
      }
    }
  } finally {
    await agent.close();
  }
  return { exchanges: exchanges.length, parsed, notXml, loopMs: performance.now() - t0 };
}

async function main(file: string): Promise<void> {
  // Loaded here, not at the top: the unit test imports this module without starting anything.
  const { startSandbox, SANDBOX_CREDENTIALS } = require('../../sandbox/src/index') as typeof import('../../sandbox/src/index');
  const exchanges = JSON.parse(readFileSync(file, 'utf8')) as ReplayExchange[];
  const sb = await startSandbox({ port: 0, credentials: { ...SANDBOX_CREDENTIALS } });
  await loadXml();
  const startupMs = performance.now();
  try {
    const bareLoopResult = await bareLoop(sb.baseUrl, exchanges);
    const out: BareLoopResult = { ...bareLoopResult, startupMs };
    process.stdout.write(`${JSON.stringify(out)}\n`);
  } finally {
    await sb.close();
  }
}

if (require.main === module) {
  main(process.argv[2] ?? '').then(
    () => process.exit(0),
    (e) => {
      console.error(`bare loop failed: ${(e as Error).stack ?? String(e)}`);
      process.exit(1);
    },
  );
}
