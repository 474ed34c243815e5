// The envelope contract: what every reply to a valid request shows, for all nine operations
// (spec, Endpoints common rules 2 and 3; OpenTravel convention where the spec says "not shown").
// "Served" and "refused" are defined here once, for every contract that needs them.
import { OTA_NS } from '../specification/operations';
import type { RequirementId } from '../specification/requirements';
import type { Exchange } from '../transport/exchange';
import { localName, type XmlDoc, type XNode } from '../xml/xml';
import { Check, httpRule, list, noDocument, rule, type Rule, type RuleBody } from './rule';
import type { ReplyReader } from './reader';
import { requestEchoes } from './echoes';
import { ANY_ERRORS, mediaType, productReason, refusalForm, refusedHow, SAYING_ERRORS, SAYING_WARNINGS, SUCCESS } from './refusals';

export {
  maximumPartyOf,
  minimumPartyOf,
  productConditions,
  productReason,
  productReasonKind,
  refusalForm,
  refusedHow,
  type ProductReasonKind,
} from './refusals';

/**
 * Why a reply shows nothing that other requirements may rest on (a description asked to corroborate
 * another reply, what a search or availability shows for the suite to pick from): a refusal in any
 * form, any status but 200 (a 5xx with an XML body too), whatever the body (XML, JSON, HTML, text or
 * none), a body that is no XML, and a reply that does not say Success (Warnings alone serve
 * nothing). Undefined when the reply may show something.
 */
export function describesNothing(exchange: Exchange): string | undefined {
  const httpExchange = exchange.reply.exchange;
  if (!httpExchange) return noDocument(exchange);
  const refusal = refusedHow(exchange);
  if (refusal) return refusal;
  if (httpExchange.status !== 200) return `HTTP ${httpExchange.status} (${mediaType(exchange) || 'no Content-Type'})`;
  const doc = exchange.reply.doc;
  if (!doc) return noDocument(exchange);
  return doc.exists(SUCCESS) ? undefined : noSuccess(doc);
}

const noSuccess = (doc: XmlDoc) => `a ${doc.root.localName} reply with no Success (nothing was served)`;

/**
 * Whether a valid request was served: HTTP 200, application/xml, a well-formed body that says
 * Success, and no refusal in any form (Warnings with no Success are one: ./refusals.ts). The same
 * reading as describesNothing, so that one reply means the same to every requirement. Without any HTTP reply the check cannot be made (the transport error is
 * the reason); EP-TIMELY says the rest. A refusal is a refusal whatever its form: any 4xx or 5xx,
 * an Errors element, OTA_ErrorRS, with or without XML.
 */
export function checkServed(exchange: Exchange, check: Check): boolean {
  const httpExchange = exchange.reply.exchange;
  if (!httpExchange) {
    check.cannotTell(noDocument(exchange));
    return false;
  }
  const refusal = refusedHow(exchange);
  // A request the test data declares nothing for, or with a value the suite chose itself, may be
  // refused by right: that refusal is not the gateway's fault.
  if (refusal && exchange.request.resultsOptional) check.notApplicable(`${exchange.request.resultsOptional}; it was refused (${refusal})`);
  else if (refusal && exchange.request.refusalExcused) check.cannotTell(`refused (${refusal}), but ${exchange.request.refusalExcused}`);
  else if (refusal && productReason(exchange))
    check.cannotTell(
      `refused for a reason of the product, not of the request's form: "${productReason(exchange)}" (${refusal}); ` +
        (exchange.request.productTried ?? 'no other product or party the gateway offers could be tried'),
    );
  else if (refusal)
    check.fail(
      'reply',
      'served (a valid request)',
      `refused: ${refusal}${exchange.request.productMisread ? `; ${exchange.request.productMisread}` : ''}`,
    );
  else if (httpExchange.status !== 200) check.fail('HTTP status', '200 (a valid request is served)', String(httpExchange.status));
  else if (!exchange.reply.doc) check.fail('body', 'a well-formed XML reply', exchange.reply.unreadable ?? 'unreadable');
  else if (mediaType(exchange) !== 'application/xml')
    check.fail('Content-Type', 'application/xml', httpExchange.headers['content-type'] ?? '(absent)');
  else if (!exchange.reply.doc.exists(SUCCESS)) check.fail('/*/Success', 'Success (a served request)', noSuccess(exchange.reply.doc));
  return !refusal && httpExchange.status === 200 && !!exchange.reply.doc?.exists(SUCCESS) && mediaType(exchange) === 'application/xml';
}

/** A rule: the valid request was served. Each operation names its own requirement. */
export const served = (req: RequirementId): Rule =>
  httpRule(req, (exchange, check) => {
    checkServed(exchange, check);
  });

