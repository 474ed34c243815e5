// A small JSON Schema (2020-12) validator for the user's own files (the test data): only the
// keywords those schemas use (SUPPORTED_KEYWORDS; a test fails when a schema of the project uses
// another, so none is ever silently ignored). Written here rather than taken from a package: the
// subset is small, and every problem must be one line in the suite's words, naming the field, with
// "did you mean" for a misspelt key, all problems of a file at once. `errorMessage` (the
// ajv-errors keyword, ignored by editors) replaces the generic wording of a node's own checks.

export type JsonSchema = { [keyword: string]: unknown };

/** One problem: where (a.b[0].c, or "(root)") and what. */
export interface SchemaProblem {
  path: string;
  message: string;
}

/** Keywords that only describe (editors show them; validation ignores them). */
const ANNOTATIONS = ['$schema', '$id', '$comment', 'title', 'description', 'default', 'examples', 'errorMessage'];
/** Keywords this validator checks. */
const ASSERTIONS = [
  '$ref',
  '$defs',
  'type',
  'enum',
  'const',
  'properties',
  'required',
  'additionalProperties',
  'propertyNames',
  'items',
  'minItems',
  'uniqueItems',
  'contains',
  'allOf',
  'minLength',
  'pattern',
  'minimum',
];
export const SUPPORTED_KEYWORDS: ReadonlySet<string> = new Set([...ANNOTATIONS, ...ASSERTIONS]);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

