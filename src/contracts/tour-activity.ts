// What the tour activity operations share. In 2016B activity availability and activity search list
// their results as TourActivityInfo elements of the same structure (OTA_TourActivityAvailRS.xsd and
// OTA_TourActivitySearchRS.xsd), so the places of the hotel, product and dates facts are the same;
// each operation names its own facts (ids "<operation>.activity.<thing>"), and the rules over them
// are here. Activity descriptive data names a product as they do (PRODUCT_REGION) and shows an
// activity's schedule as availability does (SCHEDULE_FACTS).
import { ReplyReader, notShown, firstAccepted, valuesEverywhere, type ReplyProfilePlaces } from './reader';
import { Check, list, rule, type Exchange, type Rule, type RuleBody } from './rule';
import { checkServed, refusalForm } from './envelope';
import { localName, type XNode } from '../xml/xml';
import type { Need } from './corroboration';
import { day, isDate, within } from './value-forms';
import { itemsOffered, otherContent } from './items-offered';
import type { RequirementId } from '../specification/requirements';
import { type TourActivityFacts } from './tour-activity-facts';
import { activities, showsOneOf } from './tour-activity-items';
import { checkOfferedFor, offeredForNeeds } from './tour-activity-area';

export * from './tour-activity-facts';
export * from './tour-activity-items';
export * from './tour-activity-area';

/**
 * Every activity takes place within start..end: some date it shows (at any place: Summary, the
 * tour departure, and Detail, which may list a whole year's schedule) lies in the period, or a span
 * it shows (Start with End, a season) overlaps it. A Schedule that shows Detail days is judged by
 * them, its Summary only when it has none (seasonBesideDetail). Only an activity none of whose dates
 * does is a finding; an end after the period (a tour of several days) is not judged. A Detail day outside its
 * own Summary is a finding too (two placements of the schedule that disagree).
 */
export function checkDates(
  exchange: Exchange,
  check: Check,
  reply: ReplyReader,
  f: TourActivityFacts,
  start: string | undefined,
  end: string | undefined,
): void {
  for (const a of activities(exchange, check, reply, f)) {
    const dates = firstAccepted(reply, f.start, isDate, a.node);
    if (!dates) check.cannotTell(notShown(reply, f.start, `activity ${a.label}`));
    const spans = reply
      .placesOf(f.start)
      .flatMap((p) => reply.doc.find(p, a.node))
      .filter((n) => !seasonBesideDetail(reply, n))
      .map((n) => ({ from: n.content.trim(), to: reply.doc.find('../@End', n)[0]?.content.trim() }))
      .filter((s) => isDate(s.from));
    const overlaps = (s: { from: string; to?: string }) =>
      !!s.to && isDate(s.to) && !!start && !!end && day(s.from) <= day(end) && day(s.to) >= day(start);
    if (spans.length && !spans.some((s) => within(s.from, start, end) || overlaps(s)))
      check.fail(`${a.at}/${dates!.at}`, `dates within ${start} to ${end}`, list(spans.map((s) => s.from).slice(0, 5)));
    else outsideSummary(check, reply, a);
  }
}

/**
 * A Summary start of a Schedule that shows Detail days: the Details are the days the activity takes
 * place, and a season around them says nothing of whether one of them is in the period asked (a
 * Summary May to October beside Details in July only is no activity in June). The Summary decides
 * only in a Schedule with no dated Detail.
 */
function seasonBesideDetail(reply: ReplyReader, start: XNode): boolean {
  const owner = reply.doc.find('..', start)[0];
  return (
    !!owner &&
    localName(owner) === 'Summary' &&
    reply.doc.find("../*[local-name()='Detail']", owner).some((detail) => isOneDay(reply, detail))
  );
}

const WEEKDAY_FLAGS = ['Mon', 'Tue', 'Weds', 'Wed', 'Thur', 'Thu', 'Fri', 'Sat', 'Sun'];

