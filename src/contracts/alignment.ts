// The alignment class (INFO): replies compared with the OpenTravel 2016B schemas. Never decides
// conformance: the gateway's dialect departs from the standard by design in places.
import type { XmlSchema } from '../xml/xml';
import { rule, type Rule } from './rule';

export function alignmentRule(schema: XmlSchema, root: string): Rule {
  return rule('ALIGN-XSD', undefined, (x, c, r) => {
    for (const f of schema.validate(r.doc))
      c.fail(f.line ? `line ${f.line}` : 'document', `valid against ${root}.xsd (OpenTravel 2016B)`, f.message);
  });
}
