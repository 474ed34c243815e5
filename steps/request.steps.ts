// Building and sending requests. Values come from the samples, the test data and configuration;
// these steps only state what a scenario changes.
import { Given, When } from '@cucumber/cucumber';
import type { OperationName } from '../src/spec/operations';
import type { GatewayWorld } from '../src/cucumber/world';
import './parameters';

Given('a valid {operation} request', async function (this: GatewayWorld, op: OperationName) {
  // Booking and activity descriptive data need an activity the target really offers.
  if ((op === 'activitybook' || op === 'activitynbc') && !this.remembered.tourActivityId) await this.discoverActivity();
  this.prepare(op);
});

Given('it carries an EchoToken', function (this: GatewayWorld) {
  this.currentRequest.setAttribute('/*', 'EchoToken', `OGC-${this.run.config.runId}-${this.history.length + 1}`);
});

// ---- hotel availability
Given('MaxResponses is {int}', function (this: GatewayWorld, n: number) {
  this.currentRequest.setAttribute('/*', 'MaxResponses', n);
});

Given('the place is test-data place {int}', function (this: GatewayWorld, i: number) {
  const place = this.run.data.hotelAvailability.places[i - 1];
  if (!place) throw new Error(`the test data has ${this.run.data.hotelAvailability.places.length} place(s), not ${i}`);
  this.currentRequest.setAttribute('//ota:RefPoint', 'CodeContext', place.context).setText('//ota:RefPoint', place.name);
});

Given('the place is one where nothing is available', function (this: GatewayWorld) {
  const place = this.run.data.hotelAvailability.emptyPlace;
  this.currentRequest.setAttribute('//ota:RefPoint', 'CodeContext', place.context).setText('//ota:RefPoint', place.name);
});

// ---- participants, guests, passengers (whichever the operation has)
Given('the party is {int} adult(s) and {int} child(ren)', function (this: GatewayWorld, adults: number, children: number) {
  const r = this.currentRequest;
  const set = (path: string, attr: string, code: string, n: number) => {
    if (r.values(path).length) r.setAttribute(path.replace('CODE', code), attr, n);
  };
  set("ota:TourActivity/ota:ParticipantCount[ota:QualifierInfo='CODE']", 'Quantity', '10', adults);
  set("ota:TourActivity/ota:ParticipantCount[ota:QualifierInfo='CODE']", 'Quantity', '8', children);
  set("//ota:GuestCount[@AgeQualifyingCode='CODE']", 'Count', '10', adults);
  set("//ota:GuestCount[@AgeQualifyingCode='CODE']", 'Count', '8', children);
  set("ota:Passengers[ota:Category/@Code='CODE']", 'Quantity', '10', adults);
  set("ota:Passengers[ota:Category/@Code='CODE']", 'Quantity', '8', children);
});

// ---- activity availability
Given('MaximumPrice is {string} {word} with {int} decimal(s)', function (this: GatewayWorld, amount: string, currency: string, decimals: number) {
  this.currentRequest
    .setAttribute('//ota:MaximumPrice', 'Amount', amount)
    .setAttribute('//ota:MaximumPrice', 'CurrencyCode', currency)
    .setAttribute('//ota:MaximumPrice', 'CurrencyDecimal', decimals);
});

Given('no product is named', function (this: GatewayWorld) {
  const path = this.op?.name === 'activitysearch' ? "//ota:LocationPref[@Context='Service']" : "//ota:Location[@Context='Service']";
  this.currentRequest.remove(path);
});

// ---- transfers
Given('a disability-adapted vehicle is required', function (this: GatewayWorld) {
  this.currentRequest.setAttribute('//ota:DisabilityInfo', 'RequiredInd', 'true');
});

// ---- codes the target does not know
Given('the hotel code is unknown', function (this: GatewayWorld) {
  this.currentRequest.setAttribute('//ota:HotelDescriptiveInfo', 'HotelCode', this.run.data.unknown.hotelCode);
});

Given('the TourActivityID is unknown', function (this: GatewayWorld) {
  this.currentRequest.setAttribute('//ota:TourActivityDescriptiveInfo', 'TourActivityID', this.run.data.unknown.tourActivityId);
});

Given('the booking reference is unknown', function (this: GatewayWorld) {
  this.currentRequest.setAttribute("ota:UniqueID[@Type='36']", 'ID', this.newReference('B'));
});

// ---- authentication
Given('the MessagePassword is wrong', function (this: GatewayWorld) {
  this.currentRequest.setAttribute("//ota:RequestorID[@Type='88']", 'MessagePassword', `wrong-${this.run.config.runId}`);
});

Given('the Type 88 ID is wrong', function (this: GatewayWorld) {
  this.currentRequest.setAttribute("//ota:RequestorID[@Type='88']", 'ID', `nobody-${this.run.config.runId}`);
});

Given('the ID_Context is wrong', function (this: GatewayWorld) {
  this.currentRequest.setAttribute("//ota:RequestorID[@Type='22']", 'ID_Context', `NOT-${this.run.credentials.requestorContext}`);
});

Given('the POS is left out', function (this: GatewayWorld) {
  this.currentRequest.remove('ota:POS');
});

Given('the POS holds only its first Source', function (this: GatewayWorld) {
  this.currentRequest.remove('ota:POS/ota:Source[2]');
});

// ---- sending
When('the request is sent', async function (this: GatewayWorld) {
  await this.send();
});

When('the request is sent as it is', async function (this: GatewayWorld) {
  // Deliberately outside the spec's table (authentication cases): skip the self-check.
  await this.send(this.currentRequest.toXml());
});

When('the request is sent with its root in another namespace', async function (this: GatewayWorld) {
  const xml = this.currentRequest.toXml().replace(/xmlns="http:\/\/www\.opentravel\.org\/OTA\/2003\/05"/, 'xmlns="http://www.example.com/not-ota"');
  await this.send(xml);
});

When('the request is sent with Version {string}', async function (this: GatewayWorld, version: string) {
  await this.send(this.currentRequest.toXml().replace(/(<\w+[^>]*?\sVersion=")[^"]*"/, `$1${version}"`));
});

When('the request is sent under the root of another operation', async function (this: GatewayWorld) {
  const root = this.op!.requestRoot;
  const other = this.op!.name === 'bookread' ? 'OTA_CancelRQ' : 'OTA_ReadRQ';
  const xml = this.currentRequest.toXml().replace(new RegExp(`(</?)${root}\\b`, 'g'), `$1${other}`);
  await this.send(xml);
});

When('a body that is not well-formed XML is sent', async function (this: GatewayWorld) {
  const xml = this.currentRequest.toXml();
  await this.send(xml.slice(0, Math.floor(xml.length * 0.6)));
});
