// evidence.html: every scenario's exchanges, from the evidence stream, in one self-contained file
// beside the conformance report (opens from file://, no server, no network, no script). Each
// scenario has an anchor (its evidence name) and each exchange of each attempt one more, so that a
// finding links to exactly the exchange that showed it: the request (head and body, as sent,
// masked), the reply (head with every attempt, and body, pretty-printed for reading), what its
// reply showed (the findings the reports link here, each linking back to its requirement), the
// step that sent it and the command that sends it again. Everything shown is escaped.
import type { ConformanceResult, FindingRecord, RequirementResult, ScenarioRecord } from '../result';
import { escapeHtml } from '../conformance-report/escape';
import { pageHead, selfContainedPolicy, STYLE as REPORT_STYLE } from '../conformance-report/html';
import { REPORT_FILES, STATUS_LABEL, verdictQualifier } from '../conformance-report/model';
import { isSuiteData, textOf, type AttemptEvidence, type ExchangeEvidence, type ScenarioEvidence } from './collect';
import { exchangeAnchor, reproducerPath } from './names';

const STYLE = `${REPORT_STYLE}
.scn { border-top: 2px solid var(--line); margin-top: 28px; padding-top: 4px; }
.x { border: 1px solid var(--line); border-left: 6px solid var(--line); border-radius: 6px; padding: 8px 14px; margin: 10px 0; }
.x:target, .scn:target > h2 { outline: 3px solid #0b57a4; outline-offset: 2px; }
.x h4 { margin: 2px 0 6px; }
.part { font-weight: 600; color: var(--muted); margin: 8px 0 2px; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: .8rem; background: var(--bg-soft); border: 1px solid var(--line); border-radius: 4px; padding: 6px 8px; margin: 2px 0 6px;
  max-height: 36em; overflow: auto; }
pre.head { max-height: 12em; }
nav table td:nth-child(1) { width: 56%; }
@media print { pre { max-height: none; overflow: visible; } }`;

const CSP = selfContainedPolicy(STYLE);

/** Text inside <pre>: only & and < need escaping there (replies are large; attribute escaping is not needed). */
const pre = (s: string, cls = '') => `<pre${cls ? ` class="${cls}"` : ''}>${escapeHtml(s)}</pre>`;

/** A finding with its requirement, as an exchange shows it. */
interface ExchangeFinding {
  req: RequirementResult;
  f: FindingRecord;
}

/** The key of one exchange of one attempt of one scenario. */
const exchangeKey = (scenarioId: string, attempt: number, n: number) => `${scenarioId}\u0000${attempt}\u0000${n}`;

/** Every finding that names the exchange whose reply showed it, by exchange. */
function findingsByExchange(result: ConformanceResult): Map<string, ExchangeFinding[]> {
  const idOf = new Map(result.scenarios.map((s) => [s.name, s.id]));
  const out = new Map<string, ExchangeFinding[]>();
  for (const req of result.requirements)
    for (const finding of req.findings) {
      const id = finding.scenarioId ?? idOf.get(finding.scenario);
      if (finding.exchange === undefined || id === undefined) continue;
      const key = exchangeKey(id, finding.attempt ?? 1, finding.exchange);
      out.set(key, [...(out.get(key) ?? []), { req, f: finding }]);
    }
  return out;
}

/** What the reply of an exchange showed: its findings, each linked back to its requirement in the conformance report. */
function shownHtml(found: readonly ExchangeFinding[]): string {
  if (found.length === 0) return '';
  const rows = found
    .map(
      ({ req, f }) =>
        `<tr><td class="mono"><a href="${escapeHtml(`${REPORT_FILES.html}#req-${req.id}`)}">${escapeHtml(req.id)}</a> <span class="meta">(${escapeHtml(req.level)})</span></td><td class="v">${escapeHtml(f.at)}</td><td class="v">${escapeHtml(f.expected)}</td><td class="v">${escapeHtml(f.found)}</td></tr>`,
    )
    .join('\n');
  return `<div class="part">What this reply showed</div>
<table class="findings"><thead><tr><th>Requirement</th><th>Where</th><th>Expected</th><th>Found</th></tr></thead>
<tbody>
${rows}
</tbody></table>`;
}

