// Hotel descriptive data: each rule passes a conforming reply (at every place a fact may sit), fails
// a reply that shows a contradiction, and cannot tell when the reply does not show the fact.
// The request (test/support/fixtures/test-data.ts) asks hotel H1.
import { before, test } from 'node:test';
import { contract } from '../../../../src/operations/hotelnbc/contract';
import { exchange, expectRule, loadXml, noReply, prefixed, rs, ruleOf } from '../../../support/contracts';

before(loadXml);

const rule = (req: Parameters<typeof ruleOf>[1]) => ruleOf(contract, req);
const described = (
  attrs = 'HotelCode="H1" HotelName="Sol"',
  content = '<HotelInfo><Descriptions><DescriptiveText>By the sea</DescriptiveText></Descriptions></HotelInfo>',
) => `<HotelDescriptiveContent ${attrs}>${content}</HotelDescriptiveContent>`;
const reply = (contents: string, attrs = '') =>
  rs('OTA_HotelDescriptiveInfoRS', `<Success/><HotelDescriptiveContents${attrs ? ` ${attrs}` : ''}>${contents}</HotelDescriptiveContents>`);
const x = (contents: string, attrs = '') => exchange('hotelnbc', reply(contents, attrs));

test('HNBC-SUBJECT: the requested hotel, by its code on the content or on the contents', () => {
  expectRule(rule('HNBC-SUBJECT'), x(described()), 'passed');
  expectRule(rule('HNBC-SUBJECT'), x(described('HotelName="Sol"'), 'HotelCode="h1"'), 'passed');
  expectRule(rule('HNBC-SUBJECT'), exchange('hotelnbc', prefixed(reply(described()))), 'passed');
  expectRule(rule('HNBC-SUBJECT'), x(described('HotelCode="H2"')), 'failed');
  expectRule(rule('HNBC-SUBJECT'), x(''), 'failed');
  expectRule(rule('HNBC-SUBJECT'), x(described('HotelName="Sol"')), 'cantTell');
  expectRule(rule('HNBC-SUBJECT'), noReply('hotelnbc'), 'cantTell');
});

// "descriptive or portfolio data": related hotels may be named, as long as the requested one is described.
test('HNBC-SUBJECT: portfolio data may describe or name sister hotels beside the requested one, never instead of it', () => {
  const sisters =
    '<AreaInfo><OtherHotels><OtherHotel HotelCode="H2" HotelName="Sol II" BrandCode="SOL" CompetitorIndicator="false"/></OtherHotels></AreaInfo>';
  expectRule(rule('HNBC-SUBJECT'), x(described() + described('HotelCode="H2" HotelName="Sol II"')), 'passed');
  expectRule(rule('HNBC-SUBJECT'), x(described('HotelCode="H2" HotelName="Sol II"') + described()), 'passed');
  expectRule(rule('HNBC-SUBJECT'), x(described('HotelCode="H1" HotelName="Sol"', sisters)), 'passed');
  // another hotel described, and its sisters: the requested one is not among them
  expectRule(rule('HNBC-SUBJECT'), x(described('HotelCode="H2"') + described('HotelCode="H3"')), 'failed');
  // the requested one is not named by any item, and one item names no hotel
  expectRule(rule('HNBC-SUBJECT'), x(described('HotelCode="H2"') + described('HotelName="Sol"')), 'cantTell');
  // a refusal is no description
  expectRule(
    rule('HNBC-SUBJECT'),
    exchange('hotelnbc', rs('OTA_HotelDescriptiveInfoRS', '<Errors><Error Type="3" Code="392"/></Errors>')),
    'failed',
  );
});

test('HNBC-CONTENT: the name and a description, address or facility, wherever OpenTravel puts them', () => {
  const multimedia =
    '<MultimediaDescriptions><MultimediaDescription><TextItems><TextItem><Description>By the sea</Description></TextItem></TextItems>' +
    '</MultimediaDescription></MultimediaDescriptions>';
  const nested = `<HotelInfo><HotelName>Sol</HotelName><Descriptions>${multimedia}</Descriptions></HotelInfo>`;
  const facilities = '<FacilityInfo><GuestRooms><GuestRoom Code="DBL" RoomTypeName="Double"/></GuestRooms></FacilityInfo>';
  const contact =
    '<ContactInfos><ContactInfo><Addresses><Address><AddressLine>Passeig 1</AddressLine></Address></Addresses>' +
    '</ContactInfo></ContactInfos>';
  expectRule(rule('HNBC-CONTENT'), x(described()), 'passed');
  expectRule(rule('HNBC-CONTENT'), x(described('HotelCode="H1"', nested)), 'passed');
  expectRule(rule('HNBC-CONTENT'), x(described(undefined, multimedia)), 'passed');
  expectRule(rule('HNBC-CONTENT'), x(described(undefined, facilities)), 'passed');
  expectRule(rule('HNBC-CONTENT'), x(described(undefined, contact)), 'passed');
  expectRule(rule('HNBC-CONTENT'), x(described('HotelCode="H1"')), 'failed');
  expectRule(
    rule('HNBC-CONTENT'),
    x(described(undefined, '<HotelInfo><Descriptions><DescriptiveText> </DescriptiveText></Descriptions></HotelInfo>')),
    'failed',
  );
  expectRule(rule('HNBC-CONTENT'), x(''), 'cantTell');
});

