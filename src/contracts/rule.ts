// What a contract is: rules, each tied to one requirement of the catalogue, each looking at one
// exchange (the request sent and the reply received) and returning what differed.
import type { HttpExchange } from '../transport/http';
import type { OtaRequest } from '../xml/requests';
import type { OperationName, OperationSpec } from '../spec/operations';
import type { XmlDoc } from '../xml/xml';

/** One difference between what the spec (or OpenTravel convention) expects and what the gateway did. */
export interface Finding {
  req: string;
  /** Where: an XPath into the reply, or "HTTP status", "Content-Type", ... */
  at: string;
  expected: string;
  found: string;
}

/** A reply as far as it could be taken: each stage may have failed. */
export interface Reply {
  exchange?: HttpExchange;
  /** No HTTP reply at all (timeout, refused, too large, ...). */
  transportError?: { kind: string; message: string };
  /** The body as text, when it could be decoded. */
  text?: string;
  /** The prolog declares a DOCTYPE (seen in the text, so even a reply that fails to parse counts). */
  doctype?: boolean;
  /** Why the body could not be decoded or parsed as XML. */
  unreadable?: string;
  doc?: XmlDoc;
}

export interface Exchange {
  op: OperationSpec;
  request: OtaRequest;
  /** The body actually sent (deliberately broken requests differ from request.toXml()). */
  sentBody: string;
  reply: Reply;
}

export interface Rule {
  req: string;
  /** The Gherkin sentence that asks for this rule ("Then <sentence>"); omitted for envelope rules. */
  sentence?: string;
  check(x: Exchange): Finding[];
}

export interface Contract {
  op: OperationName;
  /** The requirement a Success reply to a valid request of this operation meets. */
  success: (x: Exchange) => string;
  rules: Rule[];
}

/** A rule with the Gherkin sentence that asks for it. */
export const rule = (req: string, sentence: string, check: (x: Exchange) => Finding[]): Rule => ({ req, sentence, check });

export const finding = (req: string, at: string, expected: string, found: string): Finding => ({ req, at, expected, found });

/** The reply document, or a finding saying why there is none to check. */
export function docOr(x: Exchange, req: string): { doc: XmlDoc } | { missing: Finding } {
  if (x.reply.doc) return { doc: x.reply.doc };
  const why = x.reply.transportError?.message ?? x.reply.unreadable ?? 'no reply';
  return { missing: finding(req, 'reply', 'an XML reply to check', why) };
}

/** Runs `fn` on the reply document, or reports that there is none. */
export function onDoc(x: Exchange, req: string, fn: (doc: XmlDoc) => Finding[]): Finding[] {
  const d = docOr(x, req);
  return 'missing' in d ? [d.missing] : fn(d.doc);
}

export const list = (xs: Array<string | undefined>) => (xs.length === 0 ? '(none)' : xs.map((v) => v ?? '(missing)').join(', '));
