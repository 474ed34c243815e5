// A replay answers the request the cassette recorded, whatever the credentials of the replaying
// run: the POS is the replaying run's own, so neither its values nor an optional
// Instance decide whether a request is the recorded one, and a body cut short for the refusal
// scenarios is cut where the recorded one was. Anything else that differs is still a difference.
import { test } from 'node:test';
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { compareRequests } from '../../../src/cassette/replay';
import { PROJECT_ROOT } from '../../../src/run/config';
import { baseValues } from '../../../src/run/scenario-values';
import { loadTestData } from '../../../src/run/test-data-file';
import { OPERATIONS, type OperationName } from '../../../src/specification/operations';
import { OtaRequest } from '../../../src/xml/requests';
import { truncatedBody } from '../../../src/xml/bodies-outside-spec';
import type { Credentials } from '../../../src/run/config';

const data = loadTestData(join(PROJECT_ROOT, 'sandbox/data/test-data.json'));
const RECORDED: Credentials = {
  requestorId: 'A-MUCH-LONGER-REQUESTOR-OF-THE-NIGHT',
  requestorContext: 'NIGHT',
  requestorInstance: 'INSTANCE-7',
  user: 'nightly.user@example.com',
  password: '********',
};
const REPLAYING: Credentials = { requestorId: 'R', requestorContext: 'C', requestorInstance: '', user: 'u', password: 'p' };
const runIds = { recorded: 'RECORDED1', now: 'REPLAY2' };

const request = (op: OperationName, credentials: Credentials, runId: string, values: Record<string, string> = {}) =>
  OtaRequest.fromSample(OPERATIONS[op], join(PROJECT_ROOT, 'xml-samples'), {
    ...baseValues(credentials, data, runId),
    // what discovery finds before a booking or a description
    tourActivityId: 'PMI-DRACH',
    supplierProductCode: 'DRACH',
    supplierServiceCode: 'DRACH-STD',
    ...values,
  });

test('a request under other credentials, with or without an Instance, is the recorded one', () => {
  for (const op of Object.keys(OPERATIONS) as OperationName[]) {
    const recorded = request(op, RECORDED, runIds.recorded).toXml();
    const sent = request(op, REPLAYING, runIds.now).toXml();
    assert.equal(compareRequests(recorded, sent, runIds).differs, undefined, op);
  }
});

test('a body cut short is cut where the recorded one was, whatever the length of the credentials', () => {
  for (const op of Object.keys(OPERATIONS) as OperationName[]) {
    const recorded = truncatedBody(request(op, RECORDED, runIds.recorded));
    const sent = truncatedBody(request(op, REPLAYING, runIds.now));
    assert.ok(recorded.includes('</POS>') && sent.includes('</POS>'), `${op}: the cut falls after the POS`);
    assert.equal(compareRequests(recorded, sent, runIds).differs, undefined, op);
  }
});

test('what is not the POS still decides: another hotel, or another cut, differs', () => {
  const recorded = request('hotelnbc', RECORDED, runIds.recorded).toXml();
  const other = request('hotelnbc', REPLAYING, runIds.now, { hotelCode: 'FAOVIL01' }).toXml();
  assert.match(compareRequests(recorded, other, runIds).differs ?? '', /"PMIBEL01" was recorded, "FAOVIL01" is sent/);
  const whole = request('hotelnbc', REPLAYING, runIds.now).toXml();
  assert.ok(compareRequests(truncatedBody(request('hotelnbc', RECORDED, runIds.recorded)), whole, runIds).differs);
});