test('HNBC-CONTENT: a name or content in none of the known places cannot tell when the hotel holds other words; nothing at all fails', () => {
  const elsewhere = '<HotelInfo><Descriptions><DescriptiveText>By the sea</DescriptiveText></Descriptions></HotelInfo>';
  // the name in an element the suite does not know
  expectRule(rule('HNBC-CONTENT'), x(described('HotelCode="H1"', `<Title>Hotel Sol Palma</Title>${elsewhere}`)), 'cantTell');
  // a description in an attribute the suite does not know
  expectRule(rule('HNBC-CONTENT'), x(described('HotelCode="H1" HotelName="Sol" Summary="Quiet rooms by the sea"', '')), 'cantTell');
  // codes, dates and languages are no words: still nothing
  expectRule(rule('HNBC-CONTENT'), x(described('HotelCode="H1" HotelName="Sol" LanguageCode="en" ChainCode="MEDSUN"', '')), 'failed');
});

// One item, one fact, two placements that disagree: the requested hotel on the content, another on
// the contents around it. Every placement is read: a finding, never a pass.
test('HNBC-SUBJECT: a content naming the requested hotel inside contents naming another fails', () => {
  expectRule(rule('HNBC-SUBJECT'), x(described('HotelCode="H1" HotelName="Sol"'), 'HotelCode="H2"'), 'failed');
  expectRule(rule('HNBC-CONTENT'), x(described('HotelCode="H1" HotelName="Sol"'), 'HotelCode="H2"'), 'passed');
  expectRule(rule('HNBC-SUBJECT'), x(described('HotelCode="H1" HotelName="Sol"'), 'HotelCode="h1"'), 'passed');
});

// An acknowledgement is not evidence: an item made only of the request's own values (its HotelCode)
// describes nothing. Real content beside the echoed code is a description.
test('HNBC-SUBJECT: a content that only echoes the requested HotelCode describes nothing', () => {
  expectRule(rule('HNBC-SUBJECT'), x('<HotelDescriptiveContent HotelCode="H1"/>'), 'failed');
  expectRule(rule('HNBC-SUBJECT'), x('<HotelDescriptiveContent HotelCode="H1"><HotelInfo/></HotelDescriptiveContent>'), 'failed');
  expectRule(rule('HNBC-SUBJECT'), x(described('HotelName="Sol"', ''), 'HotelCode="H1"'), 'passed');
  // beside a fully described other hotel: the requested one is still not described
  expectRule(rule('HNBC-SUBJECT'), x('<HotelDescriptiveContent HotelCode="H1"/>' + described('HotelCode="H9" HotelName="Luna"')), 'failed');
  // real content beside the echoed code passes, whatever it is
  expectRule(rule('HNBC-SUBJECT'), x(described('HotelCode="H1"')), 'passed');
  expectRule(rule('HNBC-SUBJECT'), x(described('HotelCode="H1" HotelName="Sol"', '')), 'passed');
});

// Every placement OpenTravel allows is read: a hotel at the root beside the contents is one too.
test('HNBC-SUBJECT: hotels in every placement are read, each once', () => {
  const atRoot = (contents: string, root: string) =>
    exchange(
      'hotelnbc',
      rs('OTA_HotelDescriptiveInfoRS', `<Success/><HotelDescriptiveContents>${contents}</HotelDescriptiveContents>${root}`),
    );
  // the requested hotel only at the root (the contents hold a sister hotel): described
  expectRule(rule('HNBC-SUBJECT'), atRoot(described('HotelCode="H2" HotelName="Sol II"'), described()), 'passed');
  // both placements name other hotels: not described
  expectRule(rule('HNBC-SUBJECT'), atRoot(described('HotelCode="H2"'), described('HotelCode="H3"')), 'failed');
  // an echo at the root is no description beside another hotel in the contents
  expectRule(rule('HNBC-SUBJECT'), atRoot(described('HotelCode="H2"'), '<HotelDescriptiveContent HotelCode="H1"/>'), 'failed');
  // every item is judged for its content too, wherever it is: one at the root without a name fails
  expectRule(rule('HNBC-CONTENT'), atRoot(described(), described('HotelCode="H2" HotelName="Sol II"')), 'passed');
  expectRule(rule('HNBC-CONTENT'), atRoot(described(), described('HotelCode="H2"')), 'failed');
});

test('HNBC-UNKNOWN: refused with no data, or Success with Warnings and no hotel and no data; a hotel or a bare Success fails', () => {
  const warned = (content: string) =>
    exchange(
      'hotelnbc',
      rs('OTA_HotelDescriptiveInfoRS', `<Success/><Warnings><Warning Type="3">Invalid hotel code</Warning></Warnings>${content}`),
    );
  expectRule(rule('HNBC-UNKNOWN'), warned('<HotelDescriptiveContents/>'), 'passed');
  expectRule(
    rule('HNBC-UNKNOWN'),
    exchange('hotelnbc', rs('OTA_HotelDescriptiveInfoRS', '<Errors><Error Type="3">Invalid hotel code</Error></Errors>')),
    'passed',
  );
  expectRule(rule('HNBC-UNKNOWN'), warned(`<HotelDescriptiveContents>${described()}</HotelDescriptiveContents>`), 'failed');
  // an item that only echoes the code asked shows no hotel (as HNBC-SUBJECT reads it): no result
  expectRule(
    rule('HNBC-UNKNOWN'),
    warned('<HotelDescriptiveContents><HotelDescriptiveContent HotelCode="H1"/></HotelDescriptiveContents>'),
    'passed',
  );
  expectRule(rule('HNBC-UNKNOWN'), x(''), 'failed');
});
