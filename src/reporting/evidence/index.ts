// The evidence a run writes after its verdict, from its evidence stream: evidence.html (every
// scenario's exchanges, an anchor per scenario and per exchange) and reproducers/<scenario>.sh
// (one script per scenario that sent a request). Both are built from what the stream holds, which
// was masked before it was attached; the secret scan reads them like every artifact.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { XmlDoc } from '../../xml/xml';
import type { ConformanceResult } from '../result';
import type { ScenarioEvidence } from './collect';
import { renderEvidenceHtml } from './html';
import { EVIDENCE_FILE, REPRODUCERS_DIR, reproducerPath } from './names';
import { reproducibleRequest, scenarioReproducer } from './reproducer';

/** An XML body indented for reading (libxml2 must be loaded); the body as it is when it does not parse. */
export function prettyXml(xml: string): string {
  let doc: XmlDoc | undefined;
  try {
    doc = XmlDoc.parse(xml);
    return doc.pretty();
  } catch {
    return xml;
  } finally {
    doc?.dispose();
  }
}

/** Writes evidence.html and the reproducers into `dir`; `names` are the scenarios' evidence names (evidenceNames). */
export function writeEvidence(
  result: ConformanceResult,
  evidence: readonly ScenarioEvidence[],
  names: ReadonlyMap<string, string>,
  dir: string,
): void {
  mkdirSync(join(dir, REPRODUCERS_DIR), { recursive: true });
  writeFileSync(join(dir, EVIDENCE_FILE), renderEvidenceHtml(result, evidence, names, { pretty: prettyXml }));
  for (const scenarioEvidence of evidence) {
    const name = names.get(scenarioEvidence.id);
    if (!name) continue;
    const multi = scenarioEvidence.attempts.length > 1;
    const requests = scenarioEvidence.attempts.flatMap((a) =>
      a.exchanges.flatMap((x) => reproducibleRequest(x, multi ? `${a.attempt}.${x.n}` : String(x.n)) ?? []),
    );
    if (requests.length === 0) continue;
    const last = scenarioEvidence.attempts.at(-1)!;
    const defaults = requests.filter((r) => !multi || r.label.startsWith(`${last.attempt}.`)).map((r) => r.label);
    writeFileSync(join(dir, reproducerPath(name)), scenarioReproducer(scenarioEvidence, requests, defaults), { mode: 0o755 });
  }
}
