// "A refusal with no data": how an element is written (xsi:nil, xsi:type, xsi:schemaLocation of the
// XML Schema instance namespace, xml:lang) is no data; what it holds beside them still is.
import { before, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { dataBesideErrors, refusalCheck } from '../../../src/contracts/envelope';
import { exchange, expectOutcome, loadXml, rs } from '../../support/contracts';

before(loadXml);

const XSI = 'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"';
const ERRORS = '<Errors><Error Type="3" Code="392" ShortText="Invalid hotel code"/></Errors>';
const refusal = (beside: string) => exchange('hotelnbc', rs('OTA_HotelDescriptiveInfoRS', `${ERRORS}${beside}`), { status: 400 });

test('xsi and xml attributes on an empty element beside the errors are no data: the refusal passes', () => {
  for (const beside of [
    `<HotelDescriptiveContents ${XSI} xsi:nil="true"/>`,
    `<HotelDescriptiveContents ${XSI} xsi:type="HotelDescriptiveContentsType"/>`,
    `<TPA_Extensions ${XSI} xsi:schemaLocation="http://www.opentravel.org/OTA/2003/05 OTA.xsd" xml:lang="en"/>`,
    `<x:HotelDescriptiveContents xmlns:x="http://www.opentravel.org/OTA/2003/05" xmlns:i="http://www.w3.org/2001/XMLSchema-instance" i:nil="true"/>`,
  ]) {
    const sent = refusal(beside);
    assert.deepEqual(dataBesideErrors(sent), [], beside);
    expectOutcome(refusalCheck(sent, 'HNBC-UNKNOWN').result(), 'passed', beside);
  }
});

test('data beside the errors still fails, with or without xsi attributes beside it', () => {
  for (const [beside, found] of [
    [
      `<HotelDescriptiveContents ${XSI} xsi:type="T"><HotelDescriptiveContent HotelName="Hotel Sol"/></HotelDescriptiveContents>`,
      'HotelName',
    ],
    [
      `<HotelDescriptiveContents><HotelDescriptiveContent ${XSI} xsi:nil="false" HotelName="Hotel Sol"/></HotelDescriptiveContents>`,
      'HotelName',
    ],
    [`<TPA_Extensions ${XSI} xsi:nil="true" Vendor="Acme"/>`, 'Vendor'],
  ]) {
    const sent = refusal(beside);
    assert.ok(
      dataBesideErrors(sent).some((d) => d.endsWith(`@${found}`)),
      beside,
    );
    assert.ok(!dataBesideErrors(sent).some((d) => /@(nil|type)$/.test(d)), beside);
    expectOutcome(refusalCheck(sent, 'HNBC-UNKNOWN').result(), 'failed', beside);
  }
});
