// The codes that exist at the target (OTA_TEST_DATA). A certifier describes their implementation
// here instead of touching code; scenarios discover the rest (activity IDs, supplier codes) by
// searching first, then booking what was found.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../core/errors';
import type { BookingForms, BookingValues, ConformanceClass, PartialCancellationForm, Party, Place, TestData } from '../core/test-data';
import { PROJECT_ROOT } from './config';
import { SchemaValidator, type JsonSchema, type SchemaProblem } from '../core/json-schema';

/** The test data's JSON Schema: the one description of the format (editors, this check, docs/gateway.md). */
export const TEST_DATA_SCHEMA_FILE = join(PROJECT_ROOT, 'schemas', 'test-data.schema.json');

let validator: SchemaValidator | undefined;
export function testDataSchema(): JsonSchema {
  return JSON.parse(readFileSync(TEST_DATA_SCHEMA_FILE, 'utf8')) as JsonSchema;
}

export const DEFAULT_PARTIES: Party[] = [
  { adults: 2, children: 1 },
  { adults: 1, children: 0 },
];
const DEFAULT_CANCELLED_WORDS = ['Cancelled', 'Canceled'];

/** Whether the test data declares availability for `party`. */
export const partyAvailable = (data: Pick<TestData, 'availableParties'>, party: Party): boolean =>
  data.availableParties.some((p) => p.adults === party.adults && p.children === party.children);

/** A JSON syntax error with its line and column (JSON.parse gives an offset, at best). */
function parseJson(file: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const offset = /position (\d+)/.exec(message);
    let place = '';
    if (offset) {
      const before = text.slice(0, Number(offset[1])).split('\n');
      place = ` at line ${before.length}, column ${before[before.length - 1].length + 1}`;
    }
    throw new ConfigError(`test data ${file}: cannot be read as JSON${place} (${message.replace(/ in JSON at position \d+.*$/, '')})`);
  }
}

/** What the schema cannot say: rules across fields. Each a problem line; only on well-formed parts. */
function crossFieldProblems(root: Record<string, unknown>): SchemaProblem[] {
  const out: SchemaProblem[] = [];
  if (Array.isArray(root.availableParties))
    root.availableParties.forEach((availableParty, index) => {
      const party = (availableParty ?? {}) as Record<string, unknown>;
      if ((party.adults ?? 0) === 0 && (party.children ?? 0) === 0)
        out.push({ path: `availableParties[${index}]`, message: 'must hold at least one person' });
    });
  return out;
}

/**
 * Every problem of a test-data object, one line each ("<field>: <what>"), against the schema and
 * the rules across fields; empty when it can drive a run.
 */
export function testDataProblems(root: unknown): string[] {
  validator ??= new SchemaValidator(testDataSchema());
  const problems = validator.validate(root);
  if (typeof root === 'object' && root !== null) problems.push(...crossFieldProblems(root as Record<string, unknown>));
  return problems.map((p) => `${p.path}: ${p.message}`);
}

/** Loads and checks a test-data file: every problem at once, one line each, naming the field. */
export function loadTestData(file: string, overrides: Record<string, unknown> = {}): TestData {
  const raw = parseJson(file, readFileSync(file, 'utf8'));
  const root = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? deepMerge(raw as Record<string, unknown>, overrides) : raw;
  const problems = testDataProblems(root);
  if (problems.length === 1) throw new ConfigError(`test data ${file}: ${problems[0]}`);
  if (problems.length > 1)
    throw new ConfigError(
      `test data ${file} has ${problems.length} problems (schema: schemas/test-data.schema.json):\n  ${problems.join('\n  ')}`,
    );
  return testDataOf(root as Record<string, unknown>);
}

/** The run's test data from a checked file: the defaults filled in. */
function testDataOf(root: Record<string, unknown>): TestData {
  type Raw = Record<string, unknown>;
  const record = (root.booking ?? {}) as Raw;
  const booking: BookingForms = {
    commitResStatus: (record.commitResStatus as string | undefined) ?? 'Commit',
    commitCancelType: (record.commitCancelType as string | undefined) ?? 'Commit',
    cancelledStatusWords: ((record.cancelledStatusWords as string[] | undefined) ?? DEFAULT_CANCELLED_WORDS).map((w) => w.trim()),
    ...(record.partialCancellation ? { partialCancellation: record.partialCancellation as PartialCancellationForm } : {}),
  };
  // No claims written: every class (a partial-cancellation form not declared is found by the run).
  const claims = (root.claims as ConformanceClass[] | undefined) ?? ['core', 'booking', 'partial-cancellation', 'security', 'alignment'];
  const ha = root.hotelAvailability as Raw;
  const act = root.activities as Raw;
  const text = (o: Raw, k: string) => (o[k] as string).trim();
  const place = (p: unknown): Place => ({ context: (p as Place).context, name: (p as Place).name.trim() });
  return {
    description: typeof root.description === 'string' ? root.description : undefined,
    // the schema checked it: an object of strings (npm run init's "where each value came from")
    ...(root.sources ? { sources: root.sources as Record<string, string> } : {}),
    claims,
    booking,
    language: text(root, 'language'),
    altLanguage: text(root, 'altLanguage'),
    offsetDays: root.offsetDays as number,
    nights: root.nights as number,
    availableParties: ((root.availableParties as Array<Partial<Party>> | undefined) ?? DEFAULT_PARTIES).map((p) => ({
      adults: p.adults ?? 0,
      children: p.children ?? 0,
    })),
    latencyBudgetsMs: (root.latencyBudgetsMs as Record<string, number> | undefined) ?? {},
    placeAliases: Object.fromEntries(
      Object.entries((root.placeAliases as Record<string, string[]> | undefined) ?? {}).map(([n, l]) => [n, l.map((x) => x.trim())]),
    ),
    hotelAvailability: {
      infoSource: text(ha, 'infoSource'),
      places: (ha.places as unknown[]).map(place),
      emptyPlace: place(ha.emptyPlace),
    },
    hotels: (root.hotels as Raw[]).map((h) => ({ code: text(h, 'code'), ...(h.brandCode ? { brandCode: text(h, 'brandCode') } : {}) })),
    activities: {
      hotelCodes: (act.hotelCodes as string[]).map((c) => c.trim()),
      productCode: text(act, 'productCode'),
      currency: text(act, 'currency'),
      bookingValues: (act.bookingValues as BookingValues | undefined) ?? {},
    },
    transfers: Object.fromEntries(
      Object.entries(root.transfers as Raw).map(([k, v]) => [k, (v as string).trim()]),
    ) as TestData['transfers'],
    unknown: Object.fromEntries(Object.entries(root.unknown as Raw).map(([k, v]) => [k, (v as string).trim()])) as TestData['unknown'],
  };
}

/** Plain-object deep merge: `over` wins; arrays are replaced, not merged. */
export function deepMerge(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const b = out[k];
    out[k] =
      v && typeof v === 'object' && !Array.isArray(v) && b && typeof b === 'object' && !Array.isArray(b)
        ? deepMerge(b as Record<string, unknown>, v as Record<string, unknown>)
        : v;
  }
  return out;
}
