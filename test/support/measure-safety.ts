// The figures of docs/safety.md, measured on this machine: how long libxml2 takes to refuse the
// entity bombs, the DOCTYPE check of a long prolog, the masking and the secret scan of 5 MB
// hostile replies, a ledger intent appended and fsynced. `npm run bench -- --safety` runs it with
// --json and keeps the figures (docs/figures/safety.json); alone it prints one line per figure:
//   node -r ./scripts/register-ts.js test/support/measure-safety.ts [--json]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SafetyFigures } from '../../scripts/measured-figures';
import { Redactor } from '../../src/safety/masking';
import { scanForSecrets } from '../../src/safety/scanning';
import { BookingLedger } from '../../src/bookings/ledger';
import { prologHasDoctype } from '../../src/transport/exchange';
import { loadXml, XmlDoc } from '../../src/xml/xml';
import { billionLaughs, quadraticBlowup } from './hostile-server';
import { disguises, ncrDec } from './secret-forms';

const PW = 'Zx9-Distinct!Pw&<42';
const since = (t0: number) => Math.round((performance.now() - t0) * 100) / 100;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const MB5 = 5 * 1024 * 1024;

function entityBombs(): SafetyFigures['entityBombs'] {
  return (
    [
      ['billion laughs (10 levels x 10 references)', billionLaughs()],
      ['quadratic blow-up (a 50 kB entity referenced 20,000 times)', quadraticBlowup()],
    ] as const
  ).map(([bomb, xml]) => {
    const t0 = performance.now();
    let refused = false;
    try {
      XmlDoc.parse(xml, 'reply').dispose();
    } catch {
      refused = true;
    }
    return { bomb, ms: since(t0), refused };
  });
}

function hostileReplies(dir: string): SafetyFigures['hostileReplies'] {
  const redactor = new Redactor([PW], { user: 'gw-user' });
  const echo = disguises(PW, 'gw-user')
    .map(([, f]) => f)
    .join(' lorem ipsum ');
  const shapes: Record<string, string> = {
    'echoes of the password in every disguise': `${echo}\n`.repeat(Math.ceil(MB5 / (echo.length + 1))),
    'NCR-encoded echoes': `${ncrDec(PW)} `.repeat(MB5 / 100),
    'unclosed MessagePassword quotes': 'MessagePassword=&quot;x'.repeat(MB5 / 23),
    'one base64 run': 'QUJD'.repeat(MB5 / 4),
  };
  return Object.entries(shapes).map(([shape, text]) => {
    let t0 = performance.now();
    redactor.maskXml(text);
    const maskMs = since(t0);
    writeFileSync(join(dir, 'f.txt'), text);
    t0 = performance.now();
    scanForSecrets(dir, [PW]);
    return { shape, megabytes: 5, maskMs, scanMs: since(t0) };
  });
}

function ledgerAppends(dir: string): SafetyFigures['ledger'] {
  const ledger = new BookingLedger(join(dir, 'ledger', 'bookings.jsonl'), () => undefined);
  ledger.assertWritable();
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t0 = performance.now();
    ledger.recordIntent({ bookingRef: `B${i}`, itemRefs: [`I${i}`], target: 'http://gw.example', runId: 'MEASURE' });
    times.push(since(t0));
  }
  return { appends: times.length, medianMs: median(times), maxMs: Math.max(...times) };
}

async function main(): Promise<void> {
  await loadXml();
  const prolog = `<?xml version="1.0"?>${Array.from({ length: 1000 }, (_, i) => `<?pi ${i}?><!-- c ${i} -->`).join('')}<r/>`;
  const t0 = performance.now();
  prologHasDoctype(prolog);
  const prologMs = since(t0);
  const dir = mkdtempSync(join(tmpdir(), 'measure-'));
  try {
    const figures: SafetyFigures = {
      entityBombs: entityBombs(),
      prolog: { items: 2000, ms: prologMs },
      hostileReplies: hostileReplies(dir),
      ledger: ledgerAppends(dir),
    };
    if (process.argv.includes('--json')) console.log(JSON.stringify(figures));
    else {
      for (const entityBomb of figures.entityBombs)
        console.log(`${entityBomb.bomb}: ${entityBomb.refused ? 'refused' : 'PARSED'} in ${entityBomb.ms} ms`);
      console.log(`DOCTYPE check of a prolog of ${figures.prolog.items} items: ${figures.prolog.ms} ms`);
      for (const hostileReply of figures.hostileReplies)
        console.log(
          `${hostileReply.megabytes} MB hostile reply (${hostileReply.shape}): masked in ${hostileReply.maskMs} ms, scanned in ${hostileReply.scanMs} ms`,
        );
      const ledger = figures.ledger;
      console.log(`ledger intent (append + fsync): median ${ledger.medianMs} ms, max ${ledger.maxMs} ms over ${ledger.appends}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
