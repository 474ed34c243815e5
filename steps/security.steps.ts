// The security class: what replies must not carry. The World looks at every reply as it arrives
// (GatewayWorld.send records SEC-NO-CREDENTIAL-ECHO for each); this sentence states it in a
// scenario, so that the requirement has a scenario of its own, without checking the replies twice.
import { Then } from '@cucumber/cucumber';
import { StepUsageError } from '../src/core/errors';
import type { GatewayWorld } from '../src/cucumber/world';

Then("no reply carries the caller's credentials", function (this: GatewayWorld) {
  if (this.history.length === 0) throw new StepUsageError('no request has been sent in this scenario (a When step is missing)');
});
