// The envelope contract: what every reply of every operation must show (spec, Endpoints common
// rules 2, 3 and 5; OpenTravel convention where the spec says "not shown").
import { OTA_NS } from '../spec/operations';
import { finding, onDoc, type Exchange, type Finding, type Rule } from './rule';

const mediaType = (x: Exchange) => (x.reply.exchange?.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();

function needsExchange(x: Exchange, req: string, fn: () => Finding[]): Finding[] {
  if (!x.reply.exchange) return [finding(req, 'HTTP', 'an HTTP reply', x.reply.transportError?.message ?? 'none')];
  return fn();
}

export const timely: Rule = {
  req: 'EP-TIMELY',
  check: (x) =>
    x.reply.transportError?.kind === 'timeout'
      ? [finding('EP-TIMELY', 'HTTP', 'a complete reply within the request timeout', x.reply.transportError.message)]
      : [],
};

export const status200: Rule = {
  req: 'EP-STATUS-200',
  check: (x) =>
    needsExchange(x, 'EP-STATUS-200', () =>
      x.reply.exchange!.status === 200 ? [] : [finding('EP-STATUS-200', 'HTTP status', '200', String(x.reply.exchange!.status))],
    ),
};

export const contentType: Rule = {
  req: 'EP-CONTENT-TYPE',
  check: (x) =>
    needsExchange(x, 'EP-CONTENT-TYPE', () =>
      mediaType(x) === 'application/xml'
        ? []
        : [finding('EP-CONTENT-TYPE', 'Content-Type', 'application/xml', x.reply.exchange!.headers['content-type'] ?? '(absent)')],
    ),
};

export const wellFormed: Rule = {
  req: 'EP-WELL-FORMED',
  check: (x) =>
    x.reply.exchange && !x.reply.doc
      ? [finding('EP-WELL-FORMED', 'body', 'a well-formed XML document', x.reply.unreadable ?? 'unreadable')]
      : [],
};

export const noDoctype: Rule = {
  req: 'EP-NO-DOCTYPE',
  check: (x) =>
    x.reply.doc?.hasDoctype || x.reply.doctype ? [finding('EP-NO-DOCTYPE', '/', 'no DOCTYPE', 'a DOCTYPE (DTD or entity declarations)')] : [],
};

export const namespace: Rule = {
  req: 'EP-NAMESPACE',
  check: (x) =>
    onDoc(x, 'EP-NAMESPACE', (doc) =>
      doc.root.namespace === OTA_NS ? [] : [finding('EP-NAMESPACE', `/${doc.root.localName}`, OTA_NS, doc.root.namespace ?? '(no namespace)')],
    ),
};

export const rsRoot: Rule = {
  req: 'EP-RS-ROOT',
  check: (x) =>
    onDoc(x, 'EP-RS-ROOT', (doc) =>
      doc.root.localName === x.op.replyRoot ? [] : [finding('EP-RS-ROOT', '/', x.op.replyRoot, doc.root.localName)],
    ),
};

export const version: Rule = {
  req: 'EP-VERSION',
  check: (x) =>
    onDoc(x, 'EP-VERSION', (doc) =>
      (doc.value('/*/@Version') ?? '').trim() !== '' ? [] : [finding('EP-VERSION', '/*/@Version', 'a Version attribute', '(absent)')],
    ),
};

export const successXorErrors: Rule = {
  req: 'EP-SUCCESS-XOR-ERRORS',
  check: (x) =>
    onDoc(x, 'EP-SUCCESS-XOR-ERRORS', (doc) => {
      const s = doc.count('/*/ota:Success');
      const e = doc.count('/*/ota:Errors');
      return s + e === 1
        ? []
        : [finding('EP-SUCCESS-XOR-ERRORS', '/*/ota:Success | /*/ota:Errors', 'exactly one of Success or Errors', `${s} Success, ${e} Errors`)];
    }),
};

export const echoToken: Rule = {
  req: 'EP-ECHOTOKEN',
  check: (x) => {
    const sent = x.request.value('@EchoToken');
    if (!sent) return [];
    return onDoc(x, 'EP-ECHOTOKEN', (doc) => {
      const got = doc.value('/*/@EchoToken');
      return got === sent ? [] : [finding('EP-ECHOTOKEN', '/*/@EchoToken', sent, got ?? '(absent)')];
    });
  },
};

export const errorType: Rule = {
  req: 'EP-ERROR-TYPE',
  check: (x) =>
    onDoc(x, 'EP-ERROR-TYPE', (doc) =>
      doc
        .records('/*/ota:Errors/ota:Error', { type: '@Type', code: '@Code', text: '@ShortText', content: '.' })
        .flatMap((e, i) => {
          const at = `/*/ota:Errors/ota:Error[${i + 1}]`;
          const out: Finding[] = [];
          if (!e.type) out.push(finding('EP-ERROR-TYPE', `${at}/@Type`, 'an error Type', '(absent)'));
          if (!e.code && !e.text && !e.content?.trim()) out.push(finding('EP-ERROR-TYPE', at, 'a Code, ShortText or text', '(none)'));
          return out;
        }),
    ),
};

const DATE_ATTRS = ['Start', 'End', 'StartPeriod', 'EndPeriod', 'DateTime', 'Date', 'EffectiveDate', 'ExpireDate'];
// OpenTravel schedules also use recurring dates (--mm-dd) and times of day (hh:mm): both are ISO
// 8601 and not what rule 5 forbids. A date-time with a zone, or any other form, is a finding.
const ISO_FORMS = [/^\d{4}-\d{2}-\d{2}$/, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/, /^--\d{2}-\d{2}$/, /^\d{2}:\d{2}(:\d{2})?$/];

export const isoDates: Rule = {
  req: 'EP-DATES',
  check: (x) =>
    onDoc(x, 'EP-DATES', (doc) =>
      DATE_ATTRS.flatMap((name) =>
        doc
          .values(`//@${name}`)
          .filter((v) => !ISO_FORMS.some((f) => f.test(v)))
          .map((v) => finding('EP-DATES', `//@${name}`, 'yyyy-mm-dd, or yyyy-mm-ddThh:mm:ss without zone', v)),
      ).slice(0, 5),
    ),
};

/** Every reply, whatever its outcome. */
export const ENVELOPE_RULES: Rule[] = [timely, status200, contentType, wellFormed, noDoctype, namespace, rsRoot, version, successXorErrors, echoToken];

/** Replies that are Success. */
export const SUCCESS_RULES: Rule[] = [...ENVELOPE_RULES, isoDates];

/**
 * An Errors reply to a bad request: an XML Errors document in the OTA namespace, no Success, no
 * data. The spec gives no status for errors, so any non-5xx status is accepted; HTML or a 5xx is not.
 */
export function refusalFindings(x: Exchange, req: string): Finding[] {
  if (!x.reply.exchange) return [finding(req, 'HTTP', 'an Errors reply', x.reply.transportError?.message ?? 'no reply')];
  const status = x.reply.exchange.status;
  if (status >= 500) return [finding(req, 'HTTP status', 'an Errors reply (not a 5xx)', String(status))];
  if (!x.reply.doc) return [finding(req, 'body', 'an OTA Errors reply in XML', x.reply.unreadable ?? 'unreadable')];
  const doc = x.reply.doc;
  const out: Finding[] = [];
  if (doc.root.namespace !== OTA_NS) out.push(finding(req, '/', `an Errors reply in ${OTA_NS}`, `root ${doc.root.localName} in ${doc.root.namespace ?? '(no namespace)'}`));
  if (doc.exists('/*/ota:Success')) out.push(finding(req, '/*/ota:Success', 'no Success (the request must be refused)', 'Success'));
  if (!doc.exists('/*/ota:Errors/ota:Error')) out.push(finding(req, '/*/ota:Errors/ota:Error', 'at least one Error', '(none)'));
  // "No data": an Errors reply carries nothing but its Errors (and Warnings).
  const extra = doc.nodes('/*/*[not(self::ota:Errors or self::ota:Warnings or self::ota:Success)]').map((n) => (n as unknown as { name: string }).name);
  if (extra.length > 0) out.push(finding(req, '/*/*', 'no data beside Errors', extra.join(', ')));
  return out;
}