/** A value as a message shows it: short, quoted when a string. */
export function shown(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}...` : v);
  if (v === null || typeof v === 'number' || typeof v === 'boolean') return String(v);
  return Array.isArray(v) ? 'an array' : 'an object';
}

const matchesType = (v: unknown, t: string) => typeOf(v) === t || (t === 'number' && typeOf(v) === 'integer');

/** Damerau-Levenshtein (optimal string alignment) distance, for "did you mean". */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.length][b.length];
}

/** The candidate closest to `word`, when close enough to be a slip (case, a letter or two). */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  const lower = word.toLowerCase();
  let best: { c: string; d: number } | undefined;
  for (const candidate of candidates) {
    const d = candidate.toLowerCase() === lower ? 0 : distance(lower, candidate.toLowerCase());
    if (!best || d < best.d) best = { c: candidate, d };
  }
  const allowed = word.length >= 5 ? 2 : 1;
  if (best && best.d <= allowed) return best.c;
  // a name cut short ("hotelavail"): the one candidate it begins
  const begun = word.length >= 4 ? candidates.filter((c) => c.toLowerCase().startsWith(lower)) : [];
  return begun.length === 1 ? begun[0] : undefined;
}

const at = (path: string, key: string | number) => (typeof key === 'number' ? `${path}[${key}]` : path === '' ? key : `${path}.${key}`);
const where = (path: string) => path || '(root)';

export class SchemaValidator {
  /** Every named field of the schema, by its path (a.b[].c), for "did you mean" across levels. */
  private readonly fields: Array<{ path: string; name: string }>;

  constructor(private readonly root: JsonSchema) {
    this.fields = this.fieldsOf(root, '');
  }

  /** Every problem of `value`, in document order. */
  validate(value: unknown): SchemaProblem[] {
    const out: SchemaProblem[] = [];
    this.check(this.root, value, '', out);
    return out;
  }

  private resolve(ref: string): JsonSchema {
    const match = /^#\/\$defs\/([A-Za-z0-9_-]+)$/.exec(ref);
    const target = match ? (this.root.$defs as Record<string, JsonSchema> | undefined)?.[match[1]] : undefined;
    if (!target) throw new Error(`schema: $ref ${ref} is not a local #/$defs/<name> of this schema`);
    return target;
  }

  private check(jsonSchema: JsonSchema, v: unknown, path: string, out: SchemaProblem[]): void {
    if (typeof jsonSchema.$ref === 'string') this.check(this.resolve(jsonSchema.$ref), v, path, out);
    const own: string[] = [];
    const types =
      jsonSchema.type === undefined ? [] : Array.isArray(jsonSchema.type) ? (jsonSchema.type as string[]) : [jsonSchema.type as string];
    if (types.length && !types.some((t) => matchesType(v, t))) {
      own.push(`must be ${types.map((t) => TYPE_WORDS[t] ?? t).join(' or ')}, not ${shown(v)}`);
      return this.report(jsonSchema, path, own, out);
    }
    if (Array.isArray(jsonSchema.enum) && !jsonSchema.enum.some((e) => e === v))
      own.push(`must be one of ${jsonSchema.enum.map((e) => shown(e)).join(', ')}, not ${shown(v)}`);
    if ('const' in jsonSchema && jsonSchema.const !== v) own.push(`must be ${shown(jsonSchema.const)}, not ${shown(v)}`);
    if (typeof v === 'string') this.checkString(jsonSchema, v, own);
    if (typeof v === 'number' && typeof jsonSchema.minimum === 'number' && v < jsonSchema.minimum)
      own.push(`must be at least ${jsonSchema.minimum}, not ${v}`);
    if (Array.isArray(v)) this.checkArray(jsonSchema, v, path, own, out);
    if (isObject(v)) this.checkObject(jsonSchema, v, path, out);
    for (const sub of (jsonSchema.allOf as JsonSchema[] | undefined) ?? []) this.check(sub, v, path, out);
    this.report(jsonSchema, path, own, out);
  }

  private report(jsonSchema: JsonSchema, path: string, own: string[], out: SchemaProblem[]): void {
    if (own.length === 0) return;
    if (typeof jsonSchema.errorMessage === 'string') out.push({ path: where(path), message: jsonSchema.errorMessage });
    else for (const message of own) out.push({ path: where(path), message });
  }

  private checkString(jsonSchema: JsonSchema, value: string, own: string[]): void {
    if (typeof jsonSchema.minLength === 'number' && value.length < jsonSchema.minLength)
      own.push(`must hold at least ${jsonSchema.minLength} character(s)`);
    if (typeof jsonSchema.pattern === 'string' && !new RegExp(jsonSchema.pattern, 'u').test(value))
      own.push(`must match /${jsonSchema.pattern}/, not ${shown(value)}`);
  }

  private checkArray(jsonSchema: JsonSchema, list: unknown[], path: string, own: string[], out: SchemaProblem[]): void {
    if (typeof jsonSchema.minItems === 'number' && list.length < jsonSchema.minItems)
      own.push(`must hold at least ${jsonSchema.minItems} item(s), it holds ${list.length}`);
    if (jsonSchema.uniqueItems === true) {
      const seen = list.map((x) => JSON.stringify(x));
      const twice = seen.find((x, i) => seen.indexOf(x) !== i);
      if (twice !== undefined) own.push(`must not name ${twice} twice`);
    }
    if (isObject(jsonSchema.contains) && !list.some((x) => this.quietlyValid(jsonSchema.contains as JsonSchema, x)))
      own.push(`must hold an item that is ${JSON.stringify(jsonSchema.contains)}`);
    if (isObject(jsonSchema.items)) list.forEach((x, i) => this.check(jsonSchema.items as JsonSchema, x, at(path, i), out));
  }

  private checkObject(jsonSchema: JsonSchema, record: Record<string, unknown>, path: string, out: SchemaProblem[]): void {
    const props = (jsonSchema.properties as Record<string, JsonSchema> | undefined) ?? {};
    for (const key of (jsonSchema.required as string[] | undefined) ?? [])
      if (!(key in record)) {
        const what = props[key]?.description;
        const said = typeof what === 'string' ? ` (${firstSentence(what)})` : '';
        out.push({ path: at(path, key), message: `missing${said}` });
      }
    for (const [key, x] of Object.entries(record)) {
      if (props[key]) {
        this.check(props[key], x, at(path, key), out);
        continue;
      }
      if (isObject(jsonSchema.propertyNames) && !this.quietlyValid(jsonSchema.propertyNames, key)) {
        const names = (jsonSchema.propertyNames.enum as string[] | undefined) ?? [];
        const guess = closest(key, names);
        const said =
          typeof jsonSchema.propertyNames.errorMessage === 'string' ? jsonSchema.propertyNames.errorMessage : 'is not a name allowed here';
        out.push({
          path: at(path, key),
          message: `${said}${guess ? `; did you mean "${guess}"?` : ''}${names.length ? ` (one of ${names.join(', ')})` : ''}`,
        });
        continue;
      }
      if (jsonSchema.additionalProperties === false)
        out.push({ path: at(path, key), message: this.unknownField(key, Object.keys(props), path) });
      else if (isObject(jsonSchema.additionalProperties)) this.check(jsonSchema.additionalProperties, x, at(path, key), out);
    }
  }

  /** "unknown field", with the field it is most likely a slip for: here, or at another level. */
  private unknownField(key: string, here: string[], path: string): string {
    const local = closest(key, here);
    if (local) return `unknown field; did you mean "${local}"?`;
    const elsewhere = this.fields.filter((f) => f.path !== at(path, key));
    const named = closest(
      key,
      elsewhere.map((f) => f.name),
    );
    const found = named && elsewhere.find((f) => f.name === named);
    if (found) return `unknown field here; did you mean ${found.path}?`;
    return `unknown field (the fields here: ${here.join(', ')})`;
  }

  private quietlyValid(jsonSchema: JsonSchema, v: unknown): boolean {
    const out: SchemaProblem[] = [];
    this.check(jsonSchema, v, '', out);
    return out.length === 0;
  }

  private fieldsOf(jsonSchema: JsonSchema, path: string, depth = 0): Array<{ path: string; name: string }> {
    if (depth > 8) return [];
    const node = typeof jsonSchema.$ref === 'string' ? { ...this.resolve(jsonSchema.$ref), ...jsonSchema } : jsonSchema;
    const out: Array<{ path: string; name: string }> = [];
    for (const [name, sub] of Object.entries((node.properties as Record<string, JsonSchema> | undefined) ?? {})) {
      out.push({ path: at(path, name), name });
      out.push(...this.fieldsOf(sub, at(path, name), depth + 1));
    }
    if (isObject(node.items)) out.push(...this.fieldsOf(node.items, `${path}[]`, depth + 1));
    return out;
  }
}

/** The first sentence of a description: what a "missing" line says the field is. */
export function firstSentence(text: string): string {
  const match = /^(.*?[.:])(\s|$)/.exec(text);
  return (match ? match[1] : text).replace(/[.:]$/, '');
}

/** Every keyword of a schema (at any depth) this validator does not know: a test keeps it empty. */
export function unsupportedKeywords(s: unknown, path = '#'): string[] {
  if (!isObject(s)) return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(s)) {
    if (!SUPPORTED_KEYWORDS.has(k)) out.push(`${path}/${k}`);
    if (k === 'properties' || k === '$defs') {
      for (const [name, sub] of Object.entries(v as Record<string, unknown>)) out.push(...unsupportedKeywords(sub, `${path}/${k}/${name}`));
    } else if (k === 'allOf' && Array.isArray(v)) v.forEach((sub, i) => out.push(...unsupportedKeywords(sub, `${path}/allOf/${i}`)));
    else if (['items', 'additionalProperties', 'propertyNames', 'contains'].includes(k))
      out.push(...unsupportedKeywords(v, `${path}/${k}`));
  }
  return out;
}