/**
 * A rule whose requirement asks that a valid request be served, then judges what the reply shows.
 * A refusal is judged alike whatever its body (XML, JSON, HTML, text or none): a 422 with a JSON
 * body fails the requirement as the same refusal with an Errors body does, instead of leaving it
 * open for want of a document to read.
 */
export function servedRule(
  req: RequirementId,
  sentence: string | undefined,
  body: RuleBody,
  needs?: (exchange: Exchange, reply: ReplyReader) => ReturnType<NonNullable<Rule['needs']>>,
): Rule {
  const inner = rule(
    req,
    sentence,
    (exchange, check, reply, corroboration) => {
      if (checkServed(exchange, check)) body(exchange, check, reply, corroboration);
    },
    needs,
  );
  return {
    ...inner,
    check(exchange, profile, more) {
      if (exchange.reply.doc || !exchange.reply.exchange) return inner.check(exchange, profile, more);
      const check = new Check(req);
      checkServed(exchange, check);
      return check.result();
    },
  };
}

export const timely = httpRule('EP-TIMELY', (exchange, check) => {
  if (exchange.reply.transportError?.kind === 'timeout')
    check.fail('HTTP', 'a complete reply within the request timeout', exchange.reply.transportError.message);
});

// Common rules 2 and 3 speak of success ("Success is HTTP status 200 with an application/xml
// body"): a refusal's form is "not shown" (Errors section), so these MUSTs say nothing about one,
// whatever its form (any 4xx or 5xx, an Errors element, OTA_ErrorRS). The scenario's own "served"
// requirement is what a refusal of a valid request fails. A reply that says Success is a success,
// whatever its status.
const aboutSuccess = (exchange: Exchange, check: Check): boolean => {
  const refusal = refusedHow(exchange);
  if (!refusal || exchange.reply.doc?.exists("/*/*[local-name()='Success']")) return true;
  check.notApplicable(`a refusal (${refusal}): the spec shows no error form`);
  return false;
};

export const status200 = httpRule('EP-STATUS-200', (exchange, check) => {
  const httpExchange = exchange.reply.exchange;
  if (!httpExchange) check.cannotTell(noDocument(exchange));
  else if (aboutSuccess(exchange, check) && httpExchange.status !== 200) check.fail('HTTP status', '200', String(httpExchange.status));
});

export const contentType = httpRule('EP-CONTENT-TYPE', (exchange, check) => {
  const httpExchange = exchange.reply.exchange;
  if (!httpExchange) check.cannotTell(noDocument(exchange));
  else if (aboutSuccess(exchange, check) && mediaType(exchange) !== 'application/xml')
    check.fail('Content-Type', 'application/xml', httpExchange.headers['content-type'] ?? '(absent)');
});

export const wellFormed = httpRule('EP-WELL-FORMED', (exchange, check) => {
  if (!exchange.reply.exchange) check.cannotTell(noDocument(exchange));
  else if (aboutSuccess(exchange, check) && !exchange.reply.doc)
    check.fail('body', 'a well-formed XML document', exchange.reply.unreadable ?? 'unreadable');
});

export const noDoctype = httpRule('EP-NO-DOCTYPE', (exchange, check) => {
  if (!exchange.reply.exchange) check.cannotTell(noDocument(exchange));
  else if (exchange.reply.doc?.hasDoctype || exchange.reply.doctype)
    check.fail('/', 'no DOCTYPE', 'a DOCTYPE (DTD or entity declarations)');
});

/** A rule about the document of a served reply: a refusal is outside it, a missing document cannot tell. */
const successDocRule = (req: RequirementId, body: (exchange: Exchange, check: Check, doc: XmlDoc) => void): Rule =>
  httpRule(req, (exchange, check) => {
    if (!aboutSuccess(exchange, check)) return;
    if (!exchange.reply.doc) check.cannotTell(`there is no reply document to read (${noDocument(exchange)})`);
    else body(exchange, check, exchange.reply.doc);
  });

// The root is IN the namespace: default or prefixed, the infoset does not distinguish them.
export const namespace = successDocRule('EP-NAMESPACE', (exchange, check, doc) => {
  const root = doc.root;
  if (root.namespace !== OTA_NS) check.fail(`/${root.localName}`, `the root element in ${OTA_NS}`, root.namespace ?? '(no namespace)');
});

export const rsRoot = rule('EP-RS-ROOT', undefined, (exchange, check, reply) => {
  const roots = [exchange.op.replyRoot, ...exchange.op.altReplyRoots];
  if (!roots.includes(reply.doc.root.localName)) check.fail('/', list(roots), reply.doc.root.localName);
});

