// The Given sentences that edit the request being built, as data: request.steps.ts registers
// each one, and test/unit/steps/request-edits.test.ts applies the same table to the samples and reads
// the body actually sent, so that no sentence can silently do nothing. Each edit is a typed
// function of its operation (src/operations/<op>/request.ts); no XPath and no codes here.
import type { OperationName } from '../src/specification/operations';
import { partyAvailable } from '../src/run/test-data-file';
import type { Party, TestData } from '../src/core/test-data';
import { StepUsageError } from '../src/core/errors';
import {
  keepOnlySource,
  leaveOutPos,
  setInstance,
  setMessagePassword,
  setRequestorContext,
  setRequestorId,
  setUserId,
  type OtaRequest,
} from '../src/xml/requests';
import * as hotelAvailability from '../src/operations/hotelavailability';
import * as activityAvailability from '../src/operations/activityavailability';
import * as activitySearch from '../src/operations/activitysearch';
import * as transfers from '../src/operations/transferavailability';
import * as activityBooking from '../src/operations/activitybook';
import { setHotelCode } from '../src/operations/hotelnbc';
import { setTourActivityId } from '../src/operations/activitynbc';
import { setBookingReference as setReadReference, setReturnListIndicator } from '../src/operations/bookread';
import { setBookingReference as setCancelReference } from '../src/operations/bookcancel';

/** What an edit may need besides the request: the scenario's operation, the test data, the run. */
export interface EditContext {
  op: OperationName;
  data: TestData;
  runId: string;
  requestorContext: string;
  /** The configured Instance (OTA_REQUESTOR_INSTANCE); empty when none is. */
  instance: string;
  newBookingReference(): string;
  /** A precondition of the scenario (the test data can drive it); not met: cannot tell. */
  precondition(holds: boolean, reason: string): void;
  /** The MaximumPrice bounds from the prices activity availability showed in the scenario (asked before an edit that needs them). */
  prices?: activityAvailability.PriceBounds;
}

export interface RequestEdit {
  /** A cucumber expression, or a regular expression for a closed list of words. */
  sentence: string | RegExp;
  apply(request: OtaRequest, ctx: EditContext, ...args: unknown[]): void;
  /** The edit reads the prices activity availability showed (EditContext.prices): the step asks for them first. */
  needsPrices?: boolean;
}

function edit<A extends unknown[]>(
  sentence: string | RegExp,
  apply: (request: OtaRequest, ctx: EditContext, ...args: A) => void,
  needsPrices?: boolean,
): RequestEdit {
  return { sentence, apply: apply as RequestEdit['apply'], needsPrices };
}

/** The operation's own edit, or a StepUsageError naming the sentence that does not apply to it. */
function forOperation<F>(ctx: EditContext, what: string, edits: Partial<Record<OperationName, F>>): F {
  const f = edits[ctx.op];
  if (!f) throw new StepUsageError(`"${what}" does not apply to ${ctx.op}; it applies to ${Object.keys(edits).join(', ')}`);
  return f;
}

const PARTY: Partial<Record<OperationName, (request: OtaRequest, party: Party) => unknown>> = {
  hotelavailability: hotelAvailability.setParty,
  activityavailability: activityAvailability.setParty,
  transferavailability: transfers.setParty,
  activitybook: activityBooking.setParty,
};

const HOTEL_ONLY: Partial<Record<OperationName, (request: OtaRequest) => unknown>> = {
  activityavailability: activityAvailability.setHotelOnly,
  activitysearch: activitySearch.setHotelOnly,
};

/** The Instance sent when a scenario asks for one and none is configured. */
const ANY_INSTANCE = 'conformance';

function booleanWord(word: string): boolean {
  if (word !== 'true' && word !== 'false') throw new StepUsageError(`"${word}" is not a boolean (true or false)`);
  return word === 'true';
}

