// What tour activity replies show of the values a booking must keep: the weekdays and
// times an activity runs, whether and when it picks its guests up, and the ages and party sizes it
// takes. Activity availability shows them of an option (TourActivityInfo), activity descriptive
// data of the activity; both are read with the same places (OpenTravel 2016B's tour activity
// types), so the facts carry availability's ids, as SCHEDULE_FACTS do. Discovery books only what
// they allow; what neither shows comes from the test data, and only then is guessed, by name.
import { fact, firstAccepted, valuesEverywhere, type Fact, type ReplyReader } from './reader';
import { SCHEDULE_FACTS } from './tour-activity';
import { bool, minutesOf, num, timeOf } from './value-forms';
import type { XNode } from '../xml/xml';

const XSD = 'OTA_TourActivityAvailRS.xsd (2016B)';
const POLICY = 'ota:Policies/ota:Participant';
const POLICY_SOURCE = `${XSD}: TourActivityInfo/Policies/Participant (TourActivityPolicyType)`;

/** DOW_PatternGroup attributes of OperationTime, by JavaScript weekday (0 = Sunday). */
export const WEEKDAY_FLAGS = ['Sun', 'Mon', 'Tue', 'Weds', 'Thur', 'Fri', 'Sat'] as const;

export const CONSTRAINT_FACTS = {
  pickup: fact(
    'activityavailability.activity.pickup',
    'a pickup or meeting point of an activity',
    ['ota:PickupDropoff'],
    `${XSD}: TourActivityInfo/PickupDropoff (TourActivityTransType: @LocationName, @PickupInd true for a pickup, false for a drop-off or meeting point)`,
    'Discovery asks activity descriptive data; shown in neither, the booking asks for no pickup (a guess, named) unless the test data gives activities.bookingValues.pickupTime.',
  ),
  pickupTime: fact(
    'activityavailability.activity.pickup.time',
    'the time of a pickup',
    [
      '@DateTime',
      'ota:Schedule/ota:OperationTimes/ota:OperationTime/@Start',
      'ota:Schedule/ota:Detail/ota:OperationTimes/ota:OperationTime/@Start',
      'ota:Schedule/ota:Summary/@Start',
      'ota:Schedule/ota:Detail/@Start',
    ],
    `${XSD}: PickupDropoff/@DateTime (DateOrDateTimeType), PickupDropoff/Schedule (OperationScheduleType: OperationTimes/OperationTime/@Start)`,
    'Discovery asks activity descriptive data; then the test data (activities.bookingValues.pickupTime); else the pickup is booked 30 minutes before the start, a guess, named.',
  ),
  minAge: fact(
    'activityavailability.activity.minAge',
    'the minimum age of the participants of an activity',
    [`${POLICY}/@MinAge`],
    `${POLICY_SOURCE}/@MinAge: "The minimum permitted age for participants"`,
    'Discovery asks activity descriptive data; then the test data (activities.bookingValues.ages); else the ages booked are a guess, named.',
  ),
  maxAge: fact(
    'activityavailability.activity.maxAge',
    'the maximum age of the participants of an activity',
    [`${POLICY}/@MaxAge`],
    `${POLICY_SOURCE}/@MaxAge: "The maximum permitted age for participants"`,
    'As for the minimum age.',
  ),
  minParticipants: fact(
    'activityavailability.activity.minParticipants',
    'the smallest party an activity takes',
    [`${POLICY}/@MinParticipants`, 'ota:Pricing/ota:Group/@MinGroupSize'],
    `${POLICY_SOURCE}/@MinParticipants; TourActivityInfo/Pricing/Group/@MinGroupSize`,
    'Discovery books the party availability was asked for and answered; a party outside the size shown is not booked.',
  ),
  maxParticipants: fact(
    'activityavailability.activity.maxParticipants',
    'the largest party an activity takes',
    [`${POLICY}/@MaxParticipants`, 'ota:Pricing/ota:Group/@MaxGroupSize'],
    `${POLICY_SOURCE}/@MaxParticipants; TourActivityInfo/Pricing/Group/@MaxGroupSize`,
    'As for the smallest party.',
  ),
  categoryMinAge: fact(
    'activityavailability.activity.category.minAge',
    'the minimum age of a participant category',
    ['@MinAge', 'ota:QualifierInfo/@MinAge'],
    "the AgeQualifyingGroup's @MinAge (OTA_CommonTypes.xsd), on a Pricing/ParticipantCategory or its QualifierInfo",
    'The ages booked keep the limits of the activity only.',
    'number',
  ),
  categoryMaxAge: fact(
    'activityavailability.activity.category.maxAge',
    'the maximum age of a participant category',
    ['@MaxAge', 'ota:QualifierInfo/@MaxAge'],
    "the AgeQualifyingGroup's @MaxAge (OTA_CommonTypes.xsd), on a Pricing/ParticipantCategory or its QualifierInfo",
    'As for the minimum age of a category.',
    'number',
  ),
  categoryAge: fact(
    'activityavailability.activity.category.age',
    'the age a participant category was priced for',
    ['@Age'],
    `${XSD}: TourActivityInfo/Pricing/ParticipantCategory/@Age`,
    'The ages booked keep the limits shown (or are a guess, named).',
  ),
};

/** One OperationTime: the weekdays it flags (undefined: none flagged) and its start time. */
export interface OperationTimeShown {
  days?: boolean[];
  start?: string;
}

/** A PickupDropoff: where, whether it is a pickup (PickupInd not false), and its time when shown. */
export interface PickupShown {
  location: string;
  takes: boolean;
  time?: string;
}

