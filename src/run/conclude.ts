// The runner's fourth phase: from what the scenarios showed, an outcome per requirement, the
// verdict, the notes for the certifier and the reply times: the result every report shows.
import { execFileSync } from 'node:child_process';
import { latencyByOperation } from '../reporting/latency';
import { SUMMARY_ONLY_NOTE } from '../reporting/console-summary';
import { decideSummary } from '../reporting/run-summary';
import { selectionNote } from '../reporting/selection';
import { evidenceNames, reproducerPath, RUN_EVIDENCE, scenarioEvidenceHref } from '../reporting/evidence/names';
import type { ConformanceResult, RequirementResult, ScenarioRecord } from '../reporting/result';
import { OPERATION_NAMES } from '../specification/operations';
import { requirement } from '../specification/requirements';
import { WHOLE_BOOKING } from '../operations/bookcancel';
import type { RunArguments } from './arguments';
import type { CleanupReport } from '../bookings/cleanup';
import { PROJECT_ROOT } from './config';
import type { RunStart } from './configure';
import type { FeatureRun } from './run-features';
import { suiteVersion, type RunContext } from './run-context';

/** What the phases before found, for the conclusion. */
export interface RunFindings {
  args: RunArguments;
  ctx: RunContext;
  start: RunStart;
  cleanup: CleanupReport;
  features: FeatureRun;
}

function gitCommit(): string | undefined {
  try {
    return (
      execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim() || undefined
    );
  } catch {
    return undefined;
  }
}

/** What the certifier must know beside the verdict: a crash, bookings left, a dry or summary-only run. */
function certifierNotes({ args, ctx, cleanup, features }: RunFindings): string[] {
  const notes: string[] = [];
  if (features.crashed) notes.push(`cucumber stopped: ${ctx.redactor.scrub(features.crashed.message)}`);
  for (const cleanupProblem of features.cleanupProblems)
    notes.push(
      `the clean-up could not cancel booking ${cleanupProblem.bookingRef} (kept in the ledger; the next run retries): ${cleanupProblem.message}`,
    );
  for (const f of cleanup.failed)
    notes.push(`booking ${f.ref} left by an earlier run could not be cancelled: ${ctx.redactor.scrub(f.message)}`);
  notes.push(...features.bookings.notes);
  if (args.selection) notes.push(selectionNote(args.selection.text));
  if (args.cucumber.dryRun) notes.push('dry run: nothing was sent, no requirement was checked');
  const skipped = features.scenarios.filter((s) => s.status === 'skipped').length;
  if (args.cucumber.failFast && skipped > 0)
    notes.push(`--fail-fast: the run stopped at its first failure; ${skipped} scenario(s) were skipped, their requirements untested`);
  if (args.summaryOnly) notes.push(SUMMARY_ONLY_NOTE);
  return notes;
}

/**
 * How the partial-cancellation form was had, on the report's first screen whenever the test data
 * declares none: found by the run (and how), none of the forms served (each one tried and what it
 * got), or the class not claimed. Never a silent "n/a".
 */
function partialFormNotes({ ctx, features }: RunFindings, requirements: readonly RequirementResult[]): string[] {
  const result = requirements.find((r) => r.id === 'CXL-PARTIAL');
  if (!result || ctx.data.booking.partialCancellation) return [];
  if (result.outcome === 'inapplicable')
    return [
      'partial cancellation not judged: the class partial-cancellation is not claimed (claimed, the run finds the form the gateway serves)',
    ];
  const none = features.scenarios
    .map((s) => /the gateway served none of OpenTravel 2016B's partial-cancellation forms[^\n]*/.exec(s.message ?? '')?.[0])
    .find(Boolean);
  if (none) return [`partial cancellation: ${ctx.redactor.scrub(none)}`];
  // a form the gateway reads, served, that cancelled the whole booking: that form's failure
  const whole = result.findings.find((f) => f.found.startsWith(WHOLE_BOOKING));
  if (whole) return [`partial cancellation: ${ctx.redactor.scrub(`${whole.at}: ${whole.found}; expected ${whole.expected}`)}`];
  return result.outcome === 'passed' && result.reason ? [`partial cancellation: ${result.reason}`] : [];
}

/** Where each scenario's evidence is (its section of evidence.html, its reproducer); nothing when no evidence was collected. */
function scenarioEvidence({ scenarios, evidence }: FeatureRun): (id: string) => Pick<ScenarioRecord, 'evidence' | 'reproducer'> {
  if (!evidence) return () => ({});
  const names = evidenceNames(scenarios);
  const sent = new Set(evidence.filter((e) => e.attempts.some((a) => a.exchanges.some((x) => x.request !== undefined))).map((e) => e.id));
  return (id) => {
    const name = names.get(id)!;
    return { evidence: scenarioEvidenceHref(name), ...(sent.has(id) ? { reproducer: reproducerPath(name) } : {}) };
  };
}

/** The run's result: outcomes per requirement and the verdict (COULD NOT RUN when cucumber stopped). */
export function conclude(findings: RunFindings): ConformanceResult {
  const { args, ctx, start, features } = findings;
  const { config } = ctx;
  const { scenarios, crashed } = features;
  const evidenceOf = scenarioEvidence(features);
  const scrub = (m: string | undefined) => (m === undefined ? undefined : ctx.redactor.scrub(m));
  return {
    suite: { name: 'OTA Gateway Conformance', version: suiteVersion(), commit: gitCommit() },
    target: {
      url: config.replayDir ? `cassette ${config.replayDir}` : ctx.embedded ? 'embedded sandbox' : ctx.redactor.scrub(ctx.baseUrl),
      embedded: ctx.embedded,
      description: ctx.data.description ?? '',
      ...(ctx.embedded && (config.sandboxFaults.length || config.sandboxVariants.length)
        ? { sandbox: { faults: config.sandboxFaults, variants: config.sandboxVariants } }
        : {}),
    },
    runId: config.runId,
    startedAt: start.startedAt,
    finishedAt: new Date().toISOString(),
    profile: args.profile,
    tags: args.cucumber.tags,
    shard: args.cucumber.shard,
    ...(args.selection ? { selection: args.selection } : {}),
    ...(config.runGroup ? { runGroup: config.runGroup } : {}),
    strict: config.strict,
    ...(args.cucumber.retry ? { retry: args.cucumber.retry } : {}),
    claims: start.claims,
    ...decideSummary({
      scenarios,
      claims: start.claims,
      strict: config.strict,
      selection: args.selection,
      latency: latencyByOperation(features.timings, OPERATION_NAMES, ctx.data.latencyBudgetsMs),
      notes: certifierNotes(findings),
      moreNotes: (requirements) => partialFormNotes(findings, requirements),
      stopped: crashed ? `cucumber stopped: ${ctx.redactor.scrub(crashed.message)}` : undefined,
      record: ({ assertions, ...s }) => ({
        ...s,
        ...evidenceOf(s.id),
        message: scrub(s.message),
        ...(s.attempts ? { attempts: s.attempts.map((a) => ({ ...a, message: scrub(a.message) })) } : {}),
        warnings: [...new Set(assertions.filter((a) => a.outcome === 'failed' && requirement(a.req).level === 'SHOULD').map((a) => a.req))],
      }),
    }),
    bookings: features.bookings.report,
    evidence: RUN_EVIDENCE,
  };
}
