// An exploration as a run's result: the same summary.json, conformance report, evidence.html and
// reproducers as a conformance run (the project's builders and renderers), with one "scenario" per
// explored operation and one per finding (its smallest failing request, then the request first
// drawn), the number of explored requests per requirement, and the exploration's own account.
import type { Assertion } from '../../contracts/rule';
import { requirementOutcomes, type ScenarioAssertions } from '../../reporting/requirement-outcomes';
import type { ExchangeEvidence, ScenarioEvidence } from '../../reporting/evidence/collect';
import { evidenceNames, reproducerPath, RUN_EVIDENCE, scenarioEvidenceHref } from '../../reporting/evidence/names';
import { requestHead } from '../../reporting/evidence/stream';
import type { ClassVerdict, ConformanceResult, ExplorationSummary, RunSelection } from '../../reporting/result';
import { summariseParts, type ShownCounts } from './coverage';
import { decideVerdict, EXIT, EXPLORATION_NOT_A_VERDICT, type Verdict } from '../../reporting/verdict';
import type { RunContext } from '../../run/run-context';
import { suiteVersion } from '../../run/run-context';
import type { RunStart } from '../../run/configure';
import { OPERATIONS } from '../../specification/operations';
import type { Exchange } from '../../transport/exchange';
import type { ExplorationOutcome, Failure, SentOperation } from './exploration';
import type { ExploreOptions } from './options';
import { BOOKING_OPERATIONS, describeExplored as describeCase } from './booking-space';
import type { ExploredOperation } from './space';
import { requirement, type RequirementId } from '../../specification/requirements';

const MAX_BODY_CHARS = 200_000;

/** One exchange as evidence.html and the reproducers show it: masked as a conformance run's. */
function exchangeEvidence(ctx: RunContext, exchange: Exchange, n: number, step: string): ExchangeEvidence {
  const redactor = ctx.redactor;
  const httpExchange = exchange.reply.exchange;
  const ev: ExchangeEvidence = {
    n,
    operation: exchange.op.name,
    step,
    requestHead: redactor.scrub(
      requestHead(
        `${ctx.baseUrl}${exchange.op.path}`,
        httpExchange?.request.headers ?? { 'content-type': 'application/xml; charset=utf-8' },
      ),
    ),
    request: redactor.maskXml(exchange.sentBody),
  };
  if (httpExchange) {
    ev.replyHead = redactor.scrub(
      [
        `HTTP ${httpExchange.status}`,
        ...Object.entries(httpExchange.headers).map(([k, v]) => `${k}: ${v}`),
        `(${httpExchange.durationMs} ms)`,
      ].join('\n'),
    );
    const text = exchange.reply.text ?? httpExchange.body.subarray(0, MAX_BODY_CHARS).toString('latin1');
    ev.reply = redactor.maskXml(text.slice(0, MAX_BODY_CHARS));
    ev.replyMediaType = exchange.reply.doc || exchange.reply.text?.trimStart().startsWith('<') ? 'application/xml' : 'text/plain';
  } else if (exchange.reply.transportError) ev.noReply = redactor.scrub(exchange.reply.transportError.message);
  return ev;
}

const findingName = (f: Failure) =>
  f.form
    ? `Explored ${OPERATIONS[f.smallest.c.op].title}: ${f.form}, refused every time (${f.req})`
    : f.unshrunk
      ? `Explored ${OPERATIONS[f.smallest.c.op].title}: the first booking failing ${f.req} (a Commit, not shrunk)`
      : `Explored ${OPERATIONS[f.smallest.c.op].title}: the smallest request failing ${f.req}`;

