// Finding the partial-cancellation form: a form served that cancels the whole booking is the
// gateway's own (CXL-PARTIAL's failure) only when the gateway refused another form written in the
// same element (a Segment of the other shape); a UniqueID Type 37 form is never blamed.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { readsFormBy } from '../../../../src/operations/bookcancel/partial-form';

test('a Segment form served whole beside the other Segment form refused: the gateway reads Segment', () => {
  assert.equal(readsFormBy('segment-range', new Set(['item-reference', 'segment'])), 'segment');
  assert.equal(readsFormBy('segment', new Set(['segment-range'])), 'segment-range');
});

test('nothing refused, or only the item reference: the gateway may not read the form (taken as no partial form)', () => {
  assert.equal(readsFormBy('segment-range', new Set()), undefined);
  assert.equal(readsFormBy('segment', new Set(['item-reference'])), undefined);
});

test('the item-reference form is never blamed: a UniqueID Type 37 may be ignored by a gateway that reads Type 36 only', () => {
  assert.equal(readsFormBy('item-reference', new Set(['segment', 'segment-range'])), undefined);
});
