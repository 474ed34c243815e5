// Verdicts on the last reply: the envelope every reply to a valid request shares, refusals, and
// the operation's own contract rules (one sentence per rule, defined in src/operations/<op>/).
import { Then } from '@cucumber/cucumber';
import { sentenceRules, stepRule } from '../src/operations';
import { contrastParty, participantsSent, partyServed, showsNoParty } from '../src/operations/activitybook';
import {
  ENVELOPE_RULES,
  contentType,
  echoToken,
  errorType,
  isoDates,
  namespace,
  noDoctype,
  refusalCheck,
  rsRoot,
  served,
  status200,
  successXorErrors,
  timely,
  version,
  wellFormed,
} from '../src/contracts/envelope';
import type { Rule } from '../src/contracts/rule';
import { retryEvidence, retryForProduct } from '../src/cucumber/product-retry';
import type { RequirementId } from '../src/specification/requirements';
import { StepUsageError } from '../src/core/errors';
import type { GatewayWorld } from '../src/cucumber/world';
import './parameters';

// The envelope of a reply to a valid request. Whether it was served is each scenario's own
// requirement (its operation's rules check it), so a refusal is blamed on that requirement.
Then('the reply is a conforming OTA success', async function (this: GatewayWorld) {
  await askAgainForProduct(this);
  await this.check(ENVELOPE_RULES);
});

// A quote or an availability request refused for its product's own reason (a party, an age, a day)
// is asked again with what the gateway offers: the form is judged, never the product.
Then('the request is served, as {requirement} requires', async function (this: GatewayWorld, req: RequirementId) {
  await askAgainForProduct(this);
  await this.check([served(req)]);
});

// Served for every participant sent, where the reply shows its party: an acknowledgement is no evidence.
Then('the request is served for every participant, as {requirement} requires', async function (this: GatewayWorld, req: RequirementId) {
  await askAgainForProduct(this);
  const party = this.reply;
  const sent = participantsSent(party);
  if (sent < 1 || !showsNoParty(party, this.run.replyProfile.facts)) return this.check([partyServed(req)], party);
  // A total alone shows no party (one participant's no more than several's): the same quote for another party is its contrast.
  const contrast = await contrastParty(this.currentRequest, sent, () => this.send());
  await this.check([partyServed(req, contrast)], party);
});

/** Asks again for a valid request refused for a reason of its product, and says so in the evidence. */
async function askAgainForProduct(world: GatewayWorld): Promise<void> {
  const retried = await retryForProduct(world);
  if (retried)
    await world.attach(world.run.redactor.scrub(retryEvidence(retried)), { mediaType: 'text/plain', fileName: 'product-retry.txt' });
}

// Everything at once, so that each envelope requirement gets its own outcome from one reply.
Then('the envelope conforms', async function (this: GatewayWorld) {
  await askAgainForProduct(this);
  await this.check([served('EP-POST'), served('AUTH-VALID'), ...ENVELOPE_RULES, errorType]);
});

Then('the request is refused, as {requirement} requires', async function (this: GatewayWorld, req: RequirementId) {
  // an unknown hotel or activity may also be answered with Warnings and no data: its contract's own reading
  const own = stepRule(this.reply.op.name, req);
  const judged = own ? own.check(this.reply, this.run.replyProfile.facts) : refusalCheck(this.reply, req).result();
  await this.record([judged, errorType.check(this.reply, this.run.replyProfile.facts)], this.reply);
});

// Envelope rules, one sentence each, for the envelope feature.
const envelope: Array<[string, Rule]> = [
  ['the reply arrives within the request timeout', timely],
  ['the HTTP status is 200', status200],
  ['the Content-Type is application/xml', contentType],
  ['the body is well-formed XML', wellFormed],
  ['the reply carries no DOCTYPE', noDoctype],
  ['the root element is in the OTA namespace', namespace],
  ["the root element is the operation's RS", rsRoot],
  ['the root element carries a Version', version],
  ['the reply holds exactly one of Success or Errors', successXorErrors],
  ['the EchoToken is echoed', echoToken],
  ['dates are ISO 8601', isoDates],
];
for (const [sentence, rule] of envelope) {
  Then(sentence, async function (this: GatewayWorld) {
    await this.check([rule]);
  });
}

// Operation rules: the sentence lives with the rule in its contract.
for (const { op, rule } of sentenceRules()) {
  Then(rule.sentence, async function (this: GatewayWorld) {
    if (this.reply.op.name !== op)
      throw new StepUsageError(`"${rule.sentence}" checks a ${op} reply, but the last reply is ${this.reply.op.name}`);
    await this.check([rule]);
  });
}

Then('the reply validates against the OpenTravel 2016B schema', async function (this: GatewayWorld) {
  const schema = await this.alignmentSchema();
  if (!schema) return this.skip(this.noSchemaReason());
  await this.record([schema.check(this.reply)], this.reply);
});
