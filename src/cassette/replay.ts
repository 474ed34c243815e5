// Replay: an embedded target that answers each request with the recorded reply of the same
// scenario and operation, in order, its dates and references moved to those of the new run; a
// request the cassette cannot answer is answered with a miss that names the scenario (exit 2),
// never a reply. The cassette is recorded and checked whole before replay in ./cassette.ts.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addDays } from '../core/dates';
import { MASK } from '../safety/masking';
import { OPERATIONS } from '../specification/operations';
import { REPLAY_MISS_HEADER, RUN_LEVEL, SCENARIO_HEADER } from '../transport/recording';
import type { CassetteExchange } from './cassette';

/** Hop-by-hop and length headers are not replayed (the replay target sets its own). */
const NOT_REPLAYED = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);

/** The recorded reply with the new run's dates and references. */
export function normalise(body: string, s: { days: number; values: Array<[string, string]> }): string {
  let out = s.days ? body.replace(/\b(\d{4}-\d{2}-\d{2})(?=[T"'<\s]|$)/g, (d) => addDays(d, s.days)) : body;
  for (const [old, now] of s.values) out = out.split(old).join(now);
  return out;
}

/** Operations whose reply depends on the request alone, not on what was booked before. */
const STATELESS = new Set([
  'hotelavailability',
  'activitysearch',
  'activityavailability',
  'hotelnbc',
  'activitynbc',
  'transferavailability',
]);

/** How a sent request stands to a recorded one: where it differs, and what to carry into the reply. */
export interface RequestComparison {
  /** Where it differs beyond what changes from run to run (the POS, echo token, dates, the suite's references, the run id). */
  differs?: string;
  /** The number of days the dates moved. */
  days: number;
  /** Values that differ in the same place (the run's references), longest first; never a masked one. */
  values: Array<[string, string]>;
}

const DATE = /^(\d{4}-\d{2}-\d{2})/;
const SUITE_REFERENCE = /^OTA[BI][A-Z0-9]+$/;

/** A request without its POS: the credentials (and an optional Instance) are the replaying run's own, never a difference. */
const withoutPos = (xml: string) => xml.replace(/<POS>[\s\S]*?<\/POS>|<POS\/>/, '');

/** Attribute values and text of a request, in order, each with its attribute name. */
function tokens(xml: string): Array<{ name?: string; value: string }> {
  return [...withoutPos(xml).matchAll(/([\w:.-]+)="([^"]*)"|>([^<]+)</g)].map((m) => ({ name: m[1], value: (m[2] ?? m[3]).trim() }));
}

/** One pass over both requests: whether the sent one is the recorded one, and what moved between them. */
export function compareRequests(recorded: string, sent: string, runIds: { recorded: string; now: string }): RequestComparison {
  const skeleton = (xml: string) =>
    withoutPos(xml)
      .replace(/="[^"]*"/g, '=""')
      .replace(/>[^<]*</g, '><')
      .replace(/<!--[\s\S]*?-->/g, '');
  const a = tokens(recorded);
  const b = tokens(sent);
  const values = new Map<string, string>();
  const shifts = new Map<number, number>();
  let differs = skeleton(recorded) !== skeleton(sent) || a.length !== b.length ? 'its elements or attributes differ' : undefined;
  if (a.length === b.length)
    a.forEach(({ name, value: old }, index) => {
      const now = b[index].value;
      if (old === now || old.includes(MASK)) return;
      const da = DATE.exec(old)?.[1];
      const db = DATE.exec(now)?.[1];
      if (da && db) {
        const moved = Math.round((Date.parse(db) - Date.parse(da)) / 86_400_000);
        shifts.set(moved, (shifts.get(moved) ?? 0) + 1);
      } else if (old.length >= 4 && !values.has(old)) values.set(old, now);
      const runToRun =
        name === 'EchoToken' ||
        (da && db) ||
        (SUITE_REFERENCE.test(old) && SUITE_REFERENCE.test(now)) ||
        (old.includes(runIds.recorded) && now.includes(runIds.now));
      differs ??= runToRun ? undefined : `"${old}" was recorded, "${now}" is sent`;
    });
  const days = [...shifts.entries()].sort((x, y) => y[1] - x[1])[0]?.[0] ?? 0;
  return { differs, days, values: [...values.entries()].sort((x, y) => y[0].length - x[0].length) };
}

export interface ReplayTarget {
  baseUrl: string;
  stop(): Promise<void>;
}

/** The embedded replay target: answers from the cassette, by scenario and operation, in order. */
export async function startReplay(
  exchanges: readonly CassetteExchange[],
  runIds: { recorded: string; now: string },
  /** The replaying run's password: put back where the recorded reply echoed a secret (masked in the cassette). */
  password = '',
): Promise<ReplayTarget> {
  // What each scenario's requests taught so far (its references are made earlier than read), and
  // the run id every reference of the suite carries.
  const learnt = new Map<string, Map<string, string>>();
  const byKey = new Map<string, CassetteExchange[]>();
  for (const exchange of exchanges) {
    const key = `${exchange.scenario}\u0000${exchange.operation}`;
    byKey.set(key, [...(byKey.get(key) ?? []), exchange]);
  }
  const used = new Map<string, number>();
  const ops = new Map<string, string>(Object.values(OPERATIONS).map((o) => [o.path, o.name]));
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const operation = ops.get((req.url ?? '').replace(/\/+$/, ''));
      const named = req.headers[SCENARIO_HEADER];
      const scenario = typeof named === 'string' ? decodeURIComponent(named) : RUN_LEVEL;
      if (!operation) {
        res.writeHead(req.method === 'GET' ? 200 : 404, { 'content-type': 'text/plain' }).end('replay target\n');
        return;
      }
      const key = `${scenario}\u0000${operation}`;
      const n = used.get(key) ?? 0;
      const sent = Buffer.concat(chunks).toString('utf8');
      // A read the scenario did not make when recorded (descriptive data is asked once per run, by
      // whichever scenario needs it first: another one under --parallel) is answered by the same
      // read recorded in another scenario. Bookings, reads of bookings and cancels never are.
      const exchange =
        byKey.get(key)?.[n] ??
        (STATELESS.has(operation)
          ? exchanges.find((r) => r.operation === operation && r.reply && !compareRequests(r.request.body, sent, runIds).differs)
          : undefined);
      used.set(key, n + 1);
      // The cassette answers only the request it recorded: another one (other test data, a changed
      // suite) would be answered with replies no gateway gave to it.
      const compared = exchange?.reply ? compareRequests(exchange.request.body, sent, runIds) : undefined;
      const differs = compared?.differs;
      if (!exchange?.reply || !compared || differs) {
        const why = differs
          ? `the ${operation} request ${n + 1} of scenario "${scenario}" differs from the recorded one (${differs}): record it again`
          : exchange
            ? `the recorded ${operation} exchange ${n + 1} of "${scenario}" got no reply (${exchange.transportError?.kind ?? 'none'}); a transport failure is not replayed`
            : `the cassette holds no ${operation} exchange ${n + 1} for scenario "${scenario}": record it again with this suite`;
        // a run-level request (the suite's own probes) gets a plain 200: only a scenario's request is a miss
        res
          .writeHead(typeof named === 'string' ? 500 : 200, { 'content-type': 'text/plain', [REPLAY_MISS_HEADER]: encodeURIComponent(why) })
          .end(why);
        return;
      }
      let recorded = Buffer.from(exchange.reply.bodyBase64, 'base64').toString('latin1');
      // the echo the recorded run saw, seen again (with this run's password, in UTF-8)
      if (exchange.reply.secretMasked && password) recorded = recorded.split(MASK).join(Buffer.from(password, 'utf8').toString('latin1'));
      const mine = learnt.get(scenario) ?? new Map<string, string>([[runIds.recorded, runIds.now]]);
      for (const [old, now] of compared.values) mine.set(old, now);
      learnt.set(scenario, mine);
      const values = [...mine.entries()].filter(([old, now]) => old !== now).sort((p, q) => q[0].length - p[0].length);
      const body = Buffer.from(normalise(recorded, { days: compared.days, values }), 'latin1');
      const headers = Object.fromEntries(Object.entries(exchange.reply.headers).filter(([h]) => !NOT_REPLAYED.has(h)));
      res.writeHead(exchange.reply.status, exchange.reply.statusText ?? '', { ...headers, 'content-length': String(body.length) }).end(body);
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stop: () => new Promise((ok) => server.close(() => ok())),
  };
}