/**
 * A Detail that is one day: a dated Start with no End, no Duration and no weekday it recurs on
 * (OperationTime Mon="true"...). A Detail with any of them is a season or a recurring schedule,
 * whose Start is only its first day.
 */
function isOneDay(reply: ReplyReader, detail: XNode): boolean {
  const has = (xpath: string) => reply.doc.find(xpath, detail).length > 0;
  const recurs = WEEKDAY_FLAGS.map((d) => `@${d}='true' or @${d}='1'`).join(' or ');
  return (
    isDate(day(reply.doc.find('@Start', detail)[0]?.content)) &&
    !has('@End[normalize-space()]') &&
    !has('@Duration[normalize-space()]') &&
    !has(`.//*[local-name()='OperationTime'][${recurs}]`)
  );
}

/**
 * Two placements of one schedule: its Summary (Start..End) and its Details. A Detail with an End is
 * a span (a season that may run through the Summary's window, wider than it); a Detail day (no End)
 * or span that meets no Summary of its Schedule disagrees with it, a finding whatever the period
 * asked. Details beside no Summary with an End (a year's schedule) are judged by checkDates alone.
 */
function outsideSummary(check: Check, reply: ReplyReader, a: { node: XNode; at: string; label: string }): void {
  reply.doc.find("*[local-name()='Schedule']", a.node).forEach((schedule, index) => {
    const attr = (n: XNode, name: string) => day(reply.doc.find(`@${name}`, n)[0]?.content);
    const summaries = reply.doc
      .find("*[local-name()='Summary']", schedule)
      .map((n) => ({ from: attr(n, 'Start'), to: attr(n, 'End') }))
      .filter((s) => isDate(s.from) && isDate(s.to));
    if (!summaries.length) return;
    // a season or recurring Detail with no End runs on from its first day: it meets a Summary that ends after it starts
    const details = reply.doc
      .find("*[local-name()='Detail']", schedule)
      .map((n) => ({ from: attr(n, 'Start'), to: attr(n, 'End') || (isOneDay(reply, n) ? '' : '9999-12-31') }))
      .filter((d) => isDate(d.from));
    const meets = (d: { from: string; to: string }, s: { from: string; to: string }) =>
      isDate(d.to) ? d.from <= s.to && d.to >= s.from : within(d.from, s.from, s.to);
    const outside = details
      .filter((d) => !summaries.some((s) => meets(d, s)))
      .map((d) => (d.to === '9999-12-31' ? `${d.from} on` : isDate(d.to) ? `${d.from} to ${d.to}` : d.from));
    if (outside.length)
      check.fail(
        `${a.at}/ota:Schedule[${index + 1}]/ota:Detail/@Start`,
        `activity ${a.label}'s Detail days within its Summary, and its Detail spans across it (${list(summaries.map((s) => `${s.from} to ${s.to}`))})`,
        list(outside.slice(0, 5)),
      );
  });
}

/** Every activity is of `product` (AAV-LOCATION, AAV-PRODUCT-ONLY). */
export function checkProduct(exchange: Exchange, check: Check, reply: ReplyReader, f: TourActivityFacts, product: string): void {
  for (const a of activities(exchange, check, reply, f)) {
    const of = showsOneOf(reply, f.product, a.node, product);
    if (of === undefined) check.cannotTell(notShown(reply, f.product, `activity ${a.label}`));
    else if (!of)
      check.fail(`${a.at}/${reply.nodes(f.product, a.node)!.at}`, `product ${product}`, list(valuesEverywhere(reply, f.product, a.node)));
  }
}

/**
 * A requirement about one request form (AAV-HOTEL-ONLY, AAV-PRODUCT-ONLY, ASR-HOTEL-ONLY): cannot
 * tell when the request is not of that form; otherwise the reply is served and offers activities
 * (`expected` says which), and `judge` looks at them.
 */
