// An unknown subject (a hotel, an activity) asked of a descriptive operation. Refused with no data,
// in any refusal form (refusalCheck), or answered as OpenTravel RS messages carry a business-level
// problem: Success with Warnings that say something, no item of the subject and no data beside
// them. The same reading as TRF-UNKNOWN-AIRPORT's "a success with no services": no result is shown,
// and the gateway's own words say why.
import type { RequirementId } from '../specification/requirements';
import type { Exchange } from '../transport/exchange';
import { dataBesideErrors, refusalCheck } from './envelope';
import { echoedBy, showsOwnValue } from './echoes';
import { ReplyReader, type Fact, type ReplyProfilePlaces } from './reader';
import { SAYING_ERRORS, SAYING_WARNINGS, SUCCESS } from './refusals';
import { Check, list, type Rule } from './rule';

/** Whether a reply is a Success with Warnings that say something (and no Errors beside), HTTP 200. */
const warnedSuccess = (exchange: Exchange) => {
  const doc = exchange.reply.doc;
  return exchange.reply.exchange?.status === 200 && !!doc?.exists(SUCCESS) && doc.exists(SAYING_WARNINGS) && !doc.exists(SAYING_ERRORS);
};

/** The rule of an unknown subject: `item` is where the operation's reply shows one (a hotel, an activity). */
export function unknownSubjectRule(req: RequirementId, item: Fact, what: string): Rule {
  return {
    req,
    check(exchange: Exchange, profile: ReplyProfilePlaces = {}) {
      if (!warnedSuccess(exchange)) return refusalCheck(exchange, req).result();
      const check = new Check(req);
      // an item made only of the request's own values (the code asked, echoed) shows no subject
      const echoed = echoedBy(exchange.request);
      const items = new ReplyReader(exchange.reply.doc!, profile).allItems(item, (node) =>
        showsOwnValue(exchange.reply.doc!, node, echoed),
      );
      if (items.length)
        check.fail(items[0].at, `no ${what} (the code is unknown): a refusal, or Warnings with no data`, `${items.length} ${what}(s)`);
      else {
        // "no data" as for a refusal: nothing beside Success and Warnings but echoes of the request
        const data = dataBesideErrors(exchange);
        if (data.length) check.fail('/*//*', `no data beside the Warnings (echoes of the request aside)`, list(data.slice(0, 8)));
      }
      return check.result();
    },
  };
}
