// ALIGN-XSD validates a reply against the schema of the root received: OTA_TourActivityResRetrieveRS
// (an accepted booking-read root) against its own XSD, never against OTA_ResRetrieveRS.xsd.
import { before, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { alignmentRule, schemaRoot } from '../../../src/contracts/alignment';
import { OPERATIONS } from '../../../src/specification/operations';
import { XmlSchema } from '../../../src/xml/xml';
import { exchange, loadXml, NS } from '../../support/contracts';

before(loadXml);

const XSD = join(__dirname, '../../../schemas/opentravel-2016B');
const tourRead = `<OTA_TourActivityResRetrieveRS ${NS} Version="2008.1"><Success/><Summary><Confirmation Type="37" ID="I1" ID_Context="Client"/></Summary><Detail><Confirmation Type="36" ID="B1" ID_Context="Client"/></Detail></OTA_TourActivityResRetrieveRS>`;

test("the schema of the root received, when the operation accepts it; the operation's own otherwise", () => {
  assert.equal(schemaRoot(OPERATIONS.bookread, 'OTA_TourActivityResRetrieveRS'), 'OTA_TourActivityResRetrieveRS');
  assert.equal(schemaRoot(OPERATIONS.bookread, 'OTA_ResRetrieveRS'), 'OTA_ResRetrieveRS');
  assert.equal(schemaRoot(OPERATIONS.bookcancel, 'OTA_TourActivityCancelRS'), 'OTA_TourActivityCancelRS');
  assert.equal(schemaRoot(OPERATIONS.bookread, 'OTA_ErrorRS'), 'OTA_ErrorRS');
  assert.equal(schemaRoot(OPERATIONS.bookread, 'Something_RS'), 'OTA_ResRetrieveRS');
  assert.equal(schemaRoot(OPERATIONS.bookread, '../../etc/passwd'), 'OTA_ResRetrieveRS', 'never a path from the reply');
  assert.equal(schemaRoot(OPERATIONS.bookread, undefined), 'OTA_ResRetrieveRS');
});

test('an OTA_TourActivityResRetrieveRS read is valid against its own schema, and would not be against OTA_ResRetrieveRS', async () => {
  const sent = exchange('bookread', tourRead);
  const root = schemaRoot(sent.op, sent.reply.doc?.root.localName);
  const own = await XmlSchema.compiledOnce(join(XSD, `${root}.xsd`));
  assert.ok(own);
  assert.equal(alignmentRule(own, root).check(sent).outcome, 'passed');
  const other = await XmlSchema.compiledOnce(join(XSD, 'OTA_ResRetrieveRS.xsd'));
  assert.equal(alignmentRule(other!, 'OTA_ResRetrieveRS').check(sent).outcome, 'failed', 'the old mistake would be seen');
});
