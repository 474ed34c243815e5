// Finding the partial-cancellation form on a run whose test data declares none ("The way a partial
// cancellation is expressed in the request: not shown"). A form the gateway serves and answers by
// cancelling the whole booking is either a form it does not read (it took the request for a whole
// cancellation, its right for a form the spec does not show) or its own form, cancelled wrong (the
// mistake CXL-PARTIAL exists for). It is the gateway's own form when the gateway refused another
// form written in the same element: a gateway that refuses a Segment of one shape reads Segment, so
// a Segment of the other shape it serves is one it read. A UniqueID Type 37 beside the booking's
// Type 36 may be ignored by a gateway that reads the booking's reference only: never blamed.
// docs/checks.md (Partial cancellation) gives the reasoning.
import type { PartialCancellationForm } from '../../core/test-data';
import { Check, type Assertion } from '../../contracts/rule';

/** The forms written in OTA_CancelRQ/Segment (2016B: "Segment ... ItinSegNbr, FirstItinSegNbr, LastItinSegNbr"). */
const SEGMENT_FORMS: readonly PartialCancellationForm[] = ['segment', 'segment-range'];

/**
 * The form among `refused` that shows the gateway reads the element `form` is written in (a Segment
 * form refused beside a Segment form served); undefined when the gateway may not read `form` at all.
 */
export function readsFormBy(
  form: PartialCancellationForm,
  refused: ReadonlySet<PartialCancellationForm>,
): PartialCancellationForm | undefined {
  if (!SEGMENT_FORMS.includes(form)) return undefined;
  return SEGMENT_FORMS.find((f) => f !== form && refused.has(f));
}

/** What the first screen and CXL-PARTIAL's finding say of a form served that cancelled the whole booking. */
export const WHOLE_BOOKING = 'served, cancelled the whole booking';

/**
 * CXL-PARTIAL's failure on a form the gateway reads (it refused `by`), served, that cancelled the
 * whole booking (`shown`: what the read after it showed); `form` and `by` as the report names them.
 */
export function wholeCancellation(n: number, form: string, by: string, tried: string, shown: string): Assertion {
  return new Check('CXL-PARTIAL')
    .fail(
      `partial-cancellation form found by the run (the test data declares none): ${form}`,
      `item ${n} cancelled, the others live (the gateway refused ${by}, so it reads Segment: ${tried})`,
      `${WHOLE_BOOKING} (a read shows ${shown})`,
    )
    .result();
}
