// HNBC-UNKNOWN, ANBC-UNKNOWN: an unknown code is refused with no data, or answered as OpenTravel
// carries a business-level problem (Success with Warnings, no item, no data), as TRF-UNKNOWN-AIRPORT
// takes "a success with no services". A description, data, or a Success with nothing said, fails.
import { before, test } from 'node:test';
import { stepRule } from '../../../src/operations';
import { exchange, expectOutcome, loadXml, rs } from '../../support/contracts';

before(loadXml);

const CASES = [
  {
    op: 'hotelnbc',
    req: 'HNBC-UNKNOWN',
    root: 'OTA_HotelDescriptiveInfoRS',
    empty: '<HotelDescriptiveContents/>',
    item: '<HotelDescriptiveContents><HotelDescriptiveContent HotelName="Hotel Sol"/></HotelDescriptiveContents>',
    echo: '<HotelDescriptiveContents><HotelDescriptiveContent HotelCode="H1"/></HotelDescriptiveContents>',
  },
  {
    op: 'activitynbc',
    req: 'ANBC-UNKNOWN',
    root: 'OTA_ProductDescriptiveInfoRS',
    empty: '<ProductDescriptiveContents/>',
    item: '<ProductDescriptiveContents><TourActivityDescriptiveContent><BasicInfo Name="Caves"/></TourActivityDescriptiveContent></ProductDescriptiveContents>',
    echo: '<ProductDescriptiveContents><TourActivityDescriptiveContent TourActivityID="A1"/></ProductDescriptiveContents>',
  },
] as const;
const WARNED = '<Success/><Warnings><Warning Type="3" Code="392">Invalid code</Warning></Warnings>';

test('Success with Warnings, no item and no data: passed, as a refusal with no data is', () => {
  for (const c of CASES) {
    const rule = stepRule(c.op, c.req)!;
    // an item that only echoes the code asked shows no subject (the same reading as beside Errors)
    for (const body of [WARNED, `${WARNED}${c.empty}`, `${WARNED}${c.echo}`])
      expectOutcome(rule.check(exchange(c.op, rs(c.root, body))), 'passed', `${c.req}: ${body}`);
    const refused = rs(c.root, '<Errors><Error Type="3" Code="392" ShortText="Invalid code"/></Errors>');
    expectOutcome(rule.check(exchange(c.op, refused, { status: 400 })), 'passed', `${c.req}: a refusal`);
  }
});

test('an item, data beside the Warnings, Success with no Warnings, or a 5xx: failed', () => {
  for (const c of CASES) {
    const rule = stepRule(c.op, c.req)!;
    for (const [body, opts] of [
      [`${WARNED}${c.item}`, {}],
      [`${WARNED}<TPA_Extensions><Vendor Note="closed"/></TPA_Extensions>`, {}],
      [`<Success/>${c.empty}`, {}],
      [`${WARNED}${c.empty}`, { status: 500 }],
    ] as const)
      expectOutcome(rule.check(exchange(c.op, rs(c.root, body), opts)), 'failed', `${c.req}: ${body}`);
  }
});