export const version = successDocRule('EP-VERSION', (exchange, check, doc) => {
  if ((doc.value('/*/@Version') ?? '').trim() === '') check.fail('/*/@Version', 'a Version attribute', '(absent)');
});

export const successXorErrors = rule('EP-SUCCESS-XOR-ERRORS', undefined, (exchange, check, reply) => {
  if (reply.doc.root.localName === 'OTA_ErrorRS') return; // OpenTravel's own error message has neither
  const s = reply.doc.count('/*/ota:Success');
  const e = reply.doc.count('/*/ota:Errors');
  if (s + e !== 1) check.fail('/*/ota:Success | /*/ota:Errors', 'exactly one of Success or Errors', `${s} Success, ${e} Errors`);
});

export const echoToken = rule('EP-ECHOTOKEN', undefined, (exchange, check, reply) => {
  const sent = exchange.request.value('@EchoToken');
  if (!sent) return;
  const got = reply.doc.value('/*/@EchoToken');
  if (got !== sent) check.fail('/*/@EchoToken', sent, got ?? '(absent)');
});

export const errorType = rule('EP-ERROR-TYPE', undefined, (exchange, check, reply) => {
  const errors = reply.doc.records(`${ANY_ERRORS}/*[local-name()='Error']`, {
    type: '@Type',
    code: '@Code',
    text: '@ShortText',
    content: '.',
  });
  errors.forEach((error, index) => {
    const at = `/*/ota:Errors/ota:Error[${index + 1}]`;
    if (!error.type) check.fail(`${at}/@Type`, 'an error Type', '(absent)');
    if (!error.code && !error.text && !error.content?.trim()) check.fail(at, 'a Code, ShortText or text', '(none)');
  });
});

const DATE_ATTRS = ['Start', 'End', 'StartPeriod', 'EndPeriod', 'DateTime', 'Date', 'EffectiveDate', 'ExpireDate', 'TimeStamp'];
// The basis is xs:date and xs:dateTime (OpenTravel), which allow a zone (Z or +hh:mm); OpenTravel
// schedules also use recurring dates (--mm-dd) and times of day (hh:mm). Anything else (a US date,
// a week date, free text) is a finding.
const ZONE = '(Z|[+-]\\d{2}:\\d{2})?';
const ISO_FORMS = [
  new RegExp(`^\\d{4}-\\d{2}-\\d{2}${ZONE}$`),
  new RegExp(`^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?${ZONE}$`),
  new RegExp(`^--\\d{2}-\\d{2}${ZONE}$`),
  new RegExp(`^\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?${ZONE}$`),
];

// A payment card's ExpireDate and EffectiveDate are OpenTravel's PaymentCardDateType, MMYY
// ("1230"), not xs:date: the standard's own form there (an ISO date is taken too).
const CARD_DATES = ['ExpireDate', 'EffectiveDate'];
const MMYY = /^(0[1-9]|1[0-2])\d{2}$/;
const ON_A_CARD = "parent::*[local-name()='PaymentCard']";

/** The values of a date attribute, each with whether it sits on a payment card (where MMYY is the form). */
function dateValues(doc: XmlDoc, name: string): Array<{ value: string; card: boolean }> {
  const of = (xpath: string, card: boolean) => doc.values(xpath).map((v) => ({ value: v.trim(), card }));
  if (!CARD_DATES.includes(name)) return of(`//@${name}`, false);
  return [...of(`//@${name}[not(${ON_A_CARD})]`, false), ...of(`//@${name}[${ON_A_CARD}]`, true)];
}

export const isoDates = rule('EP-DATES', undefined, (exchange, check, reply) => {
  const bad = DATE_ATTRS.flatMap((name) =>
    dateValues(reply.doc, name)
      .filter(({ value, card }) => !ISO_FORMS.some((f) => f.test(value)) && !(card && MMYY.test(value)))
      .map(({ value }) => [name, value] as const),
  );
  for (const [name, v] of bad.slice(0, 5)) check.fail(`//@${name}`, 'an ISO 8601 date or date-time (xs:date, xs:dateTime)', v);
});

/** Every reply to a valid request. */
export const ENVELOPE_RULES: Rule[] = [
  timely,
  status200,
  contentType,
  wellFormed,
  noDoctype,
  namespace,
  rsRoot,
  version,
  successXorErrors,
  echoToken,
  isoDates,
];

/**
 * Whether a refusal has an Errors body: an Errors element that says something, or OpenTravel's
 * OTA_ErrorRS, or Warnings that say something with no Success (the gateway's words of a request it
 * did not process; refusalForm counts it as a refusal, so this reads it alike).
 */
