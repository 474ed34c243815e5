// What a refusal is, in any form (an Errors element, OTA_ErrorRS, any 4xx or 5xx, a body that is
// no XML), and the gateway's own words when it refuses for a reason of its product, not of the form.
import type { Exchange } from '../transport/exchange';

export const mediaType = (exchange: Exchange) =>
  (exchange.reply.exchange?.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
export const ANY_ERRORS = "/*/*[local-name()='Errors']";
// An Errors element that says something: an Error child, or text. An empty <Errors/> (some
// gateways write one beside Success) refuses nothing.
export const SAYING_ERRORS = `${ANY_ERRORS}[* or normalize-space()]`;
export const SUCCESS = "/*/*[local-name()='Success']";
// Warnings that say something. Every OpenTravel RS is (Success, Warnings?, content) or Errors: a
// reply with Warnings and no Success says that the request was not processed, a refusal in the
// gateway's own words (an unknown code answered "Warning Type 3" alone).
export const SAYING_WARNINGS = "/*/*[local-name()='Warnings'][* or normalize-space()]";
const WORDS = (list: string) => `${list}/*/@ShortText | ${list}/*`;

/**
 * Why the reply is a refusal, in any of the forms gateways use (an Errors element that holds an
 * error, with no Success beside it; OpenTravel's OTA_ErrorRS; Warnings with no Success; a 4xx
 * status); undefined when it is not one. The one definition every requirement uses.
 */
export function refusalForm(exchange: Exchange): string | undefined {
  const status = exchange.reply.exchange?.status ?? 0;
  const doc = exchange.reply.doc;
  const wordsOf = (list: string) =>
    doc
      ? doc
          .values(WORDS(list))
          .map((v) => v.trim())
          .filter(Boolean)
      : [];
  const said = (words: string[]) => (words.length ? `: ${words.slice(0, 3).join(' | ').slice(0, 300)}` : '');
  const detail = said(wordsOf(ANY_ERRORS));
  if (doc?.root.localName === 'OTA_ErrorRS') return `an OTA_ErrorRS reply${detail || `: ${doc.value('/*/@ErrorMessage') ?? ''}`}`;
  // Errors beside Success is not the OpenTravel choice (EP-SUCCESS-XOR-ERRORS says so); the
  // Success and the data decide that the request was served.
  if (doc?.exists(SAYING_ERRORS) && !doc.exists(SUCCESS)) return `an Errors reply${detail}`;
  if (doc?.exists(SAYING_WARNINGS) && !doc.exists(SUCCESS))
    return `a reply with Warnings and no Success (nothing was processed)${said(wordsOf("/*/*[local-name()='Warnings']"))}`;
  if (status >= 400 && status < 500) return `HTTP ${status}`;
  return undefined;
}

/**
 * Why a reply says the request was not served: a refusal in any form, or any 4xx or 5xx status,
 * whatever its content type and with or without XML (a refusal is one whatever its form);
 * undefined when it is none of them.
 */
export function refusedHow(exchange: Exchange): string | undefined {
  const status = exchange.reply.exchange?.status ?? 0;
  const form = refusalForm(exchange);
  if (form) return status >= 400 && !form.startsWith('HTTP') ? `HTTP ${status}, ${form}` : form;
  return status >= 400 ? `HTTP ${status} (${mediaType(exchange) || 'no Content-Type'})` : undefined;
}

// What a refusal says when the product, not the request's form, is the reason: a minimum or
// maximum party, an age, a day it does not run. Words of the refusal (its Errors, or a body that
// is no XML), in English, as gateways word them; a refusal that says none of these is judged as one.
// A maximum price is the request's own bound, never a limit of the party ("nothing matches the
// participants and maximum price" is a plain refusal).
const PARTY_REASONS: RegExp[] = [
  /\b(min(imum)?|max(imum)?|at least|at most|no more than|up to|fewer than|more than|too (many|few))\b(?!\s+(price|amount|rate|cost|budget|fare)s?\b)[^.;|]*\b(participants?|persons?|people|pax|passengers?|guests?|travell?ers?|party|parties|groups?|adults?|children|child)\b/i,
  /\b(participants?|persons?|people|pax|party|parties|groups?)\b[^.;|]*\b(min(imum)?|max(imum)?|at least|at most|too (many|few)|exceed)\b(?!\s+(price|amount|rate|cost|budget|fare)s?\b)/i,
  /\b(participants?|persons?|people|pax|party|parties|groups?)\b[^.;|]*\b\d+\s*(or more|or fewer|or less|and (above|over|more))\b/i,
  /\b(min(imum)?|max(imum)?)\s*(party|group|participants?|pax)\b/i,
];
const AGE_REASON =
  /\bage\b[^.;|]*\b(not allowed|not permitted|restriction|limit|must be|below|above|under|over)\b|\b(aged?|years? old)\b[^.;|]*\b(under|over|below|above|at least|minimum|maximum)\b|\b(min(imum)?|max(imum)?) age\b|\b(under|over)\s*\d+\s*(years?|y\.?o\.?)\b/i;
const DAY_REASON =
  /\b(does not|doesn't|do not|not) (run|operate|depart|take place)s?\b|\bnot (operating|available|offered) on\b|\bclosed on\b|\b(weekday|day of (the )?week|departure day)\b/i;
/** A category of participant the product does not take (children, infants; "adults only"). */
const CATEGORY_REASON =
  /\b(children|child|infants?|minors?|kids?|categor(y|ies))\b[^.;|]*\b(not (allowed|accepted|permitted|admitted|sold|offered|taken)|are refused|cannot (book|join|take part|participate))\b|\b(no|without) (children|child|infants?|minors?|kids?) (allowed|accepted|admitted)\b|\badults? only\b/i;
/** The product itself not sold now (sold out, not bookable): another product or date may be. */
const UNAVAILABLE_REASON =
  /\b(product|activity|tour|excursion|option)\b[^.;|]*\b(not available|unavailable|sold out|fully booked|no longer (available|offered|sold)|not (sold|bookable|offered))\b/i;
const OTHER_REASONS: RegExp[] = [AGE_REASON, DAY_REASON, CATEGORY_REASON, UNAVAILABLE_REASON];

/** What a product reason is about: what another try may change (the party, its categories, the date, the product). */
export type ProductReasonKind = 'minimum party' | 'maximum party' | 'age or category' | 'day' | 'not available';

/** The kind of a product reason (`productReason`'s words); a party limit is a minimum unless it says maximum. */
export function productReasonKind(reason: string): ProductReasonKind {
  if (AGE_REASON.test(reason) || CATEGORY_REASON.test(reason)) return 'age or category';
  if (DAY_REASON.test(reason)) return 'day';
  if (UNAVAILABLE_REASON.test(reason) && !PARTY_REASONS.some((re) => re.test(reason))) return 'not available';
  return /\b(max(imum)?|at most|no more than|up to|too many|fewer than|or fewer|or less|exceed)|\b(no|not|cannot)\b[^.;|]*\bmore than\b/i.test(
    reason,
  )
    ? 'maximum party'
    : 'minimum party';
}

/**
 * How many of the product's conditions a reason names (a party limit, an age or category, a day):
 * "Minimum 4 participants; no children" names two, and meeting one of them leaves the other true.
 */
export const productConditions = (reason: string): number =>
  [AGE_REASON.test(reason) || CATEGORY_REASON.test(reason), DAY_REASON.test(reason), PARTY_REASONS.some((re) => re.test(reason))].filter(
    Boolean,
  ).length;

/** The largest party a product reason names ("Maximum 4 participants", "up to 6 people"), or undefined. */
export function maximumPartyOf(reason: string): number | undefined {
  const match =
    /\b(?:max(?:imum)?|at most|more than|up to|fewer than)\D{0,30}?(\d+)/i.exec(reason) ??
    /(\d+)\s*\w*\s*(?:or fewer|or less)\b/i.exec(reason);
  const n = match ? Number(match[1]) - (/fewer than/i.test(match[0]) ? 1 : 0) : NaN;
  return Number.isInteger(n) && n > 0 && n < 100 ? n : undefined;
}

const NUMBER_WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** The size of the party a request sends: its ParticipantInfo elements (a booking), or its ParticipantCount Quantities. */
function partySent(exchange: Exchange): number {
  const each = exchange.request.values('//ota:BookingInfo/ota:ParticipantInfo').length;
  return each || exchange.request.values('//ota:ParticipantCount/@Quantity').reduce((t, q) => t + (Number(q) || 0), 0);
}

// Words that say the request's form could not be read, never a product's reason: a value not
// parsed or of the wrong type, a schema ("Invalid value for Age: must be an integer", "departure day
// expected as dd/mm/yyyy"). Only such strong words: an honest product refusal may well say
// "invalid number of participants", "occurrence", "format" or name a field of the request.
const FORM_WORDS =
  /\b(invalid (value|syntax|type)|not (a )?valid (value|integer)|not parsed|cannot be parsed|could not be parsed|unparsable|unparseable|pars(e|ing) (error|failed|failure)|malformed|syntax error|schema|xsd|must be an? (integer|number|numeric|whole number|decimal|date)|not an? (integer|number))\b/i;
// "expected" followed by a form or a code ("expected as dd/mm/yyyy", "expected ADT/CHD"), case kept
const EXPECTED_FORM = /\b[Ee]xpected\s+(as|one of|format|type|value|pattern|[A-Z]{2,}\b|['"])/;

/** Whether a refusal's words say the request's form could not be read. */
const aboutTheForm = (words: string) => FORM_WORDS.test(words) || EXPECTED_FORM.test(words);

/**
 * The gateway's own words when it refused a valid booking or availability request for a reason of
 * its product (a minimum party, an age, a day), or undefined. Such a refusal is no failure of the
 * request's form: the suite tries another party where it can, else cannot tell, with these words.
 * A party limit counts only when the number it names is not the party sent ("At least one
 * participant is required" to a party of one says the gateway misread the request).
 */
export function productReason(exchange: Exchange): string | undefined {
  if (exchange.op.name !== 'activitybook' && exchange.op.name !== 'activityavailability') return undefined;
  if (!refusedHow(exchange) || exchange.request.productMisread) return undefined;
  const doc = exchange.reply.doc;
  // every Error and Warning is read, whatever its Type: the codes are OpenTravel convention, and
  // the spec leaves error codes "not shown"
  const business = (list: string) => `${list}/*/@ShortText | ${list}/*`;
  const words = (
    doc
      ? doc.values(
          `${business(ANY_ERRORS)} | /*/@ErrorMessage${doc.exists(SUCCESS) ? '' : ` | ${business("/*/*[local-name()='Warnings']")}`}`,
        )
      : [(exchange.reply.text ?? '').slice(0, 2000)]
  ).map((w) => w.trim().replace(/\s+/g, ' '));
  const sent = partySent(exchange);
  const party = (w: string) => {
    if (!PARTY_REASONS.some((re) => re.test(w))) return false;
    const numbers = (w.match(/\b(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)\b/gi) ?? []).map((n) =>
      /\d/.test(n) ? Number(n) : NUMBER_WORDS.indexOf(n.toLowerCase()) + 1,
    );
    return numbers.length === 0 || numbers.some((n) => n !== sent);
  };
  return words.find((w) => w && !aboutTheForm(w) && (party(w) || OTHER_REASONS.some((re) => re.test(w))))?.slice(0, 200);
}

/** The smallest party a product reason names ("Minimum 2 participants"), or undefined. */
export function minimumPartyOf(reason: string): number | undefined {
  const match =
    /\b(?:min(?:imum)?|at least)\D{0,30}?(\d+)\s*(?:participants?|persons?|people|pax|passengers?|guests?|travell?ers?|adults?)?/i.exec(
      reason,
    ) ??
    /(\d+)\s*(?:participants?|persons?|people|pax|passengers?|guests?|travell?ers?|adults?)?\s*(?:min(?:imum)?|or more|and (?:above|over|more))/i.exec(
      reason,
    );
  const n = match ? Number(match[1]) : NaN;
  return Number.isInteger(n) && n > 0 && n < 100 ? n : undefined;
}
