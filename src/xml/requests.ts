// Requests are built from the XML samples in xml-samples/ (files a user can read and edit):
// placeholders are filled, then scenario-specific edits are applied to a pure-JS DOM. Before a
// request is sent, it is checked against the spec's table for its operation, so that a broken
// sample is reported as the suite's error, never as the gateway's nonconformance.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import * as xpath from 'xpath';
import { ConfigError, SuiteError } from '../core/errors';
import type { Party, PlaceholderValues, TestData } from '../core/test-data';
import { ISO_DATE, ISO_DATE_TIME, OTA_NS, type OperationSpec } from '../specification/operations';
import { escapeXml } from './xml';

type XNode = import('@xmldom/xmldom').Node;
type XElement = import('@xmldom/xmldom').Element;
type XDocument = import('@xmldom/xmldom').Document;

/**
 * Parsed XPath expressions by their text: xpath's select() parses its expression on every call,
 * which was a seventh of a report-less run; the edits use a few dozen expressions, each parsed
 * once per process (bounded like the reply side's cache in xml.ts). Names match as XML names do,
 * case-sensitively.
 */
const parsedXPaths = new Map<string, ParsedXPath>();
const MAX_PARSED_XPATHS = 4096;
const OTA_NAMESPACES = { ota: OTA_NS };

/** xpath's parsed expression (its documented xpath.parse, which its type declarations leave out). */
interface ParsedXPath {
  select(options: { node: Node; namespaces: Record<string, string> }): Node[];
}
const parseXPath = (xpath as unknown as { parse(expr: string): ParsedXPath }).parse;

function parsed(expr: string): ParsedXPath {
  let parsedXPath = parsedXPaths.get(expr);
  if (parsedXPath === undefined) {
    if (parsedXPaths.size >= MAX_PARSED_XPATHS) parsedXPaths.clear();
    parsedXPath = parseXPath(expr);
    parsedXPaths.set(expr, parsedXPath);
  }
  return parsedXPath;
}

/** The nodes `expr` selects from `node`. */
const select = (expr: string, node: XNode | XDocument): XNode[] =>
  parsed(expr).select({ node: node as unknown as Node, namespaces: OTA_NAMESPACES }) as unknown as XNode[];
/** The first node `expr` selects from `node`, or undefined. */
const selectFirst = (expr: string, node: XNode | XDocument): XNode | undefined => select(expr, node)[0];
const PLACEHOLDER = /\{\{([A-Za-z][A-Za-z0-9]*)\}\}/g;

/** Fills {{name}} placeholders; an unknown name is a suite error naming the sample. */
export function fillPlaceholders(template: string, values: PlaceholderValues, source: string): string {
  const missing = new Set<string>();
  const out = template.replace(PLACEHOLDER, (_, name: string) => {
    const v = values[name];
    if (v === undefined) {
      missing.add(name);
      return '';
    }
    return escapeXml(String(v));
  });
  if (missing.size > 0) {
    throw new SuiteError(
      `${source}: no value for placeholder(s) ${[...missing].map((m) => `{{${m}}}`).join(', ')}` +
        ` (values known: ${Object.keys(values).sort().join(', ')})`,
    );
  }
  return out;
}

function parseDom(text: string, source: string): XDocument {
  const problems: string[] = [];
  const parser = new DOMParser({
    onError: (level: string, msg: string) => {
      if (level !== 'warning') problems.push(msg.replace(/\s+/g, ' ').trim());
    },
  });
  let doc: XDocument | undefined;
  try {
    doc = parser.parseFromString(text, 'application/xml') as unknown as XDocument;
  } catch (error) {
    problems.push((error as Error).message);
  }
  if (problems.length > 0 || !doc || !doc.documentElement) {
    throw new SuiteError(`${source} is not well-formed XML: ${problems[0] ?? 'no root element'}`);
  }
  return doc;
}

/** The child elements of `el` in the OTA namespace with this local name. */
function childrenNamed(el: XElement, localName: string): XElement[] {
  const found: XElement[] = [];
  for (let n = el.firstChild; n !== null; n = n.nextSibling)
    if (n.nodeType === 1 && (n as XElement).localName === localName && (n as XElement).namespaceURI === OTA_NS) found.push(n as XElement);
  return found;
}

