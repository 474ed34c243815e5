// The result of a conformance run, as every report shows it (console, summary.json, the
// conformance report in HTML, Markdown and JSON, Allure's environment). Built by
// src/reporting/requirement-outcomes.ts from cucumber's messages; outcomes after W3C EARL.
import type { ConformanceClass, RequirementDef } from '../specification/requirements';
import type { Assertion } from '../contracts/rule';
import type { CheckOutcome, Outcome } from '../core/outcomes';
import type { OperationLatency } from './latency';

/** One difference between what the requirement expects and what the gateway did. */
export interface FindingRecord {
  /** Where: an XPath into the reply, or "HTTP status", "Content-Type", ... */
  at: string;
  expected: string;
  found: string;
  /** The scenario that made the check. */
  scenario: string;
  /** Its id (feature file and line): two scenarios may share a name. */
  scenarioId?: string;
  /** The attempt (from 1) that showed it, when cucumber's --retry ran the scenario more than once. */
  attempt?: number;
  /** The exchange of the scenario (from 1) whose reply showed it; absent for a check across several. */
  exchange?: number;
}

/**
 * An assertion a scenario recorded, with the exchange it judged (from 1, when it judged one) and its
 * attempt (from 1) when the scenario ran more than once.
 */
export type RecordedAssertion = Assertion & { attempt?: number; exchange?: number };

/** One attempt of a scenario that cucumber's --retry ran more than once. */
export interface AttemptRecord {
  /** From 1. */
  attempt: number;
  status: ScenarioStatus;
  /** Why the attempt did not pass (secrets masked). */
  message?: string;
}

/** A requirement that one attempt of a scenario failed and another passed: its failure stays. */
export interface FlakyRecord {
  scenario: string;
  failedOn: number[];
  passedOn: number[];
}

export type ScenarioStatus = 'passed' | 'failed' | 'cantTell' | 'skipped' | 'suiteError';

export interface ScenarioRecord {
  /** Stable across runs: uri + line of the pickle. */
  id: string;
  name: string;
  uri: string;
  tags: string[];
  ops: string[];
  reqs: string[];
  status: ScenarioStatus;
  /**
   * The error that ended the scenario (secrets masked), when it did not pass. Of a scenario run
   * more than once: its first failed attempt's, else its last attempt's.
   */
  message?: string;
  /** Requirement IDs that got a warning (a SHOULD failure) in this scenario. */
  warnings: string[];
  /**
   * Every attempt, when cucumber's --retry ran the scenario more than once. The scenario's status is
   * then "failed" when any attempt failed (a nonconformance seen stays seen), else its last attempt's.
   */
  attempts?: AttemptRecord[];
  /**
   * Its exchanges, relative to the reports folder: `evidence.html#<name>` (a merge: the shard's,
   * `shards/<i>-of-<n>/evidence.html#<name>`). Absent when no evidence was written (--summary-only).
   */
  evidence?: string;
  /** Its reproducer, relative to the reports folder, when it sent a request: `reproducers/<name>.sh`. */
  reproducer?: string;
}

/** A requirement of the catalogue (without its untestable note) and what the run concluded. */
export interface RequirementResult extends Omit<RequirementDef, 'untestable'> {
  outcome: Outcome;
  /** Why: cantTell, untested and inapplicable always say why; failed says how many checks failed. */
  reason?: string;
  /** The first findings (at most 20), each with its scenario. */
  findings: FindingRecord[];
  /** Scenarios that cite the requirement (@req tag) and ran, with their status. */
  scenarios: Array<{ id: string; name: string; status: ScenarioStatus }>;
  /** Number of checks made, by outcome (over every attempt of every scenario). */
  checks: Record<CheckOutcome, number>;
  /** Scenarios in which one attempt failed the requirement and another passed it (the outcome stays failed). */
  flaky?: FlakyRecord[];
  /** An exploration (npm run explore): how many explored requests its rules judged. */
  explored?: number;
}

/**
 * A class's verdict. NOT RUN: claimed, but no requirement of it was checked (not selected, skipped,
 * a dry run). SELECTION PASSED: in a selection, what ran of it passed (never CONFORMS: a selection
 * does not judge a whole class). NO FINDING: an exploration (npm run explore) found nothing in what
 * its replies showed (never CONFORMS: an exploration is no conformance verdict).
 */
