// The figures of docs/safety.md, measured on this machine:
//   node -r ts-node/register/transpile-only test/support/measure-safety.ts [reports-folder]
// Prints one line per figure. With a reports folder (a full run's), also times the secret scan.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redactor } from '../../src/safety/masking';
import { scanForSecrets } from '../../src/safety/scanning';
import { BookingLedger } from '../../src/safety/ledger';
import { prologHasDoctype } from '../../src/transport/exchange';
import { loadXml, XmlDoc } from '../../src/xml/xml';
import { billionLaughs, quadraticBlowup } from './hostile-server';
import { disguises, ncrDec } from './secret-forms';

const PW = 'Zx9-Distinct!Pw&<42';
const ms = (t0: number) => `${(performance.now() - t0).toFixed(1)} ms`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  await loadXml();
  for (const [name, xml] of [
    ['billion laughs (10 x 10)', billionLaughs()],
    ['quadratic blow-up (50 kB x 20,000)', quadraticBlowup()],
  ] as const) {
    const t0 = performance.now();
    let why = 'parsed';
    try {
      XmlDoc.parse(xml, 'reply').dispose();
    } catch (e) {
      why = (e as Error).message.slice(0, 80);
    }
    console.log(`refuse ${name}: ${ms(t0)} (${why})`);
  }

  const prolog = `<?xml version="1.0"?>${Array.from({ length: 1000 }, (_, i) => `<?pi ${i}?><!-- c ${i} -->`).join('')}<r/>`;
  let t0 = performance.now();
  prologHasDoctype(prolog);
  console.log(`DOCTYPE check of a prolog of 2,000 items: ${ms(t0)}`);

  const r = new Redactor([PW], { user: 'gw-user' });
  const MB5 = 5 * 1024 * 1024;
  const echo = disguises(PW, 'gw-user')
    .map(([, f]) => f)
    .join(' lorem ipsum ');
  const shapes: Record<string, string> = {
    'echoes of every disguise': `${echo}\n`.repeat(Math.ceil(MB5 / (echo.length + 1))),
    'NCR-encoded echoes': `${ncrDec(PW)} `.repeat(MB5 / 100),
    'unclosed MessagePassword quotes': 'MessagePassword=&quot;x'.repeat(MB5 / 23),
    'one base64 run': 'QUJD'.repeat(MB5 / 4),
  };
  const dir = mkdtempSync(join(tmpdir(), 'measure-'));
  try {
    for (const [name, text] of Object.entries(shapes)) {
      t0 = performance.now();
      r.maskXml(text);
      const mask = ms(t0);
      writeFileSync(join(dir, 'f.txt'), text);
      t0 = performance.now();
      scanForSecrets(dir, [PW]);
      console.log(`5 MB hostile reply (${name}): masked in ${mask}, scanned in ${ms(t0)}`);
    }
    const ledger = new BookingLedger(join(dir, 'ledger', 'bookings.jsonl'), () => undefined);
    ledger.assertWritable();
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      t0 = performance.now();
      ledger.recordIntent({ bookingRef: `B${i}`, itemRefs: [`I${i}`], target: 'http://gw.example', runId: 'MEASURE' });
      times.push(performance.now() - t0);
    }
    console.log(`ledger intent (append + fsync): median ${median(times).toFixed(2)} ms, max ${Math.max(...times).toFixed(2)} ms over 200`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const reports = process.argv[2];
  if (reports) {
    t0 = performance.now();
    const findings = scanForSecrets(reports, [PW]);
    console.log(`secret scan of ${reports}: ${ms(t0)} (${findings.length} finding(s))`);
  }
}

void main();