/** Bounds a reply shows (an age, a party size), with where they were read. */
export interface Limits {
  min?: number;
  max?: number;
  at: string[];
}

/** What one reply shows of an activity for booking it (each part may be absent). */
export interface ConstraintsShown {
  /** Which reply showed them, for messages ("activity availability", "activity descriptive data"). */
  source: string;
  operationTimes: OperationTimeShown[];
  /** The duration, in minutes. */
  minutes?: number;
  pickups: PickupShown[];
  ages: Limits;
  party: Limits;
  /** Age limits per category (AQC code), with the age a category was priced for. */
  categories: Record<string, Limits & { age?: number }>;
  /** Constraints that contradict each other (a minimum above the maximum). */
  contradictions: string[];
}

export const nothingShown = (source: string): ConstraintsShown => ({
  source,
  operationTimes: [],
  pickups: [],
  ages: { at: [] },
  party: { at: [] },
  categories: {},
  contradictions: [],
});

const wholeNumbers = (vs: string[]) => vs.map(num).filter((n) => Number.isInteger(n) && n >= 0);

/** The bounds shown at every place of `min` and `max` (the strictest of each: every constraint shown holds). */
function limitsOf(reply: ReplyReader, node: XNode, min: Fact, max: Fact): Limits {
  const mins = wholeNumbers(valuesEverywhere(reply, min, node));
  const maxes = wholeNumbers(valuesEverywhere(reply, max, node));
  return {
    ...(mins.length ? { min: Math.max(...mins) } : {}),
    ...(maxes.length ? { max: Math.min(...maxes) } : {}),
    at: [...(mins.length ? [min.id] : []), ...(maxes.length ? [max.id] : [])],
  };
}

/** Both limits together: the stricter of each. */
export function bothLimits(limits: Limits, b: Limits): Limits {
  const min = [limits.min, b.min].filter((n): n is number => n !== undefined);
  const max = [limits.max, b.max].filter((n): n is number => n !== undefined);
  return {
    ...(min.length ? { min: Math.max(...min) } : {}),
    ...(max.length ? { max: Math.min(...max) } : {}),
    at: [...new Set([...limits.at, ...b.at])],
  };
}

/** "the ages of its participants: a minimum of 14 above a maximum of 10 (where)" when the limits contradict each other. */
export const contradiction = (l: Limits, what: string): string | undefined =>
  l.min !== undefined && l.max !== undefined && l.min > l.max
    ? `${what}: a minimum of ${l.min} above a maximum of ${l.max}${l.at.length ? ` (${l.at.join(', ')})` : ''}`
    : undefined;

/** The weekday flags of an OperationTime; undefined when it flags none (a time without weekdays). */
function flagsOf(reply: ReplyReader, node: XNode): boolean[] | undefined {
  const flags = WEEKDAY_FLAGS.map((f) => bool(reply.doc.find(`@${f}`, node)[0]?.content));
  return flags.some((f) => f !== undefined) ? flags.map((f) => f === true) : undefined;
}

/**
 * What `item` (a TourActivityInfo, or an activity described) shows of its booking constraints, read
 * in `source`'s reply; `categories` are its priced participant categories, by AQC code.
 */
export function constraintsShown(
  reply: ReplyReader,
  item: XNode,
  source: string,
  categories: Array<{ code: string; node: XNode }> = [],
): ConstraintsShown {
  const operationTimes = (reply.nodes(SCHEDULE_FACTS.operationTime, item)?.value ?? []).map((n) => ({
    days: flagsOf(reply, n),
    start: timeOf(reply.doc.find('@Start', n)[0]?.content),
  }));
  const pickups = (reply.nodes(CONSTRAINT_FACTS.pickup, item)?.value ?? []).map((n) => ({
    location: reply.doc.find('@LocationName', n)[0]?.content.trim() ?? '',
    takes: bool(reply.doc.find('@PickupInd', n)[0]?.content) !== false,
    time: timeOf(firstAccepted(reply, CONSTRAINT_FACTS.pickupTime, (v) => !!timeOf(v), n)?.value[0]),
  }));
  const ages = limitsOf(reply, item, CONSTRAINT_FACTS.minAge, CONSTRAINT_FACTS.maxAge);
  const party = limitsOf(reply, item, CONSTRAINT_FACTS.minParticipants, CONSTRAINT_FACTS.maxParticipants);
  const shown: ConstraintsShown = {
    source,
    operationTimes,
    minutes: minutesOf(reply.value(SCHEDULE_FACTS.duration, item)?.value),
    pickups,
    ages,
    party,
    categories: {},
    contradictions: [],
  };
  for (const category of categories) {
    const limits = bothLimits(
      shown.categories[category.code] ?? { at: [] },
      limitsOf(reply, category.node, CONSTRAINT_FACTS.categoryMinAge, CONSTRAINT_FACTS.categoryMaxAge),
    );
    const age = wholeNumbers(valuesEverywhere(reply, CONSTRAINT_FACTS.categoryAge, category.node))[0];
    shown.categories[category.code] = { ...limits, ...(age !== undefined ? { age } : {}) };
  }
  shown.contradictions = [
    contradiction(ages, 'the ages of its participants'),
    contradiction(party, 'the size of its party'),
    ...Object.entries(shown.categories).map(([code, l]) => contradiction(l, `the ages of participant category ${code}`)),
  ].filter((c): c is string => !!c);
  return shown;
}

/** Whether the reply shows anything of a booking's constraints (what availability leaves to descriptive data). */
export const showsAges = (s: ConstraintsShown) =>
  s.ages.min !== undefined || s.ages.max !== undefined || Object.values(s.categories).some((c) => c.at.length || c.age !== undefined);
