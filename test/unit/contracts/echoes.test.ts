// The request's own values and the items a reply offers: an item made only of echoes shows nothing,
// a name-value pair's Name is a label, and the items of every placement are read, each node once
// (a reply profile that repeats a default place does not count an item twice).
import { before, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { echoedBy, requestEchoes, showsOwnValue } from '../../../src/contracts/echoes';
import { fact, ReplyReader } from '../../../src/contracts/reader';
import { XmlDoc } from '../../../src/xml/xml';
import { loadXml, NS, request } from '../../support/contracts';

before(loadXml);

const ITEM = fact('test.item', 'an item', ['/*/ota:Items/ota:Item', '/*/ota:Item'], 'test', 'test');

test('requestEchoes: every attribute value and text of the request, trimmed', () => {
  const echoes = requestEchoes(request('hotelnbc'));
  assert.ok(echoes.has('H1'));
  assert.ok(!echoes.has(''));
});

test('showsOwnValue: only values the request does not carry under the same name count; the Name of a name-value pair is a label', () => {
  const doc = XmlDoc.parse(
    `<RS ${NS}><Item Code="H1"/><Item Code="H1" Name="Sol"/><Item><P Name="RPH" Value="1"/></Item><Item><P Name="RPH" Value="7"/></Item>` +
      `<Item Code="H1" Quantity="22"/><Item><Code>H1</Code></Item><Item><Note>H1</Note></Item></RS>`,
  );
  // the request sent Code="H1", Value="1", Type="22" and <Code>H1</Code>
  const sent: Record<string, string[]> = {
    'attribute Code': ['H1'],
    'attribute Value': ['1'],
    'attribute Type': ['22'],
    'text Code': ['H1'],
  };
  const echoed = echoedBy({
    values: (xpath) => {
      const name = /'([^']+)'/.exec(xpath)![1];
      return sent[`${xpath.startsWith('//@') ? 'attribute' : 'text'} ${name}`] ?? [];
    },
  });
  const items = doc.find('/*/*');
  assert.deepEqual(
    items.map((i) => showsOwnValue(doc, i, echoed)),
    // Quantity="22" is the hotel's own, though the request's Type is 22; H1 as a Note is not the code sent
    [false, true, false, true, true, false, true],
  );
});

test('ReplyReader.allItems: every placement, each node once, with what `keep` keeps', () => {
  const doc = XmlDoc.parse(`<RS ${NS}><Items><Item Code="A"/><Item/></Items><Item Code="B"/></RS>`);
  const reader = new ReplyReader(doc, { 'test.item': ['/*/ota:Items/ota:Item'] });
  assert.deepEqual(
    reader.allItems(ITEM).map((i) => i.at),
    ['/*/ota:Items/ota:Item[1]', '/*/ota:Item[1]'],
  );
  // the first place that has any: the second placement is not read
  assert.equal(reader.items(ITEM).length, 1);
  assert.deepEqual(
    reader.allItems(ITEM, (n) => doc.find('@Code', n)[0]?.content === 'B').map((i) => i.at),
    ['/*/ota:Item[1]'],
  );
});