/** `el` and every element under it, in document order. */
function descendants(el: XElement, into: XElement[] = []): XElement[] {
  into.push(el);
  for (let n = el.firstChild; n !== null; n = n.nextSibling) if (n.nodeType === 1) descendants(n as XElement, into);
  return into;
}

/** The request's language attributes: an exploration may leave them out (OtaRequest.languagesLeftOut). */
export const LANGUAGE_ATTRIBUTES = ['PrimaryLangID', 'AltLangID'];

/** A request ready to send: a DOM built from a sample, editable by XPath. */
export class OtaRequest {
  /**
   * Set by an edit whose values the suite chose itself (an invented Instance): a refusal of this
   * request may be the gateway's right, so it cannot be blamed; the reason says what to configure.
   */
  refusalExcused?: string;
  /**
   * Set by an edit for which the test data declares no availability (a party it does not list):
   * the request must still be handled, but "no result" and a refusal are both legitimate answers.
   */
  resultsOptional?: string;
  /**
   * Set by an exploration that leaves PrimaryLangID and AltLangID out ("Which elements and
   * attributes are mandatory ...: not shown"): the self-check accepts their absence, and only theirs.
   */
  languagesLeftOut?: boolean;
  /**
   * Set when the request was sent again after a refusal for a reason of its product (another party,
   * day or product) and every try was refused for such a reason too: what was tried, for the reason.
   */
  productTried?: string;
  /**
   * Set when a product reason came back unchanged after a try changed what it names (the party it
   * names met, the day it names left): the gateway misread the request, and its refusal is judged as one.
   */
  productMisread?: string;
  /** The test data the request was built from (what the target declares), for rules that need it. */
  testData?: TestData;
  /** The elements `replaceWithCopies` first found at each path, kept as templates for a later replacement. */
  private readonly originals = new Map<string, XElement[]>();

  private constructor(
    readonly operation: OperationSpec,
    readonly source: string,
    private readonly doc: XDocument,
  ) {}

