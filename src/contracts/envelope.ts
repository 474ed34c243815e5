// The envelope contract: what every reply to a valid request shows, for all nine operations
// (spec, Endpoints common rules 2 and 3; OpenTravel convention where the spec says "not shown").
// "Served" and "refused" are defined here once, for every contract that needs them.
import { OTA_NS } from '../specification/operations';
import type { RequirementId } from '../specification/requirements';
import type { Exchange } from '../transport/exchange';
import { localName, type XmlDoc, type XNode } from '../xml/xml';
import { Check, httpRule, list, noDocument, rule, type Rule, type RuleBody } from './rule';
import type { ReplyReader } from './reader';

const mediaType = (x: Exchange) => (x.reply.exchange?.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
const ANY_ERRORS = "/*/*[local-name()='Errors']";
// An Errors element that says something: an Error child, or text. An empty <Errors/> (some
// gateways write one beside Success) refuses nothing.
const SAYING_ERRORS = `${ANY_ERRORS}[* or normalize-space()]`;

/**
 * Why the reply is a refusal, in any of the forms gateways use (an Errors element that holds an
 * error, with no Success beside it; OpenTravel's OTA_ErrorRS; a 4xx status); undefined when it is
 * not one.
 */
export function refusalForm(x: Exchange): string | undefined {
  const status = x.reply.exchange?.status ?? 0;
  const doc = x.reply.doc;
  const errors = doc
    ? doc
        .values(`${ANY_ERRORS}/*[local-name()='Error']/@ShortText | ${ANY_ERRORS}/*[local-name()='Error']`)
        .map((v) => v.trim())
        .filter(Boolean)
    : [];
  const detail = errors.length ? `: ${errors.slice(0, 3).join(' | ').slice(0, 300)}` : '';
  if (doc?.root.localName === 'OTA_ErrorRS') return `an OTA_ErrorRS reply${detail || `: ${doc.value('/*/@ErrorMessage') ?? ''}`}`;
  // Errors beside Success is not the OpenTravel choice (EP-SUCCESS-XOR-ERRORS says so); the
  // Success and the data decide that the request was served.
  if (doc?.exists(SAYING_ERRORS) && !doc.exists("/*/*[local-name()='Success']")) return `an Errors reply${detail}`;
  if (status >= 400 && status < 500) return `HTTP ${status}`;
  return undefined;
}

/**
 * Why a reply says the request was not served: a refusal in any form, or any 4xx or 5xx status,
 * whatever its content type and with or without XML (a refusal is one whatever its form);
 * undefined when it is none of them.
 */
export function refusedHow(x: Exchange): string | undefined {
  const status = x.reply.exchange?.status ?? 0;
  const form = refusalForm(x);
  if (form) return status >= 400 && !form.startsWith('HTTP') ? `HTTP ${status}, ${form}` : form;
  return status >= 400 ? `HTTP ${status} (${mediaType(x) || 'no Content-Type'})` : undefined;
}

// What a refusal says when the product, not the request's form, is the reason: a minimum or
// maximum party, an age, a day it does not run. Words of the refusal (its Errors, or a body that
// is no XML), in English, as gateways word them; a refusal that says none of these is judged as one.
const PARTY_REASONS: RegExp[] = [
  /\b(min(imum)?|max(imum)?|at least|at most|no more than|up to|fewer than|more than|too (many|few))\b[^.;|]*\b(participants?|persons?|people|pax|passengers?|guests?|travell?ers?|party|parties|groups?|adults?|children|child)\b/i,
  /\b(participants?|persons?|people|pax|party|parties|groups?)\b[^.;|]*\b(min(imum)?|max(imum)?|at least|at most|too (many|few)|exceed)/i,
  /\b(participants?|persons?|people|pax|party|parties|groups?)\b[^.;|]*\b\d+\s*(or more|or fewer|or less|and (above|over|more))\b/i,
  /\b(min(imum)?|max(imum)?)\s*(party|group|participants?|pax)\b/i,
];
const OTHER_REASONS: RegExp[] = [
  /\bage\b[^.;|]*\b(not allowed|not permitted|restriction|limit|must be|below|above|under|over)\b|\b(aged?|years? old)\b[^.;|]*\b(under|over|below|above|at least|minimum|maximum)\b|\b(min(imum)?|max(imum)?) age\b|\b(under|over)\s*\d+\s*(years?|y\.?o\.?)\b/i,
  /\b(does not|doesn't|do not|not) (run|operate|depart|take place)s?\b|\bnot (operating|available|offered) on\b|\bclosed on\b|\b(weekday|day of (the )?week|departure day)\b/i,
];

const NUMBER_WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** The size of the party a request sends: its ParticipantInfo elements (a booking), or its ParticipantCount Quantities. */
function partySent(x: Exchange): number {
  const each = x.request.values('//ota:BookingInfo/ota:ParticipantInfo').length;
  return each || x.request.values('//ota:ParticipantCount/@Quantity').reduce((t, q) => t + (Number(q) || 0), 0);
}

/**
 * The gateway's own words when it refused a valid booking or availability request for a reason of
 * its product (a minimum party, an age, a day), or undefined. Such a refusal is no failure of the
 * request's form: the suite tries another party where it can, else cannot tell, with these words.
 * A party limit counts only when the number it names is not the party sent ("At least one
 * participant is required" to a party of one says the gateway misread the request).
 */
export function productReason(x: Exchange): string | undefined {
  if (x.op.name !== 'activitybook' && x.op.name !== 'activityavailability') return undefined;
  if (!refusedHow(x)) return undefined;
  const doc = x.reply.doc;
  const words = (
    doc
      ? doc.values(
          "/*/*[local-name()='Errors']/*[local-name()='Error']/@ShortText | /*/*[local-name()='Errors']/*[local-name()='Error'] | /*/@ErrorMessage",
        )
      : [(x.reply.text ?? '').slice(0, 2000)]
  ).map((w) => w.trim().replace(/\s+/g, ' '));
  const sent = partySent(x);
  const party = (w: string) => {
    if (!PARTY_REASONS.some((re) => re.test(w))) return false;
    const numbers = (w.match(/\b(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)\b/gi) ?? []).map((n) =>
      /\d/.test(n) ? Number(n) : NUMBER_WORDS.indexOf(n.toLowerCase()) + 1,
    );
    return numbers.length === 0 || numbers.some((n) => n !== sent);
  };
  return words.find((w) => w && (party(w) || OTHER_REASONS.some((re) => re.test(w))))?.slice(0, 200);
}

/** The smallest party a product reason names ("Minimum 2 participants"), or undefined. */
export function minimumPartyOf(reason: string): number | undefined {
  const m =
    /\b(?:min(?:imum)?|at least)\D{0,30}?(\d+)\s*(?:participants?|persons?|people|pax|passengers?|guests?|travell?ers?|adults?)?/i.exec(
      reason,
    ) ??
    /(\d+)\s*(?:participants?|persons?|people|pax|passengers?|guests?|travell?ers?|adults?)?\s*(?:min(?:imum)?|or more|and (?:above|over|more))/i.exec(
      reason,
    );
  const n = m ? Number(m[1]) : NaN;
  return Number.isInteger(n) && n > 0 && n < 100 ? n : undefined;
}

/**
 * Why a reply shows nothing that other requirements may rest on (a description asked to corroborate
 * another reply, what a search or availability shows for the suite to pick from): a refusal in any
 * form, any status but 200 (a 5xx with an XML body too), whatever the body (XML, JSON, HTML, text or
 * none), a body that is no XML, and a reply that does not say Success (Warnings alone serve
 * nothing). Undefined when the reply may show something.
 */
export function describesNothing(x: Exchange): string | undefined {
  const e = x.reply.exchange;
  if (!e) return noDocument(x);
  const refusal = refusedHow(x);
  if (refusal) return refusal;
  if (e.status !== 200) return `HTTP ${e.status} (${mediaType(x) || 'no Content-Type'})`;
  const doc = x.reply.doc;
  if (!doc) return noDocument(x);
  if (!doc.exists("/*/*[local-name()='Success']"))
    return doc.exists("/*/*[local-name()='Warnings']")
      ? 'a reply with Warnings and no Success (nothing was served)'
      : `a ${doc.root.localName} reply with no Success (nothing was served)`;
  return undefined;
}

/**
 * Whether a valid request was served: HTTP 200, application/xml, a well-formed body, and no
 * refusal in any form. Without any HTTP reply the check cannot be made (the transport error is
 * the reason); EP-TIMELY says the rest. A refusal is a refusal whatever its form: any 4xx or 5xx,
 * an Errors element, OTA_ErrorRS, with or without XML.
 */
export function checkServed(x: Exchange, c: Check): boolean {
  const e = x.reply.exchange;
  if (!e) {
    c.cannotTell(noDocument(x));
    return false;
  }
  const refusal = refusedHow(x);
  // A request the test data declares nothing for, or with a value the suite chose itself, may be
  // refused by right: that refusal is not the gateway's fault.
  if (refusal && x.request.resultsOptional) c.notApplicable(`${x.request.resultsOptional}; it was refused (${refusal})`);
  else if (refusal && x.request.refusalExcused) c.cannotTell(`refused (${refusal}), but ${x.request.refusalExcused}`);
  else if (refusal && productReason(x))
    c.cannotTell(
      `refused for a reason of the product, not of the request's form: "${productReason(x)}" (${refusal}); ` +
        'no other product or party the gateway offers could be tried',
    );
  else if (refusal) c.fail('reply', 'served (a valid request)', `refused: ${refusal}`);
  else if (e.status !== 200) c.fail('HTTP status', '200 (a valid request is served)', String(e.status));
  else if (!x.reply.doc) c.fail('body', 'a well-formed XML reply', x.reply.unreadable ?? 'unreadable');
  else if (mediaType(x) !== 'application/xml') c.fail('Content-Type', 'application/xml', e.headers['content-type'] ?? '(absent)');
  return !refusal && e.status === 200 && !!x.reply.doc && mediaType(x) === 'application/xml';
}

/** A rule: the valid request was served. Each operation names its own requirement. */
export const served = (req: RequirementId): Rule =>
  httpRule(req, (x, c) => {
    checkServed(x, c);
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
  needs?: (x: Exchange, reply: ReplyReader) => ReturnType<NonNullable<Rule['needs']>>,
): Rule {
  const inner = rule(
    req,
    sentence,
    (x, c, r, more) => {
      if (checkServed(x, c)) body(x, c, r, more);
    },
    needs,
  );
  return {
    ...inner,
    check(x, profile, more) {
      if (x.reply.doc || !x.reply.exchange) return inner.check(x, profile, more);
      const c = new Check(req);
      checkServed(x, c);
      return c.result();
    },
  };
}

export const timely = httpRule('EP-TIMELY', (x, c) => {
  if (x.reply.transportError?.kind === 'timeout')
    c.fail('HTTP', 'a complete reply within the request timeout', x.reply.transportError.message);
});

// Common rules 2 and 3 speak of success ("Success is HTTP status 200 with an application/xml
// body"): a refusal's form is "not shown" (Errors section), so these MUSTs say nothing about one,
// whatever its form (any 4xx or 5xx, an Errors element, OTA_ErrorRS). The scenario's own "served"
// requirement is what a refusal of a valid request fails. A reply that says Success is a success,
// whatever its status.
const aboutSuccess = (x: Exchange, c: Check): boolean => {
  const refusal = refusedHow(x);
  if (!refusal || x.reply.doc?.exists("/*/*[local-name()='Success']")) return true;
  c.notApplicable(`a refusal (${refusal}): the spec shows no error form`);
  return false;
};

export const status200 = httpRule('EP-STATUS-200', (x, c) => {
  const e = x.reply.exchange;
  if (!e) c.cannotTell(noDocument(x));
  else if (aboutSuccess(x, c) && e.status !== 200) c.fail('HTTP status', '200', String(e.status));
});

export const contentType = httpRule('EP-CONTENT-TYPE', (x, c) => {
  const e = x.reply.exchange;
  if (!e) c.cannotTell(noDocument(x));
  else if (aboutSuccess(x, c) && mediaType(x) !== 'application/xml')
    c.fail('Content-Type', 'application/xml', e.headers['content-type'] ?? '(absent)');
});

export const wellFormed = httpRule('EP-WELL-FORMED', (x, c) => {
  if (!x.reply.exchange) c.cannotTell(noDocument(x));
  else if (aboutSuccess(x, c) && !x.reply.doc) c.fail('body', 'a well-formed XML document', x.reply.unreadable ?? 'unreadable');
});

export const noDoctype = httpRule('EP-NO-DOCTYPE', (x, c) => {
  if (!x.reply.exchange) c.cannotTell(noDocument(x));
  else if (x.reply.doc?.hasDoctype || x.reply.doctype) c.fail('/', 'no DOCTYPE', 'a DOCTYPE (DTD or entity declarations)');
});

/** A rule about the document of a served reply: a refusal is outside it, a missing document cannot tell. */
const successDocRule = (req: RequirementId, body: (x: Exchange, c: Check, doc: XmlDoc) => void): Rule =>
  httpRule(req, (x, c) => {
    if (!aboutSuccess(x, c)) return;
    if (!x.reply.doc) c.cannotTell(`there is no reply document to read (${noDocument(x)})`);
    else body(x, c, x.reply.doc);
  });

// The root is IN the namespace: default or prefixed, the infoset does not distinguish them.
export const namespace = successDocRule('EP-NAMESPACE', (x, c, doc) => {
  const root = doc.root;
  if (root.namespace !== OTA_NS) c.fail(`/${root.localName}`, `the root element in ${OTA_NS}`, root.namespace ?? '(no namespace)');
});

export const rsRoot = rule('EP-RS-ROOT', undefined, (x, c, r) => {
  const roots = [x.op.replyRoot, ...x.op.altReplyRoots];
  if (!roots.includes(r.doc.root.localName)) c.fail('/', list(roots), r.doc.root.localName);
});

export const version = successDocRule('EP-VERSION', (x, c, doc) => {
  if ((doc.value('/*/@Version') ?? '').trim() === '') c.fail('/*/@Version', 'a Version attribute', '(absent)');
});

export const successXorErrors = rule('EP-SUCCESS-XOR-ERRORS', undefined, (x, c, r) => {
  if (r.doc.root.localName === 'OTA_ErrorRS') return; // OpenTravel's own error message has neither
  const s = r.doc.count('/*/ota:Success');
  const e = r.doc.count('/*/ota:Errors');
  if (s + e !== 1) c.fail('/*/ota:Success | /*/ota:Errors', 'exactly one of Success or Errors', `${s} Success, ${e} Errors`);
});

export const echoToken = rule('EP-ECHOTOKEN', undefined, (x, c, r) => {
  const sent = x.request.value('@EchoToken');
  if (!sent) return;
  const got = r.doc.value('/*/@EchoToken');
  if (got !== sent) c.fail('/*/@EchoToken', sent, got ?? '(absent)');
});

export const errorType = rule('EP-ERROR-TYPE', undefined, (x, c, r) => {
  const errors = r.doc.records(`${ANY_ERRORS}/*[local-name()='Error']`, { type: '@Type', code: '@Code', text: '@ShortText', content: '.' });
  errors.forEach((e, i) => {
    const at = `/*/ota:Errors/ota:Error[${i + 1}]`;
    if (!e.type) c.fail(`${at}/@Type`, 'an error Type', '(absent)');
    if (!e.code && !e.text && !e.content?.trim()) c.fail(at, 'a Code, ShortText or text', '(none)');
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

export const isoDates = rule('EP-DATES', undefined, (x, c, r) => {
  const bad = DATE_ATTRS.flatMap((name) =>
    r.doc
      .values(`//@${name}`)
      .map((v) => v.trim())
      .filter((v) => !ISO_FORMS.some((f) => f.test(v)))
      .map((v) => [name, v] as const),
  );
  for (const [name, v] of bad.slice(0, 5)) c.fail(`//@${name}`, 'an ISO 8601 date or date-time (xs:date, xs:dateTime)', v);
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

/** Whether a refusal has an Errors body: an Errors element that says something, or OpenTravel's OTA_ErrorRS. */
const errorsBody = (doc: XmlDoc | undefined) => !!doc && (doc.root.localName === 'OTA_ErrorRS' || doc.exists(SAYING_ERRORS));

// What a refusal may carry beside its errors: Errors, Warnings (and a Success, which makes it no
// refusal), and the root's own attributes (Version, EchoToken, TimeStamp, a Status).
const BESIDE_ERRORS = "/*//*[not(ancestor-or-self::*[local-name()='Errors' or local-name()='Warnings' or local-name()='Success'])]";

/**
 * The data a reply carries beside its errors, in any element (TPA_Extensions included): every
 * attribute value and text outside Errors and Warnings that is not an echo of the request's own
 * values (its UniqueID, its POS, its codes). "No data" means none anywhere, not only where the suite looks.
 * Each entry names the element and what it holds, e.g. "TPA_Extensions/HotelDescriptiveContent/@HotelName".
 */
export function dataBesideErrors(x: Exchange): string[] {
  const doc = x.reply.doc;
  if (!doc) return [];
  const echoes = new Set([...x.request.values('//@*'), ...x.request.values('//text()')].map((v) => v.trim()).filter(Boolean));
  const path = (n: XNode) => {
    const names: string[] = [];
    for (let e: XNode | null = n; e && e.parent; e = e.parent) names.unshift(localName(e));
    return names.join('/');
  };
  const data: string[] = [];
  for (const el of doc.find(BESIDE_ERRORS)) {
    for (const a of doc.find('@*', el)) if (a.content.trim() && !echoes.has(a.content.trim())) data.push(`${path(el)}/@${localName(a)}`);
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
export function refusalCheck(x: Exchange, req: RequirementId, opts: { errorsBody?: boolean } = {}): Check {
  const c = new Check(req);
  const e = x.reply.exchange;
  if (!e) return c.cannotTell(noDocument(x));
  if (e.status >= 500) return c.fail('HTTP status', 'a refusal (not a 5xx)', String(e.status));
  if (/html/i.test(mediaType(x)) || /^\s*<(!doctype\s+html|html)/i.test(x.reply.text ?? ''))
    return c.fail('body', 'a refusal, not an HTML page', e.headers['content-type'] ?? 'HTML');
  const refusal = refusalForm(x);
  if (!refusal) {
    return c.fail(
      'reply',
      'refused (no data)',
      x.reply.doc
        ? `served: ${x.reply.doc.root.localName} with ${x.reply.doc.exists('/*/ota:Success') ? 'Success' : 'no Errors'}`
        : `HTTP ${e.status}`,
    );
  }
  if ((opts.errorsBody ?? true) && !errorsBody(x.reply.doc))
    c.fail(
      'body',
      'an Errors body (an Errors element or OTA_ErrorRS) with the refusal',
      `${refusal}, ${e.headers['content-type'] ?? 'no Content-Type'}, ${x.reply.doc ? `root ${x.reply.doc.root.localName} without Errors` : 'no XML'}`,
    );
  // "No data": a refusal carries nothing but its errors, warnings and echoes of the request.
  const data = dataBesideErrors(x);
  if (data.length) c.fail('/*//*', 'no data beside the errors (echoes of the request aside)', list(data.slice(0, 8)));
  return c;
}
