import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EXPLORED_RULES, formsOf, FormTally, rulesFor, serverError } from '../../../../src/commands/explore/judge';
import { EXPLORED_OPERATIONS, type Case } from '../../../../src/commands/explore/space';
import type { Exchange } from '../../../../src/transport/exchange';

const reply = (status: number, body = '<x/>') =>
  ({
    op: { name: 'hotelavailability' },
    request: {},
    sentBody: '',
    reply: { exchange: { status, headers: {}, body: Buffer.from(body) } },
  }) as unknown as Exchange;

test("every operation explored is judged by its contract's rules of the requirements named, and the envelope", () => {
  for (const op of EXPLORED_OPERATIONS) {
    const reqs = rulesFor({ op, disability: true }).map((r) => r.req);
    for (const id of EXPLORED_RULES[op]) assert.ok(reqs.includes(id), `${op}: ${id}`);
    assert.ok(reqs.includes('EP-STATUS-200'));
  }
  // a disability-adapted vehicle is judged only where one is asked for
  assert.ok(!rulesFor({ op: 'transferavailability', disability: false }).some((r) => r.req === 'TRF-DISABILITY'));
});

test('a server error to a valid request fails the operation’s served requirement; a 503 or a refusal does not', () => {
  const drawn: Case = { op: 'hotelavailability' };
  assert.equal(serverError(drawn, reply(500))?.req, 'HAV-SUCCESS');
  assert.equal(serverError(drawn, reply(500))?.outcome, 'failed');
  assert.equal(serverError(drawn, reply(503)), undefined);
  assert.equal(serverError(drawn, reply(400)), undefined);
  assert.equal(serverError(drawn, reply(200)), undefined);
});

test('a form refused every time it was explored is one finding of its requirement, never one per request', () => {
  const formTally = new FormTally();
  const country: Case = { op: 'hotelavailability', place: { context: 'Country', name: 'Portugal' }, maxResponses: 5 };
  const region: Case = { op: 'hotelavailability', place: { context: 'Region', name: 'Mallorca' }, maxResponses: 5 };
  for (let i = 0; i < 10; i++) formTally.add(country, reply(400), 'HTTP 400');
  formTally.add(region, reply(200), undefined);
  const found = formTally.refusedForms();
  assert.deepEqual(
    found.map((f) => [f.assertion.req, f.form, f.refused]),
    [['HAV-REFPOINT-CONTEXTS', 'RefPoint CodeContext Country', 10]],
  );
  assert.deepEqual(
    formsOf(region).map((f) => f.req),
    ['HAV-REFPOINT-CONTEXTS', 'HAV-MAXRESPONSES'],
  );
});

test('a gateway that refuses everything of an operation is no form finding (nothing was served to compare with)', () => {
  const formTally = new FormTally();
  for (let i = 0; i < 5; i++) formTally.add({ op: 'transferavailability', legs: 'hotel to airport' }, reply(400), 'HTTP 400');
  assert.deepEqual(formTally.refusedForms(), []);
});
