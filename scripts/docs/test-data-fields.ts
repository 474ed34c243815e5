// The table of test-data fields in docs/gateway.md (`<!-- test-data:fields -->`), rendered from
// schemas/test-data.schema.json: its descriptions, types, defaults and what is required. A field
// the schema has is documented; a field it lacks is refused by the run ("unknown field").
import { testDataSchema } from '../../src/run/test-data-file';
import type { JsonSchema } from '../../src/core/json-schema';

type Node = JsonSchema;
const code = (v: unknown) => `\`${JSON.stringify(v)}\``;
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();

function deref(root: Node, jsonSchema: Node): Node {
  if (typeof jsonSchema.$ref !== 'string') return jsonSchema;
  const name = jsonSchema.$ref.replace('#/$defs/', '');
  const { $ref: _r, ...own } = jsonSchema;
  return { ...(root.$defs as Record<string, Node>)[name], ...own };
}

/** What a value of the field is, in words. */
function typeOf(root: Node, raw: Node): string {
  const jsonSchema = deref(root, raw);
  if (typeof jsonSchema.title === 'string') return jsonSchema.title;
  if (Array.isArray(jsonSchema.enum))
    return jsonSchema.enum.length === 2 ? jsonSchema.enum.map(code).join(' or ') : `one of ${jsonSchema.enum.map(code).join(', ')}`;
  const min = typeof jsonSchema.minimum === 'number' ? ` ≥ ${jsonSchema.minimum}` : '';
  if (jsonSchema.type === 'integer') return `whole number${min}`;
  if (jsonSchema.type === 'array') {
    const item = typeOf(root, (jsonSchema.items as Node | undefined) ?? {});
    const items = item.startsWith('one of') ? `values, each ${item}` : item.endsWith('s') ? item : `${item}s`;
    return `list of ${items}${typeof jsonSchema.minItems === 'number' && jsonSchema.minItems > 1 ? ` (at least ${jsonSchema.minItems})` : ''}`;
  }
  if (jsonSchema.type === 'object' && typeof jsonSchema.additionalProperties === 'object') {
    const names = jsonSchema.propertyNames as Node | undefined;
    return `object: ${names?.enum ? 'operation' : 'name'} → ${typeOf(root, jsonSchema.additionalProperties as Node)}`;
  }
  return typeof jsonSchema.type === 'string' ? jsonSchema.type : 'value';
}

/** One row per field, depth first: objects, then their fields (list items as `[]`). */
function rows(root: Node, jsonSchema: Node, path: string, required: boolean, out: string[]): void {
  const node = deref(root, jsonSchema);
  if (path) {
    const need = 'default' in node ? `default ${code(node.default)}` : required ? 'required' : 'optional';
    out.push(`| \`${path}\` | ${cell(typeOf(root, jsonSchema))} | ${need} | ${cell(String(node.description ?? ''))} |`);
  }
  const inner = node.type === 'array' ? deref(root, (node.items as Node | undefined) ?? {}) : node;
  const at = node.type === 'array' ? `${path}[]` : path;
  const req = new Set((inner.required as string[] | undefined) ?? []);
  for (const [name, sub] of Object.entries((inner.properties as Record<string, Node> | undefined) ?? {}))
    if (name !== '$schema' || !path) rows(root, sub, at ? `${at}.${name}` : name, req.has(name), out);
}

export function testDataFieldsTable(schema: Node = testDataSchema()): string {
  const out: string[] = [];
  rows(schema, schema, '', true, out);
  return ['| Field | Type | Required | Meaning |', '|---|---|---|---|', ...out].join('\n');
}