export interface EvidenceViewOptions {
  /** Makes an XML body readable (indented); the body as it is when it cannot. */
  pretty: (xml: string) => string;
}

const pill = (status: string, text: string) => `<span class="pill o-${status.toLowerCase()}">${escapeHtml(text)}</span>`;

function exchangeHtml(
  scenarioRecord: ScenarioRecord,
  name: string,
  attempt: AttemptEvidence,
  evidence: ExchangeEvidence,
  opts: EvidenceViewOptions,
  multi: boolean,
  found: readonly ExchangeFinding[],
): string {
  const label = multi ? `${attempt.attempt}.${evidence.n}` : String(evidence.n);
  const line = evidence.requestHead?.split('\n')[0] ?? '';
  const parts: string[] = [];
  if (evidence.requestHead !== undefined) parts.push('<div class="part">Request</div>', pre(evidence.requestHead, 'head'));
  if (evidence.request !== undefined) parts.push(pre(evidence.request));
  if (evidence.replyHead !== undefined) parts.push('<div class="part">Reply</div>', pre(evidence.replyHead, 'head'));
  if (evidence.reply !== undefined)
    parts.push(pre(evidence.replyMediaType === 'application/xml' ? opts.pretty(evidence.reply) : evidence.reply));
  else if (evidence.replyRaw !== undefined)
    parts.push(
      '<div class="part">Reply body (not text; its bytes, masked, as Latin-1)</div>',
      pre(Buffer.from(evidence.replyRaw, 'base64').toString('latin1')),
    );
  if (evidence.noReply !== undefined) parts.push('<div class="part">No reply</div>', pre(evidence.noReply));
  const reproduce =
    evidence.request !== undefined ? ` · send it again: <code>bash ${escapeHtml(reproducerPath(name))} ${escapeHtml(label)}</code>` : '';
  return `<article class="x" id="${escapeHtml(exchangeAnchor(name, attempt.attempt, evidence.n))}">
<h4>Exchange ${escapeHtml(label)}: ${escapeHtml(evidence.operation)} <span class="meta mono">${escapeHtml(line)}</span></h4>
<div class="meta">of “${escapeHtml(scenarioRecord.name)}”${multi ? `, attempt ${attempt.attempt}` : ''}, ${evidence.step ? `sent by the step “${escapeHtml(evidence.step)}”` : 'sent by a hook'}${reproduce}</div>
${shownHtml(found)}
${parts.join('\n')}
</article>`;
}

/** What the checks of an attempt concluded (findings, warnings, cannot tell), as its steps attached them. */
function judgementsHtml(attempt: AttemptEvidence): string {
  const notes = attempt.steps.flatMap((st) =>
    st.attachments
      .filter(
        (a) => !isSuiteData(a.mediaType) && a.mediaType === 'text/plain' && /^(findings|warnings|cannot-tell)\.txt$/.test(a.fileName ?? ''),
      )
      .map((a) => pre(textOf(a))),
  );
  return notes.length ? `<div class="part">What the checks concluded</div>\n${notes.join('\n')}` : '';
}

