// Shared by the contract unit tests: an Exchange built from an operation's request sample (with
// the values of ../fixtures) and a reply body, and assertions on what a rule concluded.
// Call `before(loadXml)` in each test file: replies are parsed with libxml2-wasm.
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { XmlDoc, XmlSyntaxError } from '../../src/xml/xml';
import { OtaRequest } from '../../src/xml/requests';
import type { PlaceholderValues } from '../../src/core/test-data';
import { OPERATIONS, OTA_NS, type OperationName } from '../../src/specification/operations';
import type { Assertion, Exchange, Rule } from '../../src/contracts/rule';
import type { ReplyProfilePlaces } from '../../src/contracts/reader';
import type { CheckOutcome } from '../../src/core/outcomes';
import type { RequirementId } from '../../src/specification/requirements';
import type { Contract } from '../../src/operations/contract';
import { sampleValues } from './fixtures/test-data';

export { loadXml } from '../../src/xml/xml';
export type { OtaRequest } from '../../src/xml/requests';

/** The default namespace declaration of a reply root. */
export const NS = `xmlns="${OTA_NS}"`;

/** Request values: the fixtures' plus fixed dates (2030-06-01 to 2030-06-04), so replies can be written by hand. */
export const VALUES: PlaceholderValues = {
  ...sampleValues(),
  start: '2030-06-01',
  end: '2030-06-04',
  startDateTime: '2030-06-02T09:00:00',
  endDateTime: '2030-06-02T13:00:00',
  pickupDateTime: '2030-06-02T08:30:00',
  arrivalDateTime: '2030-06-01T10:30:00',
  departureDateTime: '2030-06-04T18:00:00',
  maxResponses: 2,
  echoToken: 'E1',
};

export interface ExchangeOptions {
  /** HTTP status of the reply (default 200). */
  status?: number;
  /** Content-Type of the reply (default application/xml; charset=utf-8). */
  contentType?: string;
  /** Placeholder values beside VALUES. */
  values?: PlaceholderValues;
  /** Edits of the request after it is built (remove an element, change a value...). */
  edit?: (request: OtaRequest) => void;
}

/** The request of `op` built from its sample, as the suite would send it. */
export function request(op: OperationName, opts: Pick<ExchangeOptions, 'values' | 'edit'> = {}): OtaRequest {
  const otaRequest = OtaRequest.fromSample(OPERATIONS[op], join(__dirname, '../../xml-samples'), { ...VALUES, ...opts.values });
  opts.edit?.(otaRequest);
  return otaRequest;
}

/** One exchange: the request of `op` and `body` as the reply. A body that is not XML is kept as unreadable. */
export function exchange(op: OperationName, body: string, opts: ExchangeOptions = {}): Exchange {
  const req = request(op, opts);
  let doc: XmlDoc | undefined;
  let unreadable: string | undefined;
  try {
    doc = XmlDoc.parse(body, `the ${op} reply`);
  } catch (error) {
    if (!(error instanceof XmlSyntaxError)) throw error;
    unreadable = error.message;
  }
  return {
    op: OPERATIONS[op],
    request: req,
    sentBody: req.toXml(),
    reply: {
      exchange: {
        operation: op,
        url: `http://gateway.test${OPERATIONS[op].path}`,
        request: { method: 'POST', headers: {}, body: '' },
        status: opts.status ?? 200,
        headers: { 'content-type': opts.contentType ?? 'application/xml; charset=utf-8' },
        body: Buffer.from(body),
        durationMs: 1,
        attempts: [],
      },
      text: body,
      doc,
      unreadable,
    },
  };
}

/** An exchange that got no HTTP reply at all (refused connection, timeout...). */
export function noReply(op: OperationName, kind = 'connection', message = 'connect ECONNREFUSED 127.0.0.1:9'): Exchange {
  const req = request(op);
  return { op: OPERATIONS[op], request: req, sentBody: req.toXml(), reply: { transportError: { kind, message } } };
}

/** A reply root `<root Version="1.0" ...>` in the OTA namespace with `content` inside. */
export function rs(root: string, content: string, attrs = ''): string {
  return `<${root} ${NS} Version="1.0"${attrs ? ` ${attrs}` : ''}>${content}</${root}>`;
}

/** The same document with every element under the prefix `ota:` and no default namespace. */
export function prefixed(xml: string): string {
  return xml
    .replace(/<(\/?)([A-Za-z_][\w.-]*)(?=[\s/>])/g, (_, slash: string, name: string) => `<${slash}ota:${name}`)
    .replace(`xmlns="${OTA_NS}"`, `xmlns:ota="${OTA_NS}"`);
}

/** The rule of a contract bound to `req` (the first, when there are several). */
export function ruleOf(contract: Contract, req: RequirementId): Rule {
  const found = contract.rules.find((r) => r.req === req);
  if (!found) throw new Error(`the ${contract.op} contract has no rule for ${req}`);
  return found;
}

/** Asserts what a rule concluded; a failure must name the rule's requirement in every finding. */
export function expectOutcome(assertion: Assertion, outcome: CheckOutcome, message = ''): Assertion {
  const seen = JSON.stringify({ findings: assertion.findings, reasons: assertion.reasons });
  assert.equal(assertion.outcome, outcome, `${assertion.req}: expected ${outcome}, got ${assertion.outcome} ${seen} ${message}`.trim());
  if (outcome === 'failed')
    for (const finding of assertion.findings)
      assert.equal(finding.req, assertion.req, `a finding of ${assertion.req} names ${finding.req}`);
  return assertion;
}

/** Runs `rule` on `x` (with a reply profile's places, if given) and asserts the outcome. */
export function expectRule(rule: Rule, exchange: Exchange, outcome: CheckOutcome, profile?: ReplyProfilePlaces, message = ''): Assertion {
  const assertion = expectOutcome(rule.check(exchange, profile), outcome, message);
  if (outcome === 'failed') expectFindingsInPlace(assertion, exchange);
  return assertion;
}

/**
 * Each finding once, at its exact place: no two findings of one check say the same thing at the
 * same place, and a finding whose place is an XPath into the reply that selects a value there
 * names the node that shows what it found (a wrong end date found at @End, not at @Start).
 */
export function expectFindingsInPlace(assertion: Assertion, exchange: Exchange): void {
  const keys = assertion.findings.map((f) => JSON.stringify([f.at, f.expected, f.found]));
  assert.equal(new Set(keys).size, keys.length, `${assertion.req}: a finding repeated: ${keys.join('\n')}`);
  const doc = exchange.reply.doc;
  if (!doc) return;
  for (const finding of assertion.findings) {
    if (!finding.at.startsWith('/') || !/^[^\s,;]+$/.test(finding.found)) continue;
    let nodes: ReturnType<typeof doc.find>;
    try {
      nodes = doc.find(finding.at);
    } catch {
      continue; // a place with words in it ("..., by hotel descriptive data"): not an XPath alone
    }
    if (nodes.length === 0 || !nodes.every((n) => /@[\w:]+(\[\d+\])?$/.test(finding.at) || n.content.trim() !== '')) continue;
    // a count found is how many the place selects
    if (/^\d+$/.test(finding.found) && Number(finding.found) === nodes.length) continue;
    const shown = nodes.map((n) => n.content.trim());
    assert.ok(
      shown.some((v) => v.includes(finding.found)),
      `${assertion.req}: the finding "found ${finding.found}" is placed at ${finding.at}, which shows ${shown.join(' | ').slice(0, 200)}`,
    );
  }
}
