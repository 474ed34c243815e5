// The conformance report as W3C EARL 1.0 in JSON-LD: one earl:Assertion per requirement, outcomes
// earl:passed, earl:failed, earl:cantTell, earl:untested, earl:inapplicable.
import type { ClassResult, ConformanceResult, FindingRecord, RequirementResult, RunVerdict } from '../result';
import type { Outcome } from '../../core/outcomes';
import { claimsText } from './model';

export type EarlOutcome = 'earl:passed' | 'earl:failed' | 'earl:cantTell' | 'earl:untested' | 'earl:inapplicable';

export const EARL_OUTCOME: Record<Outcome, EarlOutcome> = {
  passed: 'earl:passed',
  failed: 'earl:failed',
  cantTell: 'earl:cantTell',
  untested: 'earl:untested',
  inapplicable: 'earl:inapplicable',
};

/** The run's verdict as an EARL outcome of the whole claim. */
function runOutcome(result: ConformanceResult): EarlOutcome {
  const map: Record<RunVerdict, EarlOutcome> = {
    CONFORMS: 'earl:passed',
    'DOES NOT CONFORM': 'earl:failed',
    'NOT DETERMINED': 'earl:cantTell',
    'SELECTION PASSED': 'earl:cantTell',
    // an exploration that found nothing proves no claim
    'NO FINDING': 'earl:cantTell',
    'COULD NOT RUN': result.scenarios.length === 0 ? 'earl:untested' : 'earl:cantTell',
  };
  return map[result.verdict] ?? 'earl:cantTell';
}

export interface EarlAssertion {
  '@type': 'earl:Assertion';
  assertedBy: string;
  subject: string;
  mode: 'earl:automatic';
  test: {
    '@id': string;
    '@type': 'earl:TestRequirement';
    id: string;
    title: string;
    level: string;
    class: string;
    section: string;
    statement: string;
    basis: RequirementResult['basis'];
  };
  result: {
    '@type': 'earl:TestResult';
    outcome: EarlOutcome;
    info?: string;
    date: string;
    pointer: Array<{ '@type': 'ptr:XPathPointer' | 'ptr:Pointer'; expression: string }>;
    findings: FindingRecord[];
    checks: RequirementResult['checks'];
    scenarios: RequirementResult['scenarios'];
    /** Failed on one attempt of a scenario and passed on another (--retry): the outcome stays earl:failed. */
    flaky?: RequirementResult['flaky'];
  };
}

export interface EarlReport {
  '@context': Record<string, unknown>;
  '@type': 'earl:Assertion';
  '@id': string;
  assertor: { '@id': string; '@type': string[]; name: string; version: string; commit?: string };
  subject: { '@id': string; '@type': string; url: string; description: string; embedded: boolean };
  testRun: {
    '@type': 'ota:TestRun';
    runId: string;
    date: string;
    startedAt: string;
    finishedAt: string;
    profile: string;
    tags?: string;
    /** What narrowed the run: its verdict is not one on the whole profile. */
    selection?: ConformanceResult['selection'];
    runGroup?: string;
    strict: boolean;
    retry?: number;
    claims: string[];
    verdict: RunVerdict;
    verdictReason: string;
    exitCode: number;
    warnings: number;
    classes: ClassResult[];
    notes: string[];
    evidence: ConformanceResult['evidence'];
  };
  mode: 'earl:automatic';
  test: { '@type': 'earl:TestRequirement'; title: string; claims: string[] };
  result: { '@type': 'earl:TestResult'; outcome: EarlOutcome; info: string; date: string };
  assertions: EarlAssertion[];
}