export type ClassVerdict =
  'CONFORMS' | 'DOES NOT CONFORM' | 'NOT DETERMINED' | 'SELECTION PASSED' | 'NO FINDING' | 'NOT RUN' | 'NOT CLAIMED';

export interface ClassResult {
  class: ConformanceClass;
  claimed: boolean;
  verdict: ClassVerdict;
  /** MUST requirements of the class by outcome (the untestable among the untested: they never hold the verdict open). */
  must: Record<Outcome, number>;
  /** SHOULD requirements of the class that failed. */
  warnings: number;
}

/** NO FINDING: an exploration (npm run explore) whose every operation showed evidence found nothing (exit 0). */
export type RunVerdict = 'CONFORMS' | 'DOES NOT CONFORM' | 'NOT DETERMINED' | 'SELECTION PASSED' | 'NO FINDING' | 'COULD NOT RUN';

/**
 * What narrowed a run below the scenarios of its claimed classes: a selection, which never gives a
 * verdict on the whole profile (src/reporting/verdict.ts). Absent: the whole run.
 */
export interface RunSelection {
  /** As every report and the console name it, e.g. `--name "MaxResponses" --shard 1/2`. */
  text: string;
  tags?: string;
  name?: string[];
  /** Feature paths given on the command line. */
  paths?: string[];
  /** --dry-run: nothing sent, nothing checked. */
  dryRun?: boolean;
  /** The shard (`i/n`) of one run; of a merge, the shards merged when they are not all n. */
  shards?: string[];
}

/** What the run did about the bookings in its ledger (src/bookings/cleanup.ts). */
export interface BookingsReport {
  /** The ledger file. */
  ledger: string;
  /**
   * Bookings left open in the ledger, the next run checks them again: intents in doubt (unknown to
   * the target while their Commit could still land: `landsBy`), and bookings whose cancel was
   * answered Success while reads still show them live ("cancel acknowledged, still live").
   */
  leftOpen: Array<{ ref: string; target: string; why: string; landsBy?: string }>;
  /** Cancelled on the cancel's reply alone: the gateway's reads did not tell their state. */
  cancelledOnReplyAlone?: string[];
  /** Bookings earlier runs left (or listed for --sweep-references, or checked again), cancelled by this run. */
  cancelled: string[];
  /** Needed no cancel: already cancelled, or never booked (and its Commit can no longer land). */
  settled: Array<{ ref: string; why: string }>;
  /** Could not be cancelled: kept in the ledger, the next run retries. */
  failed: Array<{ ref: string; why: string }>;
  /** Open bookings of other targets (compared by normal form), left alone. */
  otherTargets: Array<{ target: string; refs: string[] }>;
  /** Open bookings of runs still in progress, left to them. */
  leftToLiveRuns: number;
  /** The run could not see its past: a booking run on a real gateway whose ledger was new or never saw it. */
  pastUnseen?: string;
  /** --sweep-references: the file of references swept. */
  swept?: string;
  /** The ledger is older than its target's bookings (rolled back, restored) or another ledger: one line. */
  ledgerBehind?: string;
  /** This booking run's number on its target in the ledger, and the ledger's id (also kept in history/ledger-marks.json). */
  ledgerRun?: { seq: number; ledgerId: string };
  /** Ledger lines skipped (truncated, foreign, hand-edited), each with its file and line. */
  skippedLedgerLines: string[];
}

/** Where a run's evidence is, relative to its reports folder. */
export interface EvidenceLinks {
  /** The evidence stream: cucumber's messages, each exchange once, masked. */
  messages: string;
  /** Every scenario's exchanges (request, reply), an anchor per scenario and per exchange. */
  html: string;
  /** The folder of the reproducers, a shell script per scenario. */
  reproducers: string;
  junit: string;
  /** Built on demand by npm run report, from the stream. */
  cucumberHtml: string;
  /** Built on demand by npm run report, from the stream (one self-contained file). */
  allureReport: string;
}