/** One scenario per explored operation: what its rules concluded over every explored reply (failed requirements apart). */
function operationScenarios(opts: ExploreOptions, out: ExplorationOutcome): ScenarioAssertions[] {
  const ops: SentOperation[] = [...opts.operations, ...(opts.bookings ? BOOKING_OPERATIONS : [])];
  return ops.map((op) => {
    const reqs = (Object.keys(out.checks) as RequirementId[]).filter(
      (req) => isOf(out, op, req) && !out.failures.some((f) => f.req === req),
    );
    const assertions: Assertion[] = reqs.map((req) => {
      const c = out.checks[req]!;
      const outcome = c.passed > 0 ? 'passed' : 'cantTell';
      return {
        req,
        outcome,
        findings: [],
        reasons: outcome === 'cantTell' ? [`no explored reply showed it: ${c.reason ?? 'cannot tell'}`] : [],
      };
    });
    return {
      id: `explore/${op}`,
      name: `Explored ${OPERATIONS[op].title}: ${out.byOperation[op] ?? 0} requests`,
      uri: 'explore',
      tags: [`@op:${op}`],
      ops: [op],
      reqs: [],
      status: 'passed',
      warnings: [],
      assertions,
    };
  });
}

/** One scenario per finding: its smallest failing request is its exchange 1. */
function findingScenario(failure: Failure): ScenarioAssertions {
  return {
    id: `explore/${failure.smallest.c.op}/${failure.req}${failure.form ? `/${failure.form}` : ''}`,
    name: findingName(failure),
    uri: 'explore',
    tags: [`@op:${failure.smallest.c.op}`, `@req:${failure.req}`],
    ops: [failure.smallest.c.op],
    reqs: [failure.req],
    status: 'failed',
    message: failure.unshrunk
      ? `${describeCase(failure.smallest.c)} (${failure.unshrunk})`
      : `${describeCase(failure.smallest.c)} (first drawn: ${describeCase(failure.first.c)})`,
    warnings: [],
    assertions: failure.smallest.assertions
      .filter((a) => a.req === failure.req && a.outcome === 'failed')
      .map((a) => ({ ...a, exchange: 1 })),
  };
}

/** A finding's evidence: the smallest request that still fails (exchange 1), and the request first drawn (exchange 2). */
function findingEvidence(ctx: RunContext, failure: Failure, scenarioAssertions: ScenarioAssertions): ScenarioEvidence {
  const [one, two] = failure.unshrunk
    ? [`the exchange failing ${failure.req} (${failure.unshrunk})`, 'the Commit of that booking']
    : [`the smallest request failing ${failure.req}`, 'the request first drawn'];
  const exchanges = [exchangeEvidence(ctx, failure.smallest.x, 1, `${one}: ${describeCase(failure.smallest.c)}`)];
  if (failure.first.x !== failure.smallest.x)
    exchanges.push(exchangeEvidence(ctx, failure.first.x, 2, `${two}: ${describeCase(failure.first.c)}`));
  const steps = exchanges.map((x) => ({ kind: 'step' as const, text: x.step!, status: 'FAILED', attachments: [] }));
  return {
    id: scenarioAssertions.id,
    name: scenarioAssertions.name,
    uri: scenarioAssertions.uri,
    tags: scenarioAssertions.tags,
    attempts: [{ attempt: 1, steps, exchanges }],
  };
}

/** The exploration's own account in summary.json. */
function explorationSummary(opts: ExploreOptions, out: ExplorationOutcome, findings: ExplorationSummary['findings']): ExplorationSummary {
  return {
    seed: out.seed,
    today: out.today,
    budget: opts.budget,
    operations: [...opts.operations],
    ...(opts.timeSeconds ? { timeSeconds: opts.timeSeconds } : {}),
    ...(opts.bookings ? { bookings: opts.bookings } : {}),
    requests: out.requests,
    shrinkRequests: out.shrinkRequests,
    corroborationRequests: { ...out.corroboration },
    stoppedBy: out.stoppedBy,
    seconds: Math.round(out.seconds * 10) / 10,
    byOperation: out.byOperation as Record<string, number>,
    space: out.space as Record<string, Record<string, number>>,
    categories: [...out.categories],
    evidence: {
      byOperation: out.coverage.byOperation as Record<string, ShownCounts>,
      byRequirement: out.coverage.byRequirement as Record<string, ShownCounts>,
      byPart: out.coverage.byPart as Record<string, Record<string, ShownCounts>>,
    },
    nothingShown: out.coverage.blindOperations(),
    languagesLeftOut: out.coverage.languagesLeftOut as ExplorationSummary['languagesLeftOut'],
    notCovered: out.coverage.notCovered() as Record<string, string[]>,
    findings,
  };
}

