// Verdicts on the last reply: the envelope every reply shares, Success or Errors, and the
// operation's own contract rules (one sentence per rule, defined in src/contracts/).
import { Then } from '@cucumber/cucumber';
import { CONTRACTS, sentenceRules } from '../src/contracts';
import {
  contentType, echoToken, errorType, isoDates, namespace, noDoctype, refusalFindings, rsRoot, status200,
  SUCCESS_RULES, successXorErrors, timely, version, wellFormed,
} from '../src/contracts/envelope';
import { finding, type Rule } from '../src/contracts/rule';
import type { GatewayWorld } from '../src/cucumber/world';

Then('the reply is a conforming OTA success', async function (this: GatewayWorld) {
  const x = this.reply;
  // A missing Success defeats what the scenario checks: name the operation's own success
  // requirement when the scenario cites it, else the scenario's requirement.
  const own = CONTRACTS[x.op.name].success(x);
  const req = this.requirementTags.includes(own) || this.requirementTags.length === 0 ? own : this.requirementTags[0];
  const findings = SUCCESS_RULES.flatMap((r) => r.check(x));
  if (x.reply.doc && !x.reply.doc.exists('/*/ota:Success')) {
    const errors = x.reply.doc.values('/*/ota:Errors/ota:Error/@ShortText | /*/ota:Errors/ota:Error');
    findings.push(finding(req, '/*/ota:Success', 'Success (a valid request)', errors.length ? `Errors: ${errors.join(' | ')}` : '(absent)'));
  }
  await this.verdict(findings);
});

Then('the envelope conforms', async function (this: GatewayWorld) {
  await this.verify([...SUCCESS_RULES, errorType]);
});

Then('the gateway refuses it with an Errors reply', async function (this: GatewayWorld) {
  // The requirements refused here are the scenario's own @req tags.
  const reqs = this.requirementTags.length ? this.requirementTags : ['EP-ERROR-TYPE'];
  await this.verdict([...reqs.flatMap((req) => refusalFindings(this.reply, req)), ...errorType.check(this.reply)]);
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
  ['dates are ISO 8601 without zone', isoDates],
];
for (const [sentence, rule] of envelope) {
  Then(sentence, async function (this: GatewayWorld) {
    await this.verify([rule]);
  });
}

// Operation rules: the sentence lives with the rule in its contract.
for (const { op, rule } of sentenceRules()) {
  Then(rule.sentence, async function (this: GatewayWorld) {
    if (this.reply.op.name !== op) throw new Error(`"${rule.sentence}" checks a ${op} reply, but the last reply is ${this.reply.op.name}`);
    await this.verify([rule]);
  });
}

Then('the reply validates against the OpenTravel 2016B schema', async function (this: GatewayWorld) {
  const findings = await this.alignmentFindings();
  if (findings === 'no-schema') return 'skipped';
  await this.verdict(findings);
});
