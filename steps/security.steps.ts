// The security class: what replies must not carry. The World looks at every reply already; this
// sentence states it in a scenario, over every reply the scenario received.
import { Then } from '@cucumber/cucumber';
import { credentialEcho } from '../src/contracts/security';
import type { GatewayWorld } from '../src/cucumber/world';

Then("no reply carries the caller's credentials", async function (this: GatewayWorld) {
  const { redactor, credentials } = this.run;
  await this.record(this.history.map((x) => credentialEcho(redactor, credentials.user).check(x)));
});