/** Requirements the exploration judged on no reply that showed what they need: not a pass of the exploration. */
function unshownRequirements(out: ExplorationOutcome): RequirementId[] {
  return (Object.entries(out.coverage.byRequirement) as Array<[RequirementId, ShownCounts]>)
    .filter(([, c]) => c.shown === 0)
    .map(([req]) => req);
}

/**
 * An exploration's own verdict: a finding is the verdict the rules decide (DOES NOT CONFORM, exit
 * 1), as is the suite's own trouble; else an operation whose explored requests showed nothing
 * leaves it NOT DETERMINED (exit 4: "nothing available" and refusals prove nothing, and never fail
 * a MUST); else NO FINDING (exit 0), naming what no reply showed.
 */
export function explorationVerdict(verdict: Verdict, out: ExplorationOutcome): Pick<Verdict, 'verdict' | 'exitCode' | 'reason'> {
  if (verdict.exitCode === EXIT.DOES_NOT_CONFORM || verdict.exitCode === EXIT.COULD_NOT_RUN) return verdict;
  const blind = out.coverage.blindOperations();
  if (blind.length)
    return {
      verdict: 'NOT DETERMINED',
      exitCode: EXIT.NOT_DETERMINED,
      reason:
        `no finding, but nothing was shown to ${blind.length} explored operation(s), so nothing of them was judged: ` +
        blind.map((op) => `${op}, ${out.coverage.describe(op)}`).join('; ') +
        ` (what was asked: the parts of the space not covered; nothing available is no failure and no pass; ${EXPLORATION_NOT_A_VERDICT})`,
    };
  const unshown = unshownRequirements(out);
  const unshownMusts = unshown.filter((id) => requirement(id).level === 'MUST');
  if (unshownMusts.length)
    return {
      verdict: 'NOT DETERMINED',
      exitCode: EXIT.NOT_DETERMINED,
      reason: `no finding, but no explored reply showed what ${unshownMusts.join(', ')} need, so they were not judged (${EXPLORATION_NOT_A_VERDICT})`,
    };
  return {
    verdict: 'NO FINDING',
    exitCode: EXIT.CONFORMS,
    reason:
      `every explored operation showed what its rules judge, and nothing of it failed` +
      (unshown.length ? `; no explored reply showed what ${unshown.join(', ')} need (cannot tell: not covered)` : ''),
  };
}

/** The target as every report names it (masked). */
function targetOf(ctx: RunContext): ConformanceResult['target'] {
  const { config } = ctx;
  return {
    url: config.replayDir ? `cassette ${config.replayDir}` : ctx.embedded ? 'embedded sandbox' : ctx.redactor.scrub(ctx.baseUrl),
    embedded: ctx.embedded,
    description: ctx.data.description ?? '',
    ...(ctx.embedded && (config.sandboxFaults.length || config.sandboxVariants.length)
      ? { sandbox: { faults: config.sandboxFaults, variants: config.sandboxVariants } }
      : {}),
  };
}