export const REQUEST_EDITS: RequestEdit[] = [
  // ---- POS (spec, Authentication)
  // The spec gives Instance no meaning ("optional Instance (string)"): the configured one, or a
  // string of the suite's; a gateway may refuse an Instance it does not know, so then a refusal
  // cannot be blamed.
  edit('it carries the optional Instance', (request, ctx) => {
    setInstance(request, ctx.instance || ANY_INSTANCE);
    if (!ctx.instance)
      request.refusalExcused = `the Instance "${ANY_INSTANCE}" was chosen by the suite (no OTA_REQUESTOR_INSTANCE is configured), and a gateway may refuse an Instance it does not know; configure the real one to decide`;
  }),
  edit('it carries no Instance', (r) => setInstance(r, undefined)),
  edit('the MessagePassword is wrong', (r, ctx) => setMessagePassword(r, `wrong-${ctx.runId}`)),
  edit('the Type 88 ID is wrong', (r, ctx) => setUserId(r, `nobody-${ctx.runId}`)),
  edit('the Type 22 ID is wrong', (r, ctx) => setRequestorId(r, `nobody-${ctx.runId}`)),
  edit('the ID_Context is wrong', (r, ctx) => setRequestorContext(r, `NOT-${ctx.requestorContext}`)),
  edit('the POS is left out', (r) => leaveOutPos(r)),
  edit('the POS holds only its Type 22 Source', (r) => keepOnlySource(r, '22')),
  edit('the POS holds only its Type 88 Source', (r) => keepOnlySource(r, '88')),

  // ---- participants, guests, passengers: whichever the operation carries
  edit('the party is {int} adult(s) and {int} child(ren)', (request, ctx, adults: number, children: number) => {
    forOperation(ctx, 'the party is ...', PARTY)(request, { adults, children });
    if (!partyAvailable(ctx.data, { adults, children }))
      request.resultsOptional = `the test data does not declare availability for ${adults} adult(s) and ${children} child(ren) (availableParties)`;
  }),

  // ---- hotel availability (MaxResponses: request.steps.ts, which first asks where the bound can show)
  edit('the place is test-data place {int}', (request, ctx, n: number) => {
    const place = ctx.data.hotelAvailability.places[n - 1];
    ctx.precondition(
      !!place,
      `the test data has ${ctx.data.hotelAvailability.places.length} place(s), not ${n} (hotelAvailability.places)`,
    );
    hotelAvailability.setPlace(request, place);
  }),
  edit('the place is a test-data place of CodeContext {word}', (request, ctx, context: string) => {
    const place = ctx.data.hotelAvailability.places.find((p) => p.context === context);
    ctx.precondition(!!place, `the test data has no place of CodeContext ${context} (hotelAvailability.places)`);
    hotelAvailability.setPlace(request, place!);
  }),
  edit('the place is one where nothing is available', (r, ctx) => hotelAvailability.setPlace(r, ctx.data.hotelAvailability.emptyPlace)),

  // ---- activity availability and search
  // In the test data's currency, from the prices the gateway showed (never a constant: a currency
  // without a minor unit, or one worth little, would bound away everything).
  edit(
    'MaximumPrice lies within the prices shown',
    (request, ctx) => {
      const set = forOperation(ctx, 'MaximumPrice lies within ...', { activityavailability: activityAvailability.setMaximumPrice });
      const within = ctx.prices?.within;
      ctx.precondition(
        within !== undefined,
        `activity availability showed no per-person price to bound (${ctx.prices?.from ?? 'it was not asked'})`,
      );
      const currency = ctx.data.activities.currency;
      const decimals = activityAvailability.minorUnit(currency);
      set(request, { amount: activityAvailability.writeAmount(within!, decimals), currency, decimals });
    },
    true,
  ),
  edit(
    'MaximumPrice is above the prices shown, with {int} decimal(s)',
    (request, ctx, decimals: number) => {
      const set = forOperation(ctx, 'MaximumPrice is above ...', { activityavailability: activityAvailability.setMaximumPrice });
      const above = ctx.prices?.above ?? activityAvailability.OPEN_BOUND;
      set(request, { amount: activityAvailability.writeAmount(above, decimals), currency: ctx.data.activities.currency, decimals });
    },
    true,
  ),
  edit('no product is named', (r, ctx) => forOperation(ctx, 'no product is named', HOTEL_ONLY)(r)),
  edit('no hotel is named', (r, ctx) => {
    forOperation(ctx, 'no hotel is named', { activityavailability: activityAvailability.setProductOnly })(r);
  }),

  // ---- transfers
  edit(new RegExp(`^the legs requested are (${transfers.LEGS.join('|')})$`), (r, ctx, legs: transfers.Legs) => {
    forOperation(ctx, 'the legs requested are ...', { transferavailability: transfers.setLegs })(r, legs);
  }),
  edit('the airport is one the gateway does not serve', (r, ctx) => {
    forOperation(ctx, 'the airport is ...', { transferavailability: transfers.setAirport })(r, ctx.data.unknown.airportCode);
  }),
  edit('a disability-adapted vehicle is required', (r, ctx) => {
    forOperation(ctx, 'a disability-adapted vehicle ...', { transferavailability: transfers.setDisabilityRequired })(r, true);
  }),
  edit('DisabilityInfo RequiredInd is {word}', (request, ctx, value: string) => {
    forOperation(ctx, 'DisabilityInfo RequiredInd is ...', { transferavailability: transfers.setDisabilityRequired })(
      request,
      booleanWord(value),
    );
  }),

  // ---- codes and references the target does not know
  edit('the hotel code is unknown', (r, ctx) => {
    forOperation(ctx, 'the hotel code is unknown', { hotelnbc: setHotelCode })(r, ctx.data.unknown.hotelCode);
  }),
  edit('the TourActivityID is unknown', (r, ctx) => {
    forOperation(ctx, 'the TourActivityID is unknown', { activitynbc: setTourActivityId })(r, ctx.data.unknown.tourActivityId);
  }),
  edit('the booking reference is unknown', (request, ctx) => {
    forOperation(ctx, 'the booking reference is unknown', { bookread: setReadReference, bookcancel: setCancelReference })(
      request,
      ctx.newBookingReference(),
    );
  }),

  // ---- booking read
  edit('ReturnListIndicator is {word}', (r, ctx, value: string) => {
    forOperation(ctx, 'ReturnListIndicator is ...', { bookread: setReturnListIndicator })(r, booleanWord(value));
  }),
];