export function checkFormOffered(
  exchange: Exchange,
  check: Check,
  reply: ReplyReader,
  f: TourActivityFacts,
  form: { holds: boolean; is: string },
  expected: string,
  judge: () => void,
): void {
  if (!form.holds) check.cannotTell(`the request is not of the form this requirement is about (${form.is})`);
  else if (checkServed(exchange, check) && itemsOffered(exchange, check, reply, f.activity, expected).length) judge();
}

/**
 * The rule of a request naming a hotel and no product (AAV-HOTEL-ONLY, ASR-HOTEL-ONLY): it is
 * served, and the activities it shows are offered for that hotel (checkOfferedFor).
 */
export function hotelOnlyRule(
  req: RequirementId,
  sentence: string,
  f: TourActivityFacts,
  requested: { hotel: (exchange: Exchange) => string; product: (exchange: Exchange) => string },
  expected: (hotel: string) => string,
): Rule {
  return rule(
    req,
    sentence,
    (exchange, check, reply, corroboration) => {
      const hotel = requested.hotel(exchange);
      const form = { holds: !!hotel && !requested.product(exchange), is: 'a hotel and no product' };
      checkFormOffered(exchange, check, reply, f, form, expected(hotel), () =>
        checkOfferedFor(exchange, check, reply, f, hotel, corroboration),
      );
    },
    (exchange, reply) => offeredForNeeds(reply, f, requested.hotel(exchange)),
  );
}

/**
 * A request form the spec's tables do not state: they list the hotel (Context=Source) and the
 * product (Context=Service), and "Which elements and attributes are mandatory ...: not shown". A
 * request naming only one of them may be refused (the form's own SHOULD, `judgedBy`, says so), but
 * what a gateway serves for it is judged by the MUSTs like any reply.
 */
export interface UnstatedForm {
  is: string;
  judgedBy: RequirementId;
}

/**
 * A MUST rule about the activities a reply offers, on any request form (the
 * request that reveals "for given location", "in an area" names a hotel and no product). On a form
 * the spec does not state (`formOf`), a reply that does not serve it, or serves it with nothing at
 * all, says nothing of the MUST: no assertion (the form's SHOULD judges it). Everything else,
 * including a reply whose content the suite cannot read, is judged by `body` as on the stated form.
 */
export function offeredRule(
  req: RequirementId,
  sentence: string,
  f: TourActivityFacts,
  formOf: (exchange: Exchange) => UnstatedForm | undefined,
  body: RuleBody,
  needs?: (exchange: Exchange, reply: ReplyReader) => Need[],
): Rule {
  const inner = rule(req, sentence, body, needs);
  const judged: Rule = {
    ...inner,
    check(exchange, profile = {}, more) {
      const form = formOf(exchange);
      const silent = form && nothingServed(exchange, req, f, profile);
      if (!form || !silent) return inner.check(exchange, profile, more);
      return new Check(req)
        .notApplicable(`the request names ${form.is}, a form the spec does not state, and ${silent}: ${form.judgedBy} judges that`)
        .result();
    },
  };
  ANY_FORM.add(judged);
  return judged;
}

const ANY_FORM = new WeakSet<Rule>();

/** Whether a rule judges a request of a form the spec does not state without blaming its refusal (offeredRule). */
export const judgesAnyForm = (r: Rule): boolean => ANY_FORM.has(r);

/** Why a reply serves nothing to judge (a refusal in any form, another status, no activity and nothing else); undefined when it does. */
function nothingServed(exchange: Exchange, req: RequirementId, f: TourActivityFacts, profile: ReplyProfilePlaces): string | undefined {
  if (!exchange.reply.exchange) return undefined; // no HTTP reply: the rule says it cannot tell
  if (!checkServed(exchange, new Check(req)))
    return `it was not served (${refusalForm(exchange) ?? `HTTP ${exchange.reply.exchange.status}`})`;
  const reply = new ReplyReader(exchange.reply.doc!, profile);
  return reply.items(f.activity).length === 0 && otherContent(reply).length === 0 ? 'the reply offers no activity' : undefined;
}
