// Building and sending requests. Values come from the samples, the test data and configuration;
// these steps only state what a scenario changes (the edits: ./request-edits.ts).
import { Given, When } from '@cucumber/cucumber';
import { OPERATIONS, type OperationName } from '../src/specification/operations';
import { setMessagePassword } from '../src/xml/requests';
import { bodyInAnotherNamespace, bodyUnderRoot, bodyWithVersion, truncatedBody } from '../src/xml/bodies-outside-spec';
import type { GatewayWorld } from '../src/cucumber/world';
import { REQUEST_EDITS, type EditContext } from './request-edits';
import { boundAt, placeBeyondBound } from '../src/operations/hotelavailability';
import './parameters';

function editContext(world: GatewayWorld): EditContext {
  const { data, config, credentials } = world.run;
  return {
    op: world.currentRequest.operation.name,
    data,
    runId: config.runId,
    requestorContext: credentials.requestorContext,
    instance: credentials.requestorInstance,
    newBookingReference: () => world.newReference('B'),
    precondition: (holds, reason) => world.precondition(holds, reason),
    prices: world.prices,
  };
}

Given('an activity to describe', async function (this: GatewayWorld) {
  await this.findActivityToDescribe();
});

Given('a valid {operation} request', async function (this: GatewayWorld, op: OperationName) {
  // Booking and activity descriptive data name an activity the target really offers.
  await this.activityFor(op);
  this.prepare(op);
});

for (const requestEdit of REQUEST_EDITS) {
  const step = async function (this: GatewayWorld, ...args: unknown[]) {
    // an edit that sets a value from the prices the gateway showed asks for them first
    if (requestEdit.needsPrices) await this.settlePrices();
    requestEdit.apply(this.currentRequest, editContext(this), ...args);
  };
  // Cucumber counts a step function's parameters: the edit's own, less the request and context.
  Object.defineProperty(step, 'length', { value: Math.max(0, requestEdit.apply.length - 2) });
  Given(requestEdit.sentence, step);
}

// HAV-MAXRESPONSES: the bound is sent where the gateway has more hotels to show than it allows.
Given('MaxResponses is below the number of hotels the gateway shows at the place', async function (this: GatewayWorld) {
  const built = this.currentRequest;
  const place = await placeBeyondBound(this);
  this.op = built.operation;
  this.request = boundAt(built, place);
});

// ---- sending
When('the request is sent', async function (this: GatewayWorld) {
  await this.send();
});

When('the request is sent as it is', async function (this: GatewayWorld) {
  // A form outside the spec's tables (a POS without a Source, a request without a hotel): the
  // suite's self-check of the request is skipped, the body is sent as built.
  await this.send(this.currentRequest.toXml());
});

When('the request is sent again with a wrong MessagePassword', async function (this: GatewayWorld) {
  await this.send(setMessagePassword(this.currentRequest, `wrong-${this.run.config.runId}`).toXml());
});

When('the request is sent with its root in another namespace', async function (this: GatewayWorld) {
  await this.send(bodyInAnotherNamespace(this.currentRequest));
});

When('the request is sent with Version {string}', async function (this: GatewayWorld, version: string) {
  await this.send(bodyWithVersion(this.currentRequest, version));
});

When('the request is sent under the root of another operation', async function (this: GatewayWorld) {
  const other = this.currentRequest.operation.name === 'bookread' ? OPERATIONS.bookcancel : OPERATIONS.bookread;
  await this.send(bodyUnderRoot(this.currentRequest, other.requestRoot));
});

When('a body that is not well-formed XML is sent', async function (this: GatewayWorld) {
  await this.send(truncatedBody(this.currentRequest));
});
