// What a read says of an item shown apart from its booking: an entry of the booking naming it (by an
// attribute or a Type 37 inside it) with a status, or a warning naming it with a cancelled word; and
// the booking's own status, never an item's entry.
import { before, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { isCancelledWord, itemNamedElsewhere, ownStatus } from '../../../src/contracts/booking-item-status';
import { ReplyReader } from '../../../src/contracts/reader';
import { XmlDoc } from '../../../src/xml/xml';
import { loadXml, prefixed, rs } from '../../support/contracts';

before(loadXml);

const WORDS = ['Cancelled', 'Canceled'];
function read(body: string, prefix = false) {
  const xml = rs('OTA_TourActivityResRetrieveRS', `<Success/>${body}`);
  const reply = new ReplyReader(XmlDoc.parse(prefix ? prefixed(xml) : xml));
  const detail = reply.doc.find('/*/ota:Detail')[0];
  return { r: reply, parts: [{ node: detail, at: '/*/ota:Detail[1]' }] };
}

for (const prefix of [false, true])
  test(`an entry of the booking names an item, by attribute or by a Type 37 inside it${prefix ? ' (prefixed)' : ''}`, () => {
    const { r, parts } = read(
      '<Detail><TPA_Extensions><ReservationStatus Status="Confirmed"/>' +
        '<ItemStatus ItemRef="I1" Status="Cancelled" TourActivityID="A1"/>' +
        '<Item><UniqueID Type="37" ID="I2"/><Status>Confirmed</Status></Item></TPA_Extensions></Detail>',
      prefix,
    );
    assert.equal(itemNamedElsewhere(r, parts, 'I1', WORDS)?.status?.value, 'Cancelled');
    assert.equal(itemNamedElsewhere(r, parts, 'I1', WORDS)?.activity?.value, 'A1');
    assert.equal(itemNamedElsewhere(r, parts, 'I2', WORDS)?.status?.value, 'Confirmed');
    assert.equal(itemNamedElsewhere(r, parts, 'I3', WORDS), undefined);
    // the booking's own status is its ReservationStatus, never the first item's entry
    assert.deepEqual(ownStatus(r, parts[0].node, ['I1', 'I2'])?.value, ['Confirmed']);
  });

test('a warning names an item and a cancelled word: that is its status; naming it alone is none', () => {
  const { r, parts } = read(
    '<Warnings><Warning Type="11" ShortText="Item I1 Canceled"/><Warning Type="11">Item I2 was changed</Warning></Warnings><Detail/>',
  );
  assert.equal(itemNamedElsewhere(r, parts, 'I1', WORDS)?.status?.value, 'Canceled');
  assert.equal(itemNamedElsewhere(r, parts, 'I2', WORDS), undefined, 'no status word: nothing is guessed');
  // a reference inside another word is not the item
  assert.equal(itemNamedElsewhere(r, parts, 'I', WORDS), undefined);
});

test('no own status when every status place is an item entry', () => {
  const { r, parts } = read('<Detail><TPA_Extensions><ItemStatus ItemRef="I1" Status="Cancelled"/></TPA_Extensions></Detail>');
  assert.equal(ownStatus(r, parts[0].node, ['I1']), undefined);
  assert.ok(isCancelledWord(' cancelled ', WORDS));
});
