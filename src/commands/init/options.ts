// `npm run init`'s options: the least a user knows (one hotel code, or one place), where the file
// goes, and the values the gateway cannot tell (the booking words, an airline...), each optional,
// the OpenTravel default then named as a guess. Every problem is one line, exit 2, before contact.
import { isAbsolute, resolve } from 'node:path';
import { ConfigError } from '../../core/errors';
import {
  CONFORMANCE_CLASSES,
  PARTIAL_CANCELLATION_FORMS,
  type ConformanceClass,
  type PartialCancellationForm,
  type Place,
} from '../../core/test-data';

export interface InitOptions {
  hotel?: string;
  place?: Place;
  /** The file written (absolute). */
  out: string;
  force: boolean;
  partial: boolean;
  claims?: ConformanceClass[];
  commitResStatus?: string;
  commitCancelType?: string;
  cancelledWords?: string[];
  partialCancellation?: PartialCancellationForm;
  language?: string;
  altLanguage?: string;
  infoSource?: string;
  airport?: string;
  airline?: string;
  locationType?: string;
  offsetDays: number;
  nights: number;
  maxRequests: number;
}

export const INIT_USAGE = `usage: npm run init -- (--hotel <code> | --place <Country|Region>:<name>) [--out <file>] [--force] [--partial]
  [--claim <classes>] [--commit-res-status <word>] [--commit-cancel-type <word>] [--cancelled-words <w1,w2>]
  [--partial-cancellation item-reference|segment|segment-range] [--language <code>] [--alt-language <code>] [--info-source <text>]
  [--airport <IATA>] [--airline <code>] [--location-type <code>] [--offset-days <n>] [--nights <n>] [--max-requests <n>]
The target and its credentials come from the environment, as for a run (OTA_BASE_URL, OTA_REQUESTOR_ID, ...;
unset OTA_BASE_URL: the embedded sandbox). See docs/gateway.md, "Test data from the gateway".`;

const VALUED = [
  '--hotel',
  '--place',
  '--out',
  '--claim',
  '--commit-res-status',
  '--commit-cancel-type',
  '--cancelled-words',
  '--partial-cancellation',
  '--language',
  '--alt-language',
  '--info-source',
  '--airport',
  '--airline',
  '--location-type',
  '--offset-days',
  '--nights',
  '--max-requests',
] as const;
const FLAGS = ['--force', '--partial'] as const;

function whole(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max)
    throw new ConfigError(`${name} ${raw}: a whole number from ${min} to ${max}`);
  return Number(raw);
}

function text(name: string, raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  if (!raw.trim()) throw new ConfigError(`${name}: must not be empty`);
  return raw.trim();
}

function placeOf(raw: string): Place {
  const match = /^(Country|Region):(.*\S.*)$/i.exec(raw);
  if (!match)
    throw new ConfigError(
      `--place ${raw}: expected Country:<name> or Region:<name> (the RefPoint CodeContext and text), as Region:Mallorca`,
    );
  return { context: match[1].toLowerCase() === 'country' ? 'Country' : 'Region', name: match[2].trim() };
}

function claimsOf(raw: string): ConformanceClass[] {
  const claims = raw.split(',').map((c) => c.trim());
  const unknown = claims.filter((c) => !(CONFORMANCE_CLASSES as readonly string[]).includes(c));
  if (unknown.length) throw new ConfigError(`--claim: unknown class(es) ${unknown.join(', ')}; known: ${CONFORMANCE_CLASSES.join(', ')}`);
  if (!claims.includes('core')) throw new ConfigError('--claim must include core (what the spec states for all nine operations)');
  return claims as ConformanceClass[];
}

/** The options of one `npm run init`; `defaultOut` is where the file goes without --out (OTA_TEST_DATA, or gateway.test-data.json). */
export function parseInitOptions(argv: readonly string[], defaultOut: string, cwd = process.cwd()): InitOptions {
  const record: Partial<Record<(typeof VALUED)[number], string>> = {};
  const flags = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const [name, inline] = a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    if ((FLAGS as readonly string[]).includes(name) && inline === undefined) flags.add(name);
    else if ((VALUED as readonly string[]).includes(name)) {
      const value = inline ?? argv[++i];
      if (value === undefined || (inline === undefined && value.startsWith('--'))) throw new ConfigError(`${name} needs a value`);
      record[name as (typeof VALUED)[number]] = value;
    } else throw new ConfigError(`unknown option ${a}\n${INIT_USAGE}`);
  }
  if (!record['--hotel'] === !record['--place'])
    throw new ConfigError(`give one hotel code (--hotel) or one place (--place), not ${record['--hotel'] ? 'both' : 'neither'}`);
  const airport = text('--airport', record['--airport']);
  if (airport && !/^[A-Z]{3}$/.test(airport)) throw new ConfigError(`--airport ${airport}: a three-letter IATA airport code, as PMI`);
  const partialCancellation = record['--partial-cancellation'] as PartialCancellationForm | undefined;
  if (partialCancellation !== undefined && !PARTIAL_CANCELLATION_FORMS.includes(partialCancellation))
    throw new ConfigError(
      `--partial-cancellation ${partialCancellation}: one of ${PARTIAL_CANCELLATION_FORMS.join(', ')} (OTA_CancelRQ: the item's UniqueID Type 37, Segment/@ItinSegNbr, a Segment range)`,
    );
  const out = record['--out'] ?? defaultOut;
  return {
    hotel: text('--hotel', record['--hotel']),
    ...(record['--place'] ? { place: placeOf(record['--place']) } : {}),
    out: isAbsolute(out) ? out : resolve(cwd, out),
    force: flags.has('--force'),
    partial: flags.has('--partial'),
    ...(record['--claim'] ? { claims: claimsOf(record['--claim']) } : {}),
    commitResStatus: text('--commit-res-status', record['--commit-res-status']),
    commitCancelType: text('--commit-cancel-type', record['--commit-cancel-type']),
    cancelledWords: record['--cancelled-words']
      ?.split(',')
      .map((w) => w.trim())
      .filter(Boolean),
    ...(partialCancellation ? { partialCancellation } : {}),
    language: text('--language', record['--language']),
    altLanguage: text('--alt-language', record['--alt-language']),
    infoSource: text('--info-source', record['--info-source']),
    airport,
    airline: text('--airline', record['--airline']),
    locationType: text('--location-type', record['--location-type']),
    offsetDays: whole('--offset-days', record['--offset-days'], 30, 1, 365),
    nights: whole('--nights', record['--nights'], 3, 1, 30),
    maxRequests: whole('--max-requests', record['--max-requests'], 200, 20, 5000),
  };
}