/** The run's result from an exploration: outcomes from the explored assertions, the verdict, the exploration's account. */
export function explorationResult(
  ctx: RunContext,
  opts: ExploreOptions,
  start: RunStart,
  out: ExplorationOutcome,
): { result: ConformanceResult; evidence: ScenarioEvidence[] } {
  const selection: RunSelection = {
    text: `npm run explore -- --seed ${opts.seed} --budget ${opts.budget}${opts.timeSeconds ? ` --time ${opts.timeSeconds}` : ''}`,
  };
  const perFinding = out.failures.map(findingScenario);
  const scenarios = [...operationScenarios(opts, out), ...perFinding];
  const requirements = requirementOutcomes(scenarios, { claims: start.claims, selection }).map((result) => {
    const n = out.explored[result.id as RequirementId];
    return n ? { ...result, explored: n } : result;
  });
  const decided = decideVerdict({ requirements, scenarios, claims: start.claims, strict: opts.strict, selection });
  const verdict = { ...decided, ...explorationVerdict(decided, out) };
  const names = evidenceNames(perFinding);
  const evidence = out.failures.map((f, i) => findingEvidence(ctx, f, perFinding[i]));
  const findings: ExplorationSummary['findings'] = out.failures.map((failure, index) => {
    const name = names.get(perFinding[index].id)!;
    return {
      req: failure.req,
      operation: failure.smallest.c.op,
      smallest: describeCase(failure.smallest.c),
      first: describeCase(failure.first.c),
      failedRequests: failure.failedRequests,
      shrinkRequests: failure.shrinkRequests,
      ...(failure.unshrunk ? { unshrunk: failure.unshrunk } : {}),
      ...(failure.form ? { form: failure.form } : {}),
      reproducer: reproducerPath(name),
      evidence: scenarioEvidenceHref(name),
    };
  });
  const result: ConformanceResult = {
    suite: { name: 'OTA Gateway Conformance', version: suiteVersion() },
    target: targetOf(ctx),
    runId: ctx.config.runId,
    startedAt: start.startedAt,
    finishedAt: new Date().toISOString(),
    profile: opts.bookings ? 'booking' : 'read-only',
    selection,
    strict: opts.strict,
    claims: start.claims,
    verdict: verdict.verdict,
    exitCode: verdict.exitCode,
    verdictReason: verdict.reason,
    warnings: verdict.warnings,
    // a class whose explored checks all passed is no more than an exploration's: nothing found in it
    classes: verdict.classes.map((c) => (c.verdict === 'SELECTION PASSED' ? { ...c, verdict: 'NO FINDING' as ClassVerdict } : c)),
    requirements,
    scenarios: scenarios.map(({ assertions: _assertions, ...s }) => {
      const name = names.get(s.id);
      return name ? { ...s, evidence: scenarioEvidenceHref(name), reproducer: reproducerPath(name) } : s;
    }),
    notes: explorationNotes(out),
    assertions: Object.fromEntries(scenarios.map((s) => [s.id, s.assertions])),
    evidence: RUN_EVIDENCE,
    exploration: explorationSummary(opts, out, findings),
  };
  return { result, evidence };
}

/** Whether requirement `req` is one of `op`'s (its rules judged a reply of `op`). */
function isOf(out: ExplorationOutcome, op: SentOperation, req: RequirementId): boolean {
  return (out.ruleOps[req] ?? []).includes(op);
}

/** The descriptive requests that corroborated explored replies, in words. */
export const corroborating = (out: ExplorationOutcome) =>
  `${out.corroboration.hotelnbc} hotel and ${out.corroboration.activitynbc} activity descriptive data request(s)`;

function explorationNotes(out: ExplorationOutcome): string[] {
  const notes = [
    `exploration with seed ${out.seed}: ${out.requests} requests (${out.shrinkRequests} of them shrinking, ${corroborating(out)} corroborating), stopped by the ${out.stoppedBy}; dates from ${out.earliest}`,
  ];
  for (const op of Object.keys(out.byOperation) as ExploredOperation[])
    if (out.coverage.byOperation[op]) notes.push(`explored ${op}: ${out.coverage.describe(op)}`);
  notes.push(...out.coverage.guessesRefused());
  for (const [op, parts] of Object.entries(out.coverage.notCovered()))
    notes.push(`not covered (no explored reply of ${op} showed anything): ${summariseParts(parts)}`);
  if (!out.categories.includes('11'))
    notes.push('the gateway showed no third participant category (senior, 11): parties of adults and children only');
  return notes;
}
