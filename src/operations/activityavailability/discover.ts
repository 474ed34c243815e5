// Finding a bookable activity: booking and activity descriptive-data requests name an activity the
// target really offers, so a scenario that needs one first asks activity availability and reads the
// reply by meaning (the facts of ./contract, the target's reply profile first). Every result is
// tried, not only the first. When nothing bookable is found, the scenario's requirements are
// cantTell (a precondition), never failed: the reason says why (no reply, a refusal, no result).
import type { GatewayWorld } from '../../cucumber/world';
import type { PlaceholderValues } from '../../xml/requests';
import type { XNode } from '../../xml/xml';
import { ReplyReader } from '../../contracts/reader';
import { noDocument } from '../../contracts/rule';
import { refusalForm } from '../../contracts/envelope';
import { addDays } from '../../run/dates';
import { firstAccepted, isDate } from '../../contracts/values';
import { FACTS } from './contract';

/** DOW_PatternGroup attributes of OperationTime, by JavaScript weekday (0 = Sunday). */
const WEEKDAY_FLAGS = ['Sun', 'Mon', 'Tue', 'Weds', 'Thur', 'Fri', 'Sat'];
const DEFAULT_START = '09:00:00';
const DEFAULT_MINUTES = 4 * 60;
const PICKUP_LEAD_MINUTES = 30;

/** hh:mm:ss of a time of day or of a date-time; undefined when the value shows no time. */
function timeOf(v: string | undefined): string | undefined {
  const m = /(?:^|T)(\d{2}):(\d{2})(?::(\d{2}))?/.exec(v?.trim() ?? '');
  return m ? `${m[1]}:${m[2]}:${m[3] ?? '00'}` : undefined;
}

/** Minutes of an xs:duration of days, hours and minutes (PT7H, PT2H30M, P1D); undefined otherwise. */
function minutesOf(v: string | undefined): number | undefined {
  const m = /^P(?:(\d+)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+)M)?)?$/.exec(v?.trim() ?? '');
  if (!m || v!.trim() === 'P' || v!.trim() === 'PT') return undefined;
  return Number(m[1] ?? 0) * 1440 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
}

const shift = (dateTime: string, minutes: number) => new Date(Date.parse(`${dateTime}Z`) + minutes * 60_000).toISOString().slice(0, 19);

/**
 * The first date the activity operates from `from` on: its first start date, moved to the first
 * weekday its OperationTime flags (when it shows them) and not past its schedule's end.
 */
function firstDate(r: ReplyReader, activity: XNode, from: string): string | undefined {
  const dates = firstAccepted(r, FACTS.start, isDate, activity)
    ?.value.map((d) => d.slice(0, 10))
    .sort();
  if (!dates) return undefined;
  const first = dates.find((d) => d >= from) ?? dates[0];
  const times = r.nodes(FACTS.operationTime, activity)?.value[0];
  const flags = WEEKDAY_FLAGS.map((f) => (times ? r.doc.find(`@${f}`, times)[0]?.content.trim() : undefined));
  if (flags.every((f) => f === undefined)) return first;
  const end = r.value(FACTS.end, activity)?.value.slice(0, 10);
  for (let i = 0; i < 7; i++) {
    const d = addDays(first, i);
    if (end && isDate(end) && d > end) break;
    if (['true', '1'].includes(flags[new Date(`${d}T00:00:00Z`).getUTCDay()] ?? '')) return d;
  }
  return undefined;
}

/**
 * The booking values of one activity option, or undefined when it is not bookable (no
 * TourActivityID or no date). Without a SupplierProductCode the TourActivityID stands for the
 * product (TourActivityID_Type carries both); without a SupplierServiceCode, the product code
 * stands for the service (OpenTravel has no service code: a product with one service).
 */
function bookable(r: ReplyReader, activity: XNode, from: string): PlaceholderValues | undefined {
  const tourActivityId = r.value(FACTS.tourActivityId, activity)?.value;
  const date = firstDate(r, activity, from);
  if (!tourActivityId || !date) return undefined;
  const supplierProductCode = r.value(FACTS.supplierProductCode, activity)?.value ?? tourActivityId;
  const supplierServiceCode = r.value(FACTS.supplierServiceCode, activity)?.value ?? supplierProductCode;
  const shownTime = firstAccepted(r, FACTS.start, (v) => v.startsWith(date) && !!timeOf(v), activity)?.value[0];
  const operationStart = r.nodes(FACTS.operationTime, activity)?.value.map((n) => r.doc.find('@Start', n)[0]?.content)[0];
  const start = `${date}T${timeOf(shownTime) ?? timeOf(operationStart) ?? DEFAULT_START}`;
  return {
    tourActivityId,
    supplierProductCode,
    supplierServiceCode,
    startDateTime: start,
    endDateTime: shift(start, minutesOf(r.value(FACTS.duration, activity)?.value) ?? DEFAULT_MINUTES),
    pickupDateTime: shift(start, -PICKUP_LEAD_MINUTES),
  };
}

export async function discoverActivity(world: GatewayWorld): Promise<PlaceholderValues> {
  const request = world.prepare('activityavailability');
  const hotel = (request.value("//ota:TourActivity/ota:Location[@Context='Source']/ota:Region") ?? '').trim();
  const x = await world.send();
  const refusal = refusalForm(x);
  const doc = x.reply.doc;
  world.precondition(doc && !refusal, `activity availability at hotel ${hotel} gave no activity to book: ${refusal ?? noDocument(x)}`);
  const r = new ReplyReader(doc, world.run.replyProfile.facts);
  const from = request.value('//ota:TourActivity/ota:Schedule/@StartPeriod') ?? '';
  const options = r.items(FACTS.activity);
  for (const option of options) {
    const found = bookable(r, option.node, from);
    if (found) return found;
  }
  world.precondition(
    false,
    `activity availability at hotel ${hotel} found no bookable activity: ` +
      `none of its ${options.length} results shows a TourActivityID and a date`,
  );
}
