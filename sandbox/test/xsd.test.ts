// Replies of every standard operation (Success, Errors, each booking status) validate against the
// OpenTravel 2016B schemas. The schema folder comes from OTA_XSD_DIR (default ../shared/ota-xsd/2016B);
// a missing folder fails loudly unless OTA_XSD_DIR is explicitly set to an empty string.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, it } from 'node:test';
import type { RunningSandbox } from '../src/index';
import { XsdSet, xsdDir } from '../src/xsd';
import { call, fill, initQuery, post, start } from './helpers';

const dir = xsdDir();
let sb: RunningSandbox;
let xsd: XsdSet | undefined;

before(async () => {
  await initQuery();
  sb = await start();
  if (dir) xsd = await XsdSet.open(dir);
});
after(async () => {
  xsd?.dispose();
  await sb.close();
});

it('the XSD folder is configured and present (OTA_XSD_DIR="" disables this check explicitly)', { skip: dir === undefined ? 'OTA_XSD_DIR is set to an empty string' : false }, () => {
  assert.ok(existsSync(dir!), `XSD folder ${dir} does not exist: set OTA_XSD_DIR, or OTA_XSD_DIR="" to disable schema validation`);
});

const cases: Array<[string, string, () => Promise<string>]> = [
  ['hotelavailability Success', 'OTA_HotelAvailRS', async () => (await call(sb.baseUrl, 'hotelavailability')).body],
  ['hotelavailability Success+Warning', 'OTA_HotelAvailRS', async () => (await call(sb.baseUrl, 'hotelavailability', { place: 'Iceland', placeContext: 'Country' })).body],
  ['hotelavailability Errors', 'OTA_HotelAvailRS', async () => (await call(sb.baseUrl, 'hotelavailability', { start: 'nope' })).body],
  ['activityavailability Success', 'OTA_TourActivityAvailRS', async () => (await call(sb.baseUrl, 'activityavailability', { currencyDecimal: 3 })).body],
  ['activityavailability Warning', 'OTA_TourActivityAvailRS', async () => (await call(sb.baseUrl, 'activityavailability', { maximumPrice: 1 })).body],
  ['activityavailability Errors', 'OTA_TourActivityAvailRS', async () => (await call(sb.baseUrl, 'activityavailability', { hotelCode: 'NOPE' })).body],
  ['activitysearch Success', 'OTA_TourActivitySearchRS', async () => (await call(sb.baseUrl, 'activitysearch')).body],
  ['activitysearch Errors', 'OTA_TourActivitySearchRS', async () => (await call(sb.baseUrl, 'activitysearch', { password: 'bad' })).body],
  ['hotelnbc Success', 'OTA_HotelDescriptiveInfoRS', async () => (await call(sb.baseUrl, 'hotelnbc')).body],
  ['hotelnbc Errors', 'OTA_HotelDescriptiveInfoRS', async () => (await call(sb.baseUrl, 'hotelnbc', { hotelCode: 'NOPE' })).body],
  ['transferavailability Success', 'OTA_GroundAvailRS', async () => (await call(sb.baseUrl, 'transferavailability')).body],
  ['transferavailability Errors', 'OTA_GroundAvailRS', async () => (await call(sb.baseUrl, 'transferavailability', { airportCode: 'ZZZ' })).body],
  ['activitybook Quote', 'OTA_TourActivityBookRS', async () => (await call(sb.baseUrl, 'activitybook', { resStatus: 'Quote', bookingRef: 'XQ' })).body],
  ['activitybook Commit', 'OTA_TourActivityBookRS', async () => (await call(sb.baseUrl, 'activitybook', { bookingRef: 'XS-1', itemRef: 'A' })).body],
  ['activitybook Errors (duplicate)', 'OTA_TourActivityBookRS', async () => (await call(sb.baseUrl, 'activitybook', { bookingRef: 'XS-1', itemRef: 'A' })).body],
  ['bookread Reserved', 'OTA_ResRetrieveRS', async () => {
    await call(sb.baseUrl, 'activitybook', { bookingRef: 'XS-1', itemRef: 'B', supplierServiceCode: 'VIP' });
    return (await call(sb.baseUrl, 'bookread', { bookingRef: 'XS-1' })).body;
  }],
  ['bookcancel Pending (Quote)', 'OTA_CancelRS', async () => (await call(sb.baseUrl, 'bookcancel', { bookingRef: 'XS-1', cancelType: 'Quote' })).body],
  ['bookcancel Cancelled (partial)', 'OTA_CancelRS', async () => {
    const xml = fill('bookcancel', { bookingRef: 'XS-1', cancelType: 'Commit' }).replace(/(<UniqueID Type="36"[^>]*\/>)/, '$1<UniqueID Type="37" ID="A" ID_Context="Client"/>');
    return (await post(sb.baseUrl, 'bookcancel', xml)).body;
  }],
  ['bookcancel Cancelled (whole)', 'OTA_CancelRS', async () => (await call(sb.baseUrl, 'bookcancel', { bookingRef: 'XS-1', cancelType: 'Commit' })).body],
  ['bookread Cancelled', 'OTA_ResRetrieveRS', async () => (await call(sb.baseUrl, 'bookread', { bookingRef: 'XS-1' })).body],
  ['bookread Errors', 'OTA_ResRetrieveRS', async () => (await call(sb.baseUrl, 'bookread', { bookingRef: 'NOPE' })).body],
  ['bookcancel Errors', 'OTA_CancelRS', async () => (await call(sb.baseUrl, 'bookcancel', { bookingRef: 'XS-1' })).body],
  ['not well-formed request → Errors', 'OTA_HotelAvailRS', async () => (await post(sb.baseUrl, 'hotelavailability', '<oops')).body],
  ['HTTP 404 body', 'OTA_ErrorRS', async () => (await post(sb.baseUrl, 'nope', '<x/>')).body],
];

for (const [name, root, get] of cases) {
  it(`${name} validates against ${root}.xsd`, { skip: dir === undefined ? 'OTA_XSD_DIR is set to an empty string' : false }, async () => {
    // Order matters (booking states), so the cases run sequentially in this file.
    const body = await get();
    const problems = xsd!.validate(body, root);
    assert.deepEqual(problems, [], `${name}:\n${problems.join('\n')}\n${body.slice(0, 800)}`);
  });
}