export interface ConformanceResult {
  suite: { name: string; version: string; commit?: string };
  target: {
    url: string;
    embedded: boolean;
    description: string;
    /** The embedded sandbox's faults and dialect variants switched on (the project's own tests), when any. */
    sandbox?: { faults: string[]; variants: string[] };
  };
  runId: string;
  startedAt: string;
  finishedAt: string;
  profile: string;
  /** The cucumber tag expression of a selection, when one was given (also in `selection`). */
  tags?: string;
  /** What narrowed the run, when anything did: its verdict is then never a whole-profile verdict. */
  selection?: RunSelection;
  /** OTA_RUN_GROUP: the run the shards belong to, as CI names it (npm run merge refuses other groups). */
  runGroup?: string;
  /** `i/n` when the run was one shard of n (npm run merge combines them). */
  shard?: string;
  strict: boolean;
  /** cucumber's --retry: how many times a failed scenario was run again at most (none when absent). */
  retry?: number;
  claims: ConformanceClass[];
  verdict: RunVerdict;
  exitCode: number;
  /** One line that says why the verdict is what it is. */
  verdictReason: string;
  /** SHOULD requirements that failed (warnings). */
  warnings: number;
  classes: ClassResult[];
  requirements: RequirementResult[];
  scenarios: ScenarioRecord[];
  /** Things the certifier must know: suite errors, deadline reached, leftovers in the ledger... */
  notes: string[];
  /** The assertions each scenario recorded, by scenario id: what npm run merge recomputes outcomes from. */
  assertions?: Record<string, RecordedAssertion[]>;
  /** Relative links from the reports folder to the evidence (a merge: `shards`, the folder of each shard's). */
  evidence: EvidenceLinks;
  /** Reply time per operation of the scenarios' exchanges (src/reporting/latency.ts). */
  latency?: OperationLatency[];
  /** The booking ledger's view of the run: intents left open and why, leftovers cancelled, other targets. */
  bookings?: BookingsReport;
  /** An exploration's own account (npm run explore): seed, requests, what of the space it covered, its findings. */
  exploration?: ExplorationSummary;
}

/** Explored requests by what their replies showed. */
export interface ExploredShown {
  shown: number;
  nothing: number;
  refused: number;
}

/** What an exploration (npm run explore) sent and found, beside the outcomes every run has. */
export interface ExplorationSummary {
  seed: string;
  /** The day its dates were drawn from (a replay draws from the recorded day). */
  today: string;
  budget: number;
  timeSeconds?: number;
  /** --profile booking: the Commits it was allowed (each read, cancelled and read again). */
  bookings?: number;
  /** The operations explored, in the order their requests were drawn. */
  operations: string[];
  /** Requests sent, shrinking included; those spent shrinking. */
  requests: number;
  shrinkRequests: number;
  stoppedBy: 'budget' | 'time';
  seconds: number;
  byOperation: Record<string, number>;
  /** Per operation, the parts of the space its requests covered, with how many requests each. */
  space: Record<string, Record<string, number>>;
  /** The participant categories explored (the third only when the gateway showed it). */
  categories: string[];
  /**
   * Explored requests by what their replies showed, per operation, requirement and part of the space: shown (the
   * rules read an item or a value), answered with nothing, refused (or a server error, or no reply).
   */
  evidence: {
    byOperation: Record<string, ExploredShown>;
    byRequirement: Record<string, ExploredShown>;
    /** Per operation, per part of the space (as in `space`). */
    byPart: Record<string, Record<string, ExploredShown>>;
  };
  /** The operations whose explored requests showed nothing: the exploration is NOT DETERMINED. */
  nothingShown: string[];
  /** Per operation, the parts of the space its requests carried where no reply showed anything. */
  notCovered: Record<string, string[]>;
  /**
   * Per operation, the explored requests sent without PrimaryLangID and AltLangID (a guess: which
   * attributes are mandatory is not shown): served, and refused (INFO, never a finding).
   */
  languagesLeftOut: Record<string, { served: number; refused: number; firstRefusal?: string }>;
  findings: Array<{
    req: string;
    operation: string;
    /** The smallest request that still fails, in words, and the request first drawn. */
    smallest: string;
    first: string;
    failedRequests: number;
    shrinkRequests: number;
    /** A form refused every time it was explored, when that is the finding. */
    form?: string;
    /** Why the finding was not shrunk (a booking's: a Commit is never sent twice). */
    unshrunk?: string;
    /** Relative to the reports folder. */
    reproducer?: string;
    evidence?: string;
  }>;
}