  /** Loads xml-samples/<sample>, fills placeholders and parses it. */
  static fromSample(op: OperationSpec, samplesDir: string, values: PlaceholderValues): OtaRequest {
    const file = join(samplesDir, op.sample);
    let template: string;
    try {
      template = readFileSync(file, 'utf8');
    } catch (error) {
      throw new ConfigError(
        `request sample for ${op.name} cannot be read: ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      );
    }
    const req = new OtaRequest(op, file, parseDom(fillPlaceholders(template, values, file), file));
    // The spec makes Instance optional: an empty value means "not configured", so leave it out.
    for (const id of req.requestorIds()) if (id.getAttribute('Instance') === '') id.removeAttribute('Instance');
    // A brand the test data does not name (the target shows none): no BrandCode is sent.
    for (const info of descendants(req.doc.documentElement!))
      if (info.localName === 'HotelDescriptiveInfo' && info.namespaceURI === OTA_NS && info.getAttribute('BrandCode') === '')
        info.removeAttribute('BrandCode');
    return req;
  }

  /** The RequestorID elements of the POS (by a walk of the DOM: every request asks). */
  private requestorIds(): XElement[] {
    return childrenNamed(this.doc.documentElement!, 'POS')
      .flatMap((p) => childrenNamed(p, 'Source'))
      .flatMap((src) => childrenNamed(src, 'RequestorID'));
  }

  private elements(path: string): XElement[] {
    const expr = path.startsWith('/') ? path : `/*/${path}`;
    return select(expr, this.doc).filter((n): n is XElement => n.nodeType === 1);
  }

  private one(path: string): XElement {
    const found = this.elements(path);
    if (found.length === 0) throw new SuiteError(`${this.source}: no element at ${path} to edit`);
    return found[0];
  }

  /** String value of the first node at a path relative to the root (attributes with @). */
  value(path: string): string | undefined {
    const expr = path.startsWith('/') ? path : `/*/${path}`;
    const hit = selectFirst(expr, this.doc);
    if (hit === undefined) return undefined;
    return hit.nodeType === 2 ? (hit as unknown as Attr).value : (hit.textContent ?? '');
  }

  values(path: string): string[] {
    const expr = path.startsWith('/') ? path : `/*/${path}`;
    return select(expr, this.doc).map((n) => (n.nodeType === 2 ? (n as unknown as Attr).value : (n.textContent ?? '')));
  }

  /** For each element at `path`, the values of the relative `fields`. */
  records<K extends string>(path: string, fields: Record<K, string>): Array<Record<K, string | undefined>> {
    return this.elements(path).map((el) => {
      const rec = {} as Record<K, string | undefined>;
      for (const [k, rel] of Object.entries(fields) as Array<[K, string]>) {
        const hit = selectFirst(rel, el);
        rec[k] = hit ? (hit.nodeType === 2 ? (hit as unknown as Attr).value : (hit.textContent ?? '')) : undefined;
      }
      return rec;
    });
  }

  setAttribute(path: string, name: string, value: string | number): this {
    const found = this.elements(path);
    if (found.length === 0) throw new SuiteError(`${this.source}: no element at ${path} to edit`);
    for (const el of found) el.setAttribute(name, String(value));
    return this;
  }

  removeAttribute(path: string, name: string): this {
    const found = this.elements(path);
    if (found.length === 0) throw new SuiteError(`${this.source}: no element at ${path} to edit`);
    for (const el of found) el.removeAttribute(name);
    return this;
  }

  setText(path: string, text: string): this {
    this.one(path).textContent = text;
    return this;
  }

  remove(path: string): this {
    const found = this.elements(path);
    if (found.length === 0) throw new SuiteError(`${this.source}: no element at ${path} to remove`);
    for (const el of found) el.parentNode?.removeChild(el);
    return this;
  }

  /**
   * Replaces the elements at `path` by deep copies of the elements at `sources` (one XPath each,
   * read before anything is removed), in that order, where the first element at `path` stood.
   * Repeated elements (one per participant, per category, per leg) are built this way from the
   * sample's own templates; edit copy n afterwards at `${path}[n]`.
   */
  replaceWithCopies(path: string, sources: string[]): this {
    const targets = this.elements(path);
    if (targets.length === 0) throw new SuiteError(`${this.source}: no element at ${path} to replace`);
    if (sources.length === 0) throw new SuiteError(`${this.source}: ${path} cannot be replaced by nothing`);
    // the elements first found at `path` stay templates: a source an earlier replacement removed
    // (a party of adults only, then one with children) is copied from what it was
    const kept = this.originals.get(path) ?? targets.map((t) => t.cloneNode(true) as XElement);
    this.originals.set(path, kept);
    const parent = targets[0].parentNode!;
    const restored = sources.some((s) => this.elements(s).length === 0)
      ? kept.map((k) => parent.insertBefore(k.cloneNode(true), targets[0]))
      : [];
    const copies = sources.map((s) => this.one(s).cloneNode(true));
    for (const copy of copies) parent.insertBefore(copy, targets[0]);
    for (const el of [...restored, ...targets]) parent.removeChild(el);
    return this;
  }

  /** Appends an element in the OTA namespace with the given attributes as the last child of `path`. */
  appendElement(path: string, localName: string, attrs: Record<string, string> = {}): this {
    const parent = this.one(path);
    const el = this.doc.createElementNS(OTA_NS, localName);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    parent.appendChild(el);
    return this;
  }

  toXml(): string {
    return new XMLSerializer().serializeToString(this.doc);
  }

  /**
   * Checks this request against the spec's table for its operation: root, namespace, Version,
   * root attributes, POS with both Sources, the listed element paths, ISO dates. Returns problems.
   */
  conformanceProblems(): string[] {
    const op = this.operation;
    const root = this.doc.documentElement!;
    const problems: string[] = [];
    if (root.localName !== op.requestRoot) problems.push(`root is ${root.localName}, the spec says ${op.requestRoot}`);
    if (root.namespaceURI !== OTA_NS) problems.push(`root namespace is ${root.namespaceURI ?? '(none)'}, the spec says ${OTA_NS}`);
    if (root.getAttribute('Version') !== op.version)
      problems.push(`Version is "${root.getAttribute('Version') ?? ''}", the spec's Versioning table says ${op.version}`);
    const leftOut = (a: string) => this.languagesLeftOut === true && LANGUAGE_ATTRIBUTES.includes(a);
    for (const rootAttribute of op.rootAttributes)
      if (!root.hasAttribute(rootAttribute) && !leftOut(rootAttribute)) problems.push(`root attribute ${rootAttribute} is missing`);
    // The POS and the dates are read by walking the DOM: a descendant XPath (//*[@Start or ...])
    // visits every node through xpath's evaluator, which cost more than the rest of the check.
    const sources = childrenNamed(root, 'POS').flatMap((p) => childrenNamed(p, 'Source'));
    if (sources.length !== 2) problems.push(`POS holds ${sources.length} Source element(s), the spec says two`);
    const requestors = this.requestorIds();
    const filled = (el: XElement, ...names: string[]) => names.every((n) => el.hasAttribute(n) && el.getAttribute(n) !== '');
    if (requestors.filter((id) => id.getAttribute('Type') === '22' && filled(id, 'ID', 'ID_Context')).length !== 1)
      problems.push('POS lacks a RequestorID Type=22 with ID and ID_Context');
    if (requestors.filter((id) => id.getAttribute('Type') === '88' && filled(id, 'ID', 'MessagePassword')).length !== 1)
      problems.push('POS lacks a RequestorID Type=88 with ID and MessagePassword');
    for (const requestPath of op.requestPaths) if (this.elements(requestPath).length === 0) problems.push(`no element at ${requestPath}`);
    for (const el of descendants(root)) {
      for (const name of ['Start', 'End', 'StartPeriod', 'EndPeriod', 'DateTime']) {
        if (!el.hasAttribute(name)) continue;
        const value = el.getAttribute(name) ?? '';
        const ok = name === 'DateTime' ? ISO_DATE_TIME.test(value) : ISO_DATE.test(value) || ISO_DATE_TIME.test(value);
        if (!ok) problems.push(`${el.localName}@${name}="${value}" is not an ISO 8601 ${name === 'DateTime' ? 'date-time' : 'date'}`);
      }
    }
    return problems;
  }

  /** Throws a SuiteError when the request does not match the spec's table. */
  assertConforms(): void {
    const problems = this.conformanceProblems();
    if (problems.length > 0) {
      throw new SuiteError(
        `the suite's own ${this.operation.name} request (from ${this.source}) does not match the spec's table — ` +
          `fix the sample, this is not the gateway's fault:\n  - ${problems.join('\n  - ')}`,
      );
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Edits every operation shares: the POS (spec, Authentication: "two Source children", a Type 22
// RequestorID with ID, ID_Context and optional Instance, a Type 88 with ID and MessagePassword),
// and the party of the four operations that carry participants.

const REQUESTOR = "ota:POS/ota:Source/ota:RequestorID[@Type='22']";
const USER = "ota:POS/ota:Source/ota:RequestorID[@Type='88']";

export const setRequestorId = (r: OtaRequest, id: string) => r.setAttribute(REQUESTOR, 'ID', id);
export const setRequestorContext = (r: OtaRequest, context: string) => r.setAttribute(REQUESTOR, 'ID_Context', context);
export const setUserId = (r: OtaRequest, id: string) => r.setAttribute(USER, 'ID', id);
export const setMessagePassword = (r: OtaRequest, password: string) => r.setAttribute(USER, 'MessagePassword', password);

/** The optional Instance of the Type 22 RequestorID: set to `instance`, or left out (undefined). */
export function setInstance(request: OtaRequest, instance: string | undefined): OtaRequest {
  return instance === undefined ? request.removeAttribute(REQUESTOR, 'Instance') : request.setAttribute(REQUESTOR, 'Instance', instance);
}

export const leaveOutPos = (r: OtaRequest) => r.remove('ota:POS');

/** Keeps only the Source whose RequestorID has this Type (22: the requestor, 88: the user). */
export function keepOnlySource(request: OtaRequest, type: '22' | '88'): OtaRequest {
  return request.remove(`ota:POS/ota:Source[ota:RequestorID/@Type='${type === '22' ? '88' : '22'}']`);
}

// The samples' category codes (OpenTravel age qualifying codes; the spec: "numeric code", meaning "not shown").
const CATEGORY_CODES: Record<keyof Party, string> = { adults: '10', children: '8' };

/** The categories of a party with their counts, in sample order; categories without anyone are left out. */
export function categoriesOf(party: Party): Array<{ code: string; count: number }> {
  const counts = [party.adults, party.children];
  if (counts.some((n) => !Number.isInteger(n) || n < 0) || counts[0] + counts[1] === 0)
    throw new SuiteError(
      `a party needs whole numbers and at least one participant: ${party.adults} adult(s), ${party.children} child(ren)`,
    );
  return (Object.keys(CATEGORY_CODES) as Array<keyof Party>)
    .filter((k) => party[k] > 0)
    .map((k) => ({ code: CATEGORY_CODES[k], count: party[k] }));
}