function scenarioHtml(
  scenarioRecord: ScenarioRecord,
  ev: ScenarioEvidence | undefined,
  name: string,
  opts: EvidenceViewOptions,
  findings: ReadonlyMap<string, ExchangeFinding[]>,
): string {
  const attempts = ev?.attempts ?? [];
  const multi = attempts.length > 1;
  const exchanges = attempts.reduce((n, a) => n + a.exchanges.length, 0);
  const body = attempts
    .map((attempt) => {
      const xs = attempt.exchanges
        .map((x) =>
          exchangeHtml(
            scenarioRecord,
            name,
            attempt,
            x,
            opts,
            multi,
            findings.get(exchangeKey(scenarioRecord.id, attempt.attempt, x.n)) ?? [],
          ),
        )
        .join('\n');
      const attemptStatus = scenarioRecord.attempts?.find((r) => r.attempt === attempt.attempt)?.status;
      return `${multi ? `<h3>Attempt ${attempt.attempt} of ${attempts.length}${attemptStatus ? ` ${pill(attemptStatus, STATUS_LABEL[attemptStatus])}` : ''}</h3>` : ''}
${xs || '<p class="empty">No exchange in this attempt.</p>'}
${judgementsHtml(attempt)}`;
    })
    .join('\n');
  return `<section class="scn" id="${escapeHtml(name)}">
<h2>${escapeHtml(scenarioRecord.name)}</h2>
<p>${pill(scenarioRecord.status, STATUS_LABEL[scenarioRecord.status])} <span class="meta mono">${escapeHtml(scenarioRecord.id)}</span> · requirements ${escapeHtml(scenarioRecord.reqs.join(', ') || '(none)')}${
    exchanges > 0 ? ` · reproducer: <a href="${escapeHtml(reproducerPath(name))}">${escapeHtml(reproducerPath(name))}</a>` : ''
  }</p>
${scenarioRecord.message && scenarioRecord.status !== 'passed' ? `<div class="msg">${escapeHtml(scenarioRecord.message)}</div>` : ''}
${ev ? body : '<p class="empty">The evidence stream holds nothing of this scenario.</p>'}
</section>`;
}

/** The evidence view of a run: `names` gives each scenario's anchor (evidenceNames). */
export function renderEvidenceHtml(
  result: ConformanceResult,
  evidence: readonly ScenarioEvidence[],
  names: ReadonlyMap<string, string>,
  opts: EvidenceViewOptions,
): string {
  const byId = new Map(evidence.map((e) => [e.id, e]));
  const findings = findingsByExchange(result);
  const shown = result.scenarios.filter((s) => names.has(s.id));
  const rows = shown
    .map((scenarioRecord) => {
      const n = byId.get(scenarioRecord.id)?.attempts.reduce((k, a) => k + a.exchanges.length, 0) ?? 0;
      return `<tr><td><a href="#${escapeHtml(names.get(scenarioRecord.id)!)}">${escapeHtml(scenarioRecord.name)}</a></td><td>${pill(scenarioRecord.status, STATUS_LABEL[scenarioRecord.status])}</td><td class="mono">${escapeHtml(scenarioRecord.reqs.join(' '))}</td><td class="num">${n}</td></tr>`;
    })
    .join('\n');
  const verdict = `${result.verdict}${verdictQualifier(result) ? ` (${verdictQualifier(result)})` : ''}`;
  return `${pageHead(`Evidence: ${verdict} — ${result.target.url}`, CSP, STYLE)}
<body>
<header>
<h1>Evidence of the conformance run</h1>
<p class="sub">${escapeHtml(result.target.url)} · run ${escapeHtml(result.runId)} · ${escapeHtml(verdict)} · the verdict and every requirement: <a href="${escapeHtml(REPORT_FILES.html)}">${escapeHtml(REPORT_FILES.html)}</a></p>
</header>
<p>Every exchange of every scenario, as the run attached it: secrets masked (the password as ********), request bodies as sent, reply bodies indented for reading. Each reproducer reads <code>$OTA_PASSWORD</code> and never holds it.</p>
<nav aria-label="Scenarios"><table><thead><tr><th>Scenario</th><th>Status</th><th>Requirements</th><th class="num">Exchanges</th></tr></thead>
<tbody>
${rows}
</tbody></table></nav>
${shown.map((s) => scenarioHtml(s, byId.get(s.id), names.get(s.id)!, opts, findings)).join('\n')}
<footer>Built from ${escapeHtml('cucumber-messages.ndjson')}, the run's evidence stream, for run ${escapeHtml(result.runId)}.</footer>
</body>
</html>
`;
}