const EARL_CONTEXT = {
  earl: 'http://www.w3.org/ns/earl#',
  dct: 'http://purl.org/dc/terms/',
  foaf: 'http://xmlns.com/foaf/0.1/',
  doap: 'http://usefulinc.com/ns/doap#',
  ptr: 'http://www.w3.org/2009/pointers#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
  ota: 'urn:x-ota-gateway-conformance:',
  '@vocab': 'urn:x-ota-gateway-conformance:',
  assertor: { '@id': 'earl:assertedBy', '@type': '@id' },
  assertedBy: { '@id': 'earl:assertedBy', '@type': '@id' },
  subject: { '@id': 'earl:subject', '@type': '@id' },
  test: { '@id': 'earl:test', '@type': '@id' },
  result: { '@id': 'earl:result', '@type': '@id' },
  mode: { '@id': 'earl:mode', '@type': '@id' },
  outcome: { '@id': 'earl:outcome', '@type': '@id' },
  pointer: { '@id': 'earl:pointer', '@type': '@id' },
  info: 'earl:info',
  assertions: { '@id': 'dct:hasPart', '@container': '@list' },
  name: 'foaf:name',
  version: 'doap:revision',
  title: 'dct:title',
  description: 'dct:description',
  id: 'dct:identifier',
  date: { '@id': 'dct:date', '@type': 'xsd:dateTime' },
  url: { '@id': 'foaf:homepage', '@type': 'xsd:anyURI' },
  expression: 'ptr:expression',
};

/** The result as EARL 1.0 in JSON-LD: one earl:Assertion per requirement, within one for the whole claim. */
export function toEarl(result: ConformanceResult): EarlReport {
  const assertorId = '_:assertor';
  const subjectId = '_:subject';
  return {
    '@context': EARL_CONTEXT,
    '@type': 'earl:Assertion',
    '@id': `ota:run/${encodeURIComponent(result.runId)}`,
    assertor: {
      '@id': assertorId,
      '@type': ['earl:Assertor', 'earl:Software'],
      name: result.suite.name,
      version: result.suite.version,
      ...(result.suite.commit ? { commit: result.suite.commit } : {}),
    },
    subject: {
      '@id': subjectId,
      '@type': 'earl:TestSubject',
      url: result.target.url,
      description: result.target.description,
      embedded: result.target.embedded,
    },
    testRun: {
      '@type': 'ota:TestRun',
      runId: result.runId,
      date: result.finishedAt,
      startedAt: result.startedAt,
      finishedAt: result.finishedAt,
      profile: result.profile,
      ...(result.tags ? { tags: result.tags } : {}),
      ...(result.selection ? { selection: result.selection } : {}),
      ...(result.runGroup ? { runGroup: result.runGroup } : {}),
      strict: result.strict,
      ...(result.retry ? { retry: result.retry } : {}),
      claims: [...result.claims],
      verdict: result.verdict,
      verdictReason: result.verdictReason,
      exitCode: result.exitCode,
      warnings: result.warnings,
      classes: result.classes,
      notes: result.notes,
      evidence: result.evidence,
    },
    mode: 'earl:automatic',
    test: {
      '@type': 'earl:TestRequirement',
      title: `OTA message gateway specification, classes ${claimsText(result)}`,
      claims: [...result.claims],
    },
    result: {
      '@type': 'earl:TestResult',
      outcome: runOutcome(result),
      info: `${result.verdict}: ${result.verdictReason}`,
      date: result.finishedAt,
    },
    assertions: result.requirements.map((r) => requirementAssertion(r, result.finishedAt, assertorId, subjectId)),
  };
}

/** One requirement's earl:Assertion: the requirement as the test, its outcome with pointers into the replies. */
function requirementAssertion(result: RequirementResult, date: string, assertedBy: string, subject: string): EarlAssertion {
  return {
    '@type': 'earl:Assertion',
    assertedBy,
    subject,
    mode: 'earl:automatic',
    test: {
      '@id': `ota:req/${encodeURIComponent(result.id)}`,
      '@type': 'earl:TestRequirement',
      id: result.id,
      title: result.id,
      level: result.level,
      class: result.class,
      section: result.section,
      statement: result.statement,
      basis: result.basis,
    },
    result: {
      '@type': 'earl:TestResult',
      outcome: EARL_OUTCOME[result.outcome],
      ...(result.reason ? { info: result.reason } : {}),
      date,
      pointer: result.findings.map((f) => ({
        '@type': f.at.startsWith('/') ? ('ptr:XPathPointer' as const) : ('ptr:Pointer' as const),
        expression: f.at,
      })),
      findings: result.findings,
      checks: result.checks,
      scenarios: result.scenarios,
      ...(result.flaky?.length ? { flaky: result.flaky } : {}),
    },
  };
}
