// Where each scenario's evidence is: its section of evidence.html (an anchor per scenario, and one
// per exchange of each attempt) and its reproducer, reproducers/<scenario>.sh. Names come from the
// scenario's name; two scenarios of a run with the same name (the rows of an outline) add their
// feature file and line.
import type { EvidenceLinks } from '../result';
import { STREAM_FILE } from './stream';

/** The evidence view, beside the conformance report. */
export const EVIDENCE_FILE = 'evidence.html';
/** The folder of the reproducers, one shell script per scenario that sent a request. */
export const REPRODUCERS_DIR = 'reproducers';

/** What a run writes, relative to its reports folder (summary.json's `evidence`). */
export const RUN_EVIDENCE: EvidenceLinks = {
  messages: STREAM_FILE,
  html: EVIDENCE_FILE,
  reproducers: REPRODUCERS_DIR,
  junit: 'junit.xml',
  cucumberHtml: 'cucumber-report.html',
  allureReport: 'allure-report/index.html',
};

const slug = (s: string, max: number) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, max)
    .replace(/^-+|-+$/g, '') || 'scenario';

/** The evidence name of every scenario of a run, by scenario id: unique in the run, safe in a file name and an anchor. */
export function evidenceNames(scenarios: ReadonlyArray<{ id: string; name: string }>): Map<string, string> {
  const base = new Map(scenarios.map((s) => [s.id, slug(s.name, 80)]));
  const count = new Map<string, number>();
  for (const b of base.values()) count.set(b, (count.get(b) ?? 0) + 1);
  const out = new Map<string, string>();
  for (const scenario of scenarios) {
    const b = base.get(scenario.id)!;
    // "features/core/envelope.feature:12" -> "envelope-12"
    const place = slug(scenario.id.replace(/^.*\//, '').replace(/\.feature:/, '-'), 60);
    out.set(scenario.id, count.get(b)! > 1 ? `${b}-${place}` : b);
  }
  return out;
}

/** The scenario's section of the evidence view, relative to the reports folder. */
export const scenarioEvidenceHref = (name: string) => `${EVIDENCE_FILE}#${name}`;

/** The scenario's reproducer, relative to the reports folder. */
export const reproducerPath = (name: string) => `${REPRODUCERS_DIR}/${name}.sh`;

/** The anchor of exchange `n` of an attempt (from 1) of the scenario whose anchor is `scenario`. */
export const exchangeAnchor = (scenario: string, attempt: number, n: number) => `${scenario}-a${attempt}-x${n}`;

/** A link to one exchange, from the link to its scenario's section (`...evidence.html#<name>`). */
export const exchangeHref = (scenarioHref: string, attempt: number, n: number) =>
  scenarioHref.includes('#') ? exchangeAnchor(scenarioHref, attempt, n) : scenarioHref;
