// Reply time per operation: count, p50, p95 and max of the exchanges' reply times and of
// their single attempts, with the optional budgets of the test data (latencyBudgetsMs). The spec
// shows no time-outs, so a budget exceeded is information, never a failure.

/** What a scenario's exchanges took, attached to the scenario (cucumber's messages carry it here). */
export const LATENCY_MEDIA_TYPE = 'application/vnd.ota-conformance.latency+json';

/** One exchange: its operation, the time to its reply (all attempts), and each attempt's time. */
export interface TimedExchange {
  operation: string;
  replyMs: number;
  attemptsMs: number[];
}

export interface LatencyFigures {
  count: number;
  p50: number;
  p95: number;
  max: number;
}

export interface OperationLatency {
  operation: string;
  /** Reply times of the exchanges (first attempt's start to the reply, retries included). */
  replies: LatencyFigures;
  /** Times of the single attempts (more than the replies when some were retried). */
  attempts: LatencyFigures;
  /** The samples, in ms, so that shards can be merged and two runs compared exactly. */
  samples: { replies: number[]; attempts: number[] };
  /** The test data's budget for the operation, in ms. */
  budgetMs?: number;
  /** Replies slower than the budget (INFO: the spec shows no time-outs). */
  overBudget?: number;
}

/** The nearest-rank percentile of sorted values (0 for none). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function figuresOf(values: readonly number[]): LatencyFigures {
  const list = [...values].sort((a, b) => a - b);
  return { count: list.length, p50: percentile(list, 50), p95: percentile(list, 95), max: list.at(-1) ?? 0 };
}

/** Figures per operation, in the order given (operations without an exchange are left out). */
export function latencyByOperation(
  timed: readonly TimedExchange[],
  order: readonly string[],
  budgets: Readonly<Record<string, number>> = {},
): OperationLatency[] {
  const known = [...order, ...new Set(timed.map((t) => t.operation).filter((o) => !order.includes(o)))];
  return known.flatMap((operation) => {
    const mine = timed.filter((t) => t.operation === operation);
    if (mine.length === 0) return [];
    return [latencyOf(operation, { replies: mine.map((t) => t.replyMs), attempts: mine.flatMap((t) => t.attemptsMs) }, budgets[operation])];
  });
}

/** One operation's figures from its samples (also how shards are merged: their samples joined). */
export function latencyOf(operation: string, samples: { replies: number[]; attempts: number[] }, budgetMs?: number): OperationLatency {
  const out: OperationLatency = { operation, replies: figuresOf(samples.replies), attempts: figuresOf(samples.attempts), samples };
  if (budgetMs !== undefined) {
    out.budgetMs = budgetMs;
    out.overBudget = samples.replies.filter((ms) => ms > budgetMs).length;
  }
  return out;
}

/** How a note on a budget exceeded begins (a merge recomputes them from the joined samples). */
export const BUDGET_NOTE = 'INFO (latency budget): ';

/** The runs' figures joined (shards of one run): their samples, per operation. */
export function mergeLatency(parts: ReadonlyArray<readonly OperationLatency[] | undefined>, order: readonly string[]): OperationLatency[] {
  const all = parts.flatMap((p) => p ?? []);
  const ops = [...order, ...new Set(all.map((l) => l.operation).filter((o) => !order.includes(o)))];
  return ops.flatMap((op) => {
    const mine = all.filter((l) => l.operation === op);
    if (mine.length === 0) return [];
    const samples = { replies: mine.flatMap((l) => l.samples.replies), attempts: mine.flatMap((l) => l.samples.attempts) };
    return [latencyOf(op, samples, mine.find((l) => l.budgetMs !== undefined)?.budgetMs)];
  });
}

/** The INFO lines of budgets exceeded: "hotelavailability: 3 of 40 replies over its budget of 2000 ms (max 2350 ms)". */
export function budgetNotes(latency: readonly OperationLatency[]): string[] {
  return latency
    .filter((l) => l.overBudget)
    .map(
      (l) =>
        `${BUDGET_NOTE}${l.operation}: ${l.overBudget} of ${l.replies.count} replies over its budget of ${l.budgetMs} ms (p95 ${l.replies.p95} ms, max ${l.replies.max} ms); the spec shows no time-outs`,
    );
}

/** The console's table: one line per operation. */
export function latencyTable(latency: readonly OperationLatency[]): string[] {
  if (latency.length === 0) return [];
  const head = `${'operation'.padEnd(22)} ${'replies'.padStart(7)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'max'.padStart(7)}  attempts (p50/p95/max)`;
  return [
    'Reply time per operation (ms)',
    head,
    ...latency.map(
      (l) =>
        `${l.operation.padEnd(22)} ${String(l.replies.count).padStart(7)} ${String(l.replies.p50).padStart(7)} ${String(l.replies.p95).padStart(7)} ${String(l.replies.max).padStart(7)}  ${l.attempts.count} (${l.attempts.p50}/${l.attempts.p95}/${l.attempts.max})${l.budgetMs !== undefined ? `, budget ${l.budgetMs}: ${l.overBudget} over` : ''}`,
    ),
  ];
}

/** The timing of an exchange that got an HTTP reply (a transport failure has no reply time). */
export function timedExchange(x: {
  op: { name: string };
  reply: { exchange?: { attempts: Array<{ startedAt: string; durationMs: number }> } };
}): TimedExchange[] {
  const attempts = x.reply.exchange?.attempts ?? [];
  if (attempts.length === 0) return [];
  const first = Date.parse(attempts[0].startedAt);
  const last = attempts[attempts.length - 1];
  const replyMs = Math.max(last.durationMs, Math.round(Date.parse(last.startedAt) - first + last.durationMs));
  return [{ operation: x.op.name, replyMs, attemptsMs: attempts.map((a) => a.durationMs) }];
}
