// Activity descriptive data: each rule passes a conforming reply (at every place a fact may sit),
// fails a reply that shows a contradiction, and cannot tell when the reply does not show the fact.
// The request (test/support/fixtures/test-data.ts) asks TourActivityID A1.
import { before, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { contract } from '../../../../src/operations/activitynbc/contract';
import { exchange, expectRule, loadXml, noReply, prefixed, rs, ruleOf } from '../../../support/contracts';

before(loadXml);

const rule = (req: Parameters<typeof ruleOf>[1]) => ruleOf(contract, req);
const SHORT = '<Description><ShortDescription>A boat trip</ShortDescription></Description>';
const described = (attrs = 'TourActivityID="A1" Name="Boat"', content = SHORT) =>
  `<TourActivityDescriptiveContent ${attrs}>${content}</TourActivityDescriptiveContent>`;
const reply = (contents: string) =>
  rs('OTA_ProductDescriptiveInfoRS', `<Success/><ProductDescriptiveContents>${contents}</ProductDescriptiveContents>`);
const x = (contents: string) => exchange('activitynbc', reply(contents));

test('ANBC-SUBJECT: the requested activity, by its TourActivityID on the content or its BasicInfo', () => {
  expectRule(rule('ANBC-SUBJECT'), x(described()), 'passed');
  expectRule(rule('ANBC-SUBJECT'), x(described('', `<BasicInfo TourActivityID="A1" Name="Boat"/>${SHORT}`)), 'passed');
  const info = rs(
    'OTA_ProductDescriptiveInfoRS',
    '<Success/><TourActivityInfo><BasicInfo TourActivityID="A1" Name="Boat"/></TourActivityInfo>',
  );
  expectRule(rule('ANBC-SUBJECT'), exchange('activitynbc', info), 'passed');
  expectRule(rule('ANBC-SUBJECT'), exchange('activitynbc', prefixed(reply(described()))), 'passed');
  expectRule(rule('ANBC-SUBJECT'), x(described('TourActivityID="A2"')), 'failed');
  expectRule(rule('ANBC-SUBJECT'), x(''), 'failed');
  expectRule(rule('ANBC-SUBJECT'), x(described('Name="Boat"')), 'cantTell');
  expectRule(rule('ANBC-SUBJECT'), noReply('activitynbc'), 'cantTell');
});

test('ANBC-CONTENT: the name and a short, long or multimedia description', () => {
  const long = '<Description><LongDescription><![CDATA[ A long boat trip ]]></LongDescription></Description>';
  const text =
    '<Description><Multimedia><MultimediaDescription><TextItems><TextItem><Description>Boat</Description></TextItem></TextItems>' +
    '</MultimediaDescription></Multimedia></Description>';
  expectRule(rule('ANBC-CONTENT'), x(described()), 'passed');
  expectRule(rule('ANBC-CONTENT'), x(described('TourActivityID="A1"', `<BasicInfo Name="Boat"/>${long}`)), 'passed');
  expectRule(rule('ANBC-CONTENT'), x(described(undefined, text)), 'passed');
  expectRule(rule('ANBC-CONTENT'), x(described('TourActivityID="A1"')), 'failed');
  expectRule(rule('ANBC-CONTENT'), x(described(undefined, '<Description><ShortDescription/></Description>')), 'failed');
  expectRule(rule('ANBC-CONTENT'), x(''), 'cantTell');
});

test('ANBC-CONTENT: content in a place the suite does not know cannot tell, and the hint names its XPath as a profile entry', () => {
  const own = described(undefined, '<Extra><Blurb>A boat trip around the bay</Blurb></Extra>');
  const assertion = rule('ANBC-CONTENT').check(x(own));
  assert.equal(assertion.outcome, 'cantTell');
  assert.match(
    assertion.reasons.join('\n'),
    /name the place for "activitynbc\.activity\.description" in OTA_REPLY_PROFILE: the reply shows it at ota:Extra\/ota:Blurb, e.g. \{"facts": \{"activitynbc\.activity\.description": \["ota:Extra\/ota:Blurb"\]\}\}/,
  );
});

// An acknowledgement is not evidence: an item made only of the request's own values (its
// TourActivityID) describes nothing. Real content beside the echoed code is a description.
test('ANBC-SUBJECT: a content that only echoes the requested TourActivityID describes nothing', () => {
  expectRule(rule('ANBC-SUBJECT'), x('<TourActivityDescriptiveContent TourActivityID="A1"/>'), 'failed');
  expectRule(rule('ANBC-SUBJECT'), x(described('TourActivityID="A1"', '<BasicInfo TourActivityID="A1"/>')), 'failed');
  const root = rs('OTA_ProductDescriptiveInfoRS', '<Success/><TourActivityDescriptiveContent TourActivityID="A1"/>');
  expectRule(rule('ANBC-SUBJECT'), exchange('activitynbc', root), 'failed');
  // real content beside the echoed code passes
  expectRule(rule('ANBC-SUBJECT'), x(described('TourActivityID="A1"')), 'passed');
  expectRule(rule('ANBC-SUBJECT'), x(described('TourActivityID="A1" Name="Boat"', '')), 'passed');
});

// "and no other": every placement OpenTravel allows is read, so a second activity under a sibling
// element name or at the root is seen; one activity in any single placement passes.
test('ANBC-SUBJECT: a second activity in another placement fails; the one requested in any placement passes', () => {
  const other =
    '<ProductDescriptiveContent TourActivityID="A2" Name="Trip A2"><Description><ShortDescription>A trip</ShortDescription></Description></ProductDescriptiveContent>';
  expectRule(rule('ANBC-SUBJECT'), x(described() + other), 'failed');
  const atRoot = (contents: string, root: string) =>
    exchange(
      'activitynbc',
      rs('OTA_ProductDescriptiveInfoRS', `<Success/><ProductDescriptiveContents>${contents}</ProductDescriptiveContents>${root}`),
    );
  expectRule(rule('ANBC-SUBJECT'), atRoot(described(), described('TourActivityID="A2" Name="Trip A2"')), 'failed');
  expectRule(
    rule('ANBC-SUBJECT'),
    atRoot(described(), '<TourActivityInfo><BasicInfo TourActivityID="A2" Name="Trip A2"/></TourActivityInfo>'),
    'failed',
  );
  // the requested activity alone, under the sibling name or at the root
  expectRule(rule('ANBC-SUBJECT'), x(other.replace(/A2/g, 'A1')), 'passed');
  expectRule(rule('ANBC-SUBJECT'), atRoot('', described()), 'passed');
});

test('ANBC-UNKNOWN: refused with no data, or Success with Warnings and no activity and no data; an activity or a bare Success fails', () => {
  const warned = (content: string) =>
    exchange(
      'activitynbc',
      rs('OTA_ProductDescriptiveInfoRS', `<Success/><Warnings><Warning Type="3">Invalid activity</Warning></Warnings>${content}`),
    );
  expectRule(rule('ANBC-UNKNOWN'), warned('<ProductDescriptiveContents/>'), 'passed');
  expectRule(
    rule('ANBC-UNKNOWN'),
    exchange('activitynbc', rs('OTA_ProductDescriptiveInfoRS', '<Errors><Error Type="3">Unknown activity</Error></Errors>')),
    'passed',
  );
  expectRule(rule('ANBC-UNKNOWN'), warned(`<ProductDescriptiveContents>${described()}</ProductDescriptiveContents>`), 'failed');
  // an item that only echoes the code asked shows no activity (as HNBC-SUBJECT and ANBC-SUBJECT read it): no result
  expectRule(
    rule('ANBC-UNKNOWN'),
    warned('<ProductDescriptiveContents><TourActivityDescriptiveContent TourActivityID="A1"/></ProductDescriptiveContents>'),
    'passed',
  );
  expectRule(rule('ANBC-UNKNOWN'), exchange('activitynbc', reply('')), 'failed');
});
