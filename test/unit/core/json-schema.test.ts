// The small JSON Schema validator of the user's files: each keyword it supports, in the suite's
// words, one line per problem, and "did you mean" for a slip.
import { test } from 'node:test';
import { strict as assert } from 'node:assert';
import { closest, SchemaValidator, unsupportedKeywords, type JsonSchema } from '../../../src/core/json-schema';

const SCHEMA: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'size'],
  properties: {
    name: { $ref: '#/$defs/text', description: 'The name of the thing. More words.' },
    size: { type: 'integer', minimum: 1 },
    kind: { enum: ['a', 'b'] },
    tags: { type: 'array', items: { $ref: '#/$defs/text' }, minItems: 2, uniqueItems: true },
    places: {
      type: 'array',
      allOf: [{ contains: { const: 'here' }, errorMessage: 'must name here' }],
    },
    budgets: { type: 'object', propertyNames: { enum: ['hotelnbc', 'bookread'], errorMessage: 'is not an operation' } },
    inner: { type: 'object', additionalProperties: false, properties: { deepField: { type: 'boolean' } } },
  },
  $defs: { text: { type: 'string', pattern: '\\S', errorMessage: 'must be a non-empty string' } },
};
const problems = (v: unknown) => new SchemaValidator(SCHEMA).validate(v).map((p) => `${p.path}: ${p.message}`);

test('a valid value has no problem', () => {
  assert.deepEqual(problems({ name: 'x', size: 2, kind: 'a', tags: ['p', 'q'], places: ['here'], budgets: { hotelnbc: 1 } }), []);
});

test('each keyword says what is wrong, where, in one line', () => {
  assert.deepEqual(problems([]), ['(root): must be an object, not an array']);
  assert.deepEqual(problems({ size: 0, kind: 'c', tags: ['p', 'p'], places: ['there'] }), [
    'name: missing (The name of the thing)',
    'size: must be at least 1, not 0',
    'kind: must be one of "a", "b", not "c"',
    'tags: must not name "p" twice',
    'places: must name here',
  ]);
  assert.deepEqual(problems({ name: 'x', size: 1, tags: ['p'] }), ['tags: must hold at least 2 item(s), it holds 1']);
  assert.deepEqual(problems({ name: ' ', size: 1.5 }), ['name: must be a non-empty string', 'size: must be a whole number, not 1.5']);
});

test('an unknown key: the likely slip here, at another level, or the fields of this level', () => {
  assert.deepEqual(problems({ name: 'x', size: 1, Kind: 'a' }), ['Kind: unknown field; did you mean "kind"?']);
  assert.deepEqual(problems({ name: 'x', size: 1, deepfield: true }), ['deepfield: unknown field here; did you mean inner.deepField?']);
  assert.deepEqual(problems({ name: 'x', size: 1, colour: 'red' }), [
    'colour: unknown field (the fields here: name, size, kind, tags, places, budgets, inner)',
  ]);
  assert.deepEqual(problems({ name: 'x', size: 1, budgets: { hotelnb: 1 } }), [
    'budgets.hotelnb: is not an operation; did you mean "hotelnbc"? (one of hotelnbc, bookread)',
  ]);
});

test('closest: case, a letter or two, a name cut short; nothing for another word', () => {
  assert.equal(closest('placeAliase', ['placeAliases', 'places']), 'placeAliases');
  assert.equal(closest('NIGHTS', ['nights']), 'nights');
  assert.equal(closest('nigths', ['nights']), 'nights');
  assert.equal(closest('hotelavail', ['hotelavailability', 'hotelnbc']), 'hotelavailability');
  assert.equal(closest('colour', ['name', 'size']), undefined);
});

test('a keyword the validator does not check is found, so no schema relies on one silently', () => {
  assert.deepEqual(unsupportedKeywords(SCHEMA), []);
  assert.deepEqual(unsupportedKeywords({ type: 'object', properties: { a: { type: 'string', maxLength: 3 } }, oneOf: [] }), [
    '#/properties/a/maxLength',
    '#/oneOf',
  ]);
  assert.throws(() => new SchemaValidator({ properties: { a: { $ref: 'other.json#/x' } } }), /not a local #\/\$defs\/<name>/);
});
