// The alignment class (INFO): replies compared with the OpenTravel 2016B schemas. Never decides
// conformance: the gateway's dialect departs from the standard by design in places.
import type { OperationSpec } from '../specification/operations';
import type { XmlSchema } from '../xml/xml';
import { rule, type Rule } from './rule';

export function alignmentRule(schema: XmlSchema, root: string): Rule {
  return rule('ALIGN-XSD', undefined, (exchange, check, reply) => {
    for (const schemaFinding of schema.validate(reply.doc))
      check.fail(
        schemaFinding.line ? `line ${schemaFinding.line}` : 'document',
        `valid against ${root}.xsd (OpenTravel 2016B)`,
        schemaFinding.message,
      );
  });
}

/**
 * The root whose OpenTravel schema a reply is validated against: the root received, when it is one
 * the operation accepts (OTA_TourActivityResRetrieveRS has its own schema, not OTA_ResRetrieveRS's)
 * or OpenTravel's error message; any other root against the operation's own, which names the
 * difference.
 */
export function schemaRoot(op: Pick<OperationSpec, 'replyRoot' | 'altReplyRoots'>, received: string | undefined): string {
  return received && [op.replyRoot, ...op.altReplyRoots, 'OTA_ErrorRS'].includes(received) ? received : op.replyRoot;
}