const errorsBody = (doc: XmlDoc | undefined) =>
  !!doc && (doc.root.localName === 'OTA_ErrorRS' || doc.exists(SAYING_ERRORS) || (doc.exists(SAYING_WARNINGS) && !doc.exists(SUCCESS)));

// What a refusal may carry beside its errors: Errors, Warnings (and a Success, which makes it no
// refusal), and the root's own attributes (Version, EchoToken, TimeStamp, a Status).
const BESIDE_ERRORS = "/*//*[not(ancestor-or-self::*[local-name()='Errors' or local-name()='Warnings' or local-name()='Success'])]";

// Attributes of the XML Schema instance namespace (xsi:nil, xsi:type, xsi:schemaLocation: what a
// JAXB or .NET serialiser writes on an empty, nillable element) and of the xml namespace (xml:lang)
// say how an element is written, not what it holds: they are no data.
const NOT_DATA_ATTRIBUTES =
  "@*[namespace-uri() != 'http://www.w3.org/2001/XMLSchema-instance' and namespace-uri() != 'http://www.w3.org/XML/1998/namespace']";

/**
 * The data a reply carries beside its errors, in any element (TPA_Extensions included): every
 * attribute value and text outside Errors and Warnings that is not an echo of the request's own
 * values (its UniqueID, its POS, its codes). "No data" means none anywhere, not only where the suite looks.
 * Each entry names the element and what it holds, e.g. "TPA_Extensions/HotelDescriptiveContent/@HotelName".
 */
export function dataBesideErrors(exchange: Exchange): string[] {
  const doc = exchange.reply.doc;
  if (!doc) return [];
  const echoes = requestEchoes(exchange.request);
  const path = (node: XNode) => {
    const names: string[] = [];
    for (let e: XNode | null = node; e && e.parent; e = e.parent) names.unshift(localName(e));
    return names.join('/');
  };
  const data: string[] = [];
  for (const el of doc.find(BESIDE_ERRORS)) {
    for (const a of doc.find(NOT_DATA_ATTRIBUTES, el))
      if (a.content.trim() && !echoes.has(a.content.trim())) data.push(`${path(el)}/@${localName(a)}`);
    if (doc.find('text()', el).some((t) => t.content.trim() && !echoes.has(t.content.trim()))) data.push(`${path(el)}/text()`);
  }
  return [...new Set(data)];
}

/**
 * The refusal of a request the gateway should not serve, naming the requirement it tests: a
 * refusal with no data anywhere; never a 5xx, an HTML page or a Success with data. `errorsBody`
 * (the default, as REFUSAL_FORMS words it: "a 4xx status with an Errors body") asks for an Errors
 * element or OTA_ErrorRS; a statement that takes any refusal ("or refused") passes false, and then
 * a bare 4xx is a refusal too. Without an HTTP reply the check cannot be made.
 */
export function refusalCheck(exchange: Exchange, req: RequirementId, opts: { errorsBody?: boolean } = {}): Check {
  const check = new Check(req);
  const httpExchange = exchange.reply.exchange;
  if (!httpExchange) return check.cannotTell(noDocument(exchange));
  if (httpExchange.status >= 500) return check.fail('HTTP status', 'a refusal (not a 5xx)', String(httpExchange.status));
  if (/html/i.test(mediaType(exchange)) || /^\s*<(!doctype\s+html|html)/i.test(exchange.reply.text ?? ''))
    return check.fail('body', 'a refusal, not an HTML page', httpExchange.headers['content-type'] ?? 'HTML');
  const refusal = refusalForm(exchange);
  if (!refusal) {
    return check.fail(
      'reply',
      'refused (no data)',
      exchange.reply.doc
        ? `served: ${exchange.reply.doc.root.localName} with ${exchange.reply.doc.exists('/*/ota:Success') ? 'Success' : 'no Errors'}`
        : `HTTP ${httpExchange.status}`,
    );
  }
  if ((opts.errorsBody ?? true) && !errorsBody(exchange.reply.doc))
    check.fail(
      'body',
      'an Errors body (an Errors element or OTA_ErrorRS) with the refusal',
      `${refusal}, ${httpExchange.headers['content-type'] ?? 'no Content-Type'}, ${exchange.reply.doc ? `root ${exchange.reply.doc.root.localName} without Errors` : 'no XML'}`,
    );
  // "No data": a refusal carries nothing but its errors, warnings and echoes of the request.
  const data = dataBesideErrors(exchange);
  if (data.length) check.fail('/*//*', 'no data beside the errors (echoes of the request aside)', list(data.slice(0, 8)));
  return check;
}
