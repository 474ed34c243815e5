// `npm run init`, field by field: the discovery steps in order (./discover.ts asks), each
// value recorded with where it came from, then the test-data file as the schema orders its fields.
import type { ConformanceClass, Party, Place, TestData } from '../../core/test-data';
import { normalName } from '../../contracts/places';
import type { Credentials } from '../../run/config';
import { Discovery } from './discover';
import type { GatewayAsker, HotelShown } from './gateway';
import { airportCandidates } from './airports';
import type { InitOptions } from './options';
import { DEFAULT_PARTIES } from '../../run/test-data-file';

const DEFAULT_CANCELLED = ['Cancelled', 'Canceled'];
const GUESSED_LANGUAGE = 'en';
const GUESSED_ALT_LANGUAGE = 'es';
const GUESSED_AIRLINE = 'IB';
const GUESSED_CURRENCY = 'EUR';
const party = (p: Party) => `${p.adults} adult(s), ${p.children} child(ren)`;

/** The test data init's requests are built from until discovery replaces each value. */
export function provisionalTestData(opts: InitOptions, credentials: Credentials): TestData {
  const seed = opts.hotel ?? '';
  return {
    claims: ['core'],
    booking: { commitResStatus: 'Commit', commitCancelType: 'Commit', cancelledStatusWords: DEFAULT_CANCELLED },
    language: opts.language ?? GUESSED_LANGUAGE,
    altLanguage: opts.altLanguage ?? GUESSED_ALT_LANGUAGE,
    offsetDays: opts.offsetDays,
    nights: opts.nights,
    availableParties: DEFAULT_PARTIES,
    latencyBudgetsMs: {},
    placeAliases: {},
    hotelAvailability: {
      infoSource: opts.infoSource ?? credentials.requestorContext,
      places: [opts.place ?? { context: 'Region', name: '' }],
      emptyPlace: { context: 'Country', name: 'Antarctica' },
    },
    hotels: [{ code: seed }],
    activities: { hotelCodes: [seed], productCode: '', currency: GUESSED_CURRENCY, bookingValues: {} },
    transfers: { airportCode: '', airlineCode: opts.airline ?? GUESSED_AIRLINE, locationTypeCode: '1', locationCode: seed },
    unknown: { hotelCode: 'ZZNOHOTEL99', tourActivityId: 'NO-SUCH-TOUR', airportCode: 'ZZZ' },
  };
}

/** Other names the replies give a region of the file: those every hotel found there shows, when none shows the region's own. */
function aliasesOf(places: Array<{ place: Place; at: { hotels: Array<{ region: string[] }> } }>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const { place, at } of places) {
    if (place.context !== 'Region' || !at.hotels.length || at.hotels.some((h) => !h.region.length)) continue;
    if (at.hotels.some((h) => h.region.some((r) => normalName(r) === normalName(place.name)))) continue;
    const common = at.hotels[0].region.filter((r) => at.hotels.every((h) => h.region.some((o) => normalName(o) === normalName(r))));
    if (common.length) out[place.name] = common;
  }
  return out;
}

/** The activity part: a hotel whose guests are offered activities, a product available there, its currency, the parties. */
async function activities(d: Discovery, asker: GatewayAsker, seed: string, placeHotels: string[]) {
  const f = d.found;
  let hotel = seed;
  let list = await d.activitiesAt(seed);
  for (const h of placeHotels.filter((c) => c !== seed).slice(0, 3)) {
    if (list.length) break;
    list = await d.activitiesAt(h);
    hotel = h;
  }
  if (!list.length) {
    f.miss('activities', `activity search by hotel showed no activity at ${[seed, ...placeHotels.slice(0, 3)].join(', ')}`);
    return undefined;
  }
  const currency0 = [...asker.shown.currencies][0] ?? GUESSED_CURRENCY;
  let best: { code: string; results: number; currency?: string; score: number; pickups: string[] } | undefined;
  for (const candidate of list.slice(0, 6)) {
    for (const code of [...new Set([candidate.id, candidate.product].filter((c): c is string => !!c))]) {
      const av = await d.availability(hotel, code, DEFAULT_PARTIES[0], currency0);
      if (!av.results) continue;
      const described = await d.product(candidate.id);
      const score = 2 + (av.timeShown || described.time ? 1 : 0);
      if (!best || score > best.score) best = { code, results: av.results, currency: av.currency, score, pickups: described.hotels };
      break;
    }
    if (best?.score === 3) break;
  }
  if (!best) {
    f.miss(
      'activities.productCode',
      `activity availability at ${hotel} offered none of the ${list.length} activities its search showed, for ${party(DEFAULT_PARTIES[0])}`,
    );
    return undefined;
  }
  const hotelCodes = [hotel];
  for (const h of [...best.pickups, ...placeHotels].filter((c) => c.toUpperCase() !== hotel.toUpperCase()).slice(0, 3)) {
    if ((await d.activitiesAt(h)).length) {
      hotelCodes.push(h);
      break;
    }
  }
  f.note(
    'activities.hotelCodes',
    `activity search by hotel showed activities at ${hotelCodes.join(' and ')}${best.pickups.length ? `; activity descriptive data of ${best.code} picks up at ${best.pickups.join(', ')}` : ''}`,
  );
  f.note(
    'activities.productCode',
    `activity search at ${hotel} showed it; activity availability there for ${party(DEFAULT_PARTIES[0])} offered ${best.results} result(s)`,
  );
  const currency = best.currency ?? currency0;
  if (best.currency) f.note('activities.currency', `the currency of activity availability's reply for ${best.code}`);
  else if (asker.shown.currencies.size) f.note('activities.currency', `the currency the hotel replies show`);
  else f.guess('activities.currency', `${GUESSED_CURRENCY}: no reply shows a currency, and activity availability served it`);
  return { hotelCodes, productCode: best.code, currency };
}

/** The transfer part: an airport the replies show (or the one given), and the LocationType code the gateway serves a hotel under. */
async function transfers(d: Discovery, asker: GatewayAsker, opts: InitOptions, data: TestData, seed: HotelShown) {
  const hotel = seed.code;
  const f = d.found;
  if (opts.airline) f.given('transfers.airlineCode', '--airline');
  else if (asker.shown.airlines.size) {
    data.transfers.airlineCode = [...asker.shown.airlines][0];
    f.note('transfers.airlineCode', 'an airline the replies show');
  } else f.guess('transfers.airlineCode', `${GUESSED_AIRLINE}: the spec shows no airline a gateway knows (--airline)`);
  // The airport: the one given; else one the replies show; else a candidate of the airport dataset
  // near the hotel (or in its country). Each is confirmed by transfer availability.
  const shown = opts.airport ? [opts.airport] : [...asker.shown.airports];
  const looked = shown.length ? undefined : await airportCandidates({ ...seed, places: [...seed.region] });
  const why = new Map((looked?.candidates ?? []).map((c) => [c.iata, c.why]));
  const airports = shown.length ? shown : (looked?.candidates.map((c) => c.iata) ?? []);
  if (!airports.length) {
    f.miss(
      'transfers.airportCode',
      `no reply of the gateway shows an airport (a LocationCode or Code with CodeContext IATA, an AirportCode), and ${looked!.basis}: give one with --airport <IATA>`,
    );
    return undefined;
  }
  for (const airport of airports.slice(0, 4))
    for (const type of d.locationTypes()) {
      if (asker.left() < 5) break;
      const services = await d.transfers(airport, type, hotel);
      if (!services) continue;
      if (opts.airport) f.given('transfers.airportCode', '--airport');
      else
        f.note(
          'transfers.airportCode',
          why.has(airport)
            ? `${why.get(airport)}: no reply shows an airport; transfer availability from it serves the hotel`
            : 'an airport the replies show',
        );
      f.note(
        'transfers.locationTypeCode',
        `transfer availability from ${airport} to hotel ${hotel} offered ${services} service(s) with LocationType Code ${type}`,
      );
      f.note('transfers.locationCode', `the hotel everything started from; transfer availability serves it from ${airport}`);
      const unknownAirport = await firstUnknown(d.unknownAirports(), async (c) => (await d.transfers(c, type, hotel)) === 0);
      return { airportCode: airport, locationTypeCode: type, locationCode: hotel, airlineCode: data.transfers.airlineCode, unknownAirport };
    }
  f.miss(
    'transfers.airportCode',
    `transfer availability from ${airports.slice(0, 4).join(', ')}${looked ? ` (${looked.basis}; no reply shows an airport)` : ''} to hotel ${hotel} offered no service under any LocationType code ${d.locationTypes().join(', ')}: give one with --airport <IATA>`,
  );
  return undefined;
}

/** Codes no gateway knows, for the negative cases: made up, and shown unknown where the gateway can say so. */
async function unknownCodes(d: Discovery, trf: { unknownAirport?: string } | undefined): Promise<string | undefined> {
  const f = d.found;
  const unknownHotel = await firstUnknown(['ZZNOHOTEL99', 'XXNOHOTEL00'], (c) => d.unknownHotel(c));
  if (unknownHotel) f.note('unknown.hotelCode', 'made up; hotel descriptive data describes no such hotel');
  else f.miss('unknown.hotelCode', 'the gateway described every made-up hotel code');
  f.note('unknown.tourActivityId', 'made up (no gateway names a tour so)');
  if (trf?.unknownAirport) f.note('unknown.airportCode', 'made up; transfer availability from it offered nothing');
  else if (trf) f.miss('unknown.airportCode', 'transfer availability offered services from every made-up airport code');
  return unknownHotel;
}

async function firstUnknown(candidates: string[], unknown: (c: string) => Promise<boolean>): Promise<string | undefined> {
  for (const c of candidates) if (await unknown(c)) return c;
  return undefined;
}

/** Every discovery step in order; the file's fields, and the Found record of where each came from. */
export async function discoverTestData(
  asker: GatewayAsker,
  opts: InitOptions,
  data: TestData,
): Promise<{ file: Record<string, unknown>; d: Discovery; seed: string }> {
  const d = new Discovery(asker, opts, data);
  const f = d.found;
  const seed = await d.seed();
  f.note(
    'seed',
    opts.hotel
      ? `--hotel ${seed.code}`
      : `the first hotel hotel availability shows at ${opts.place!.context} ${opts.place!.name}: ${seed.code}`,
  );
  Object.assign(data, { hotels: [{ code: seed.code }], activities: { ...data.activities, hotelCodes: [seed.code] } });
  data.transfers.locationCode = seed.code;
  const places = await d.places(seed);
  if (places.length) data.hotelAvailability.places = places.map((p) => p.place);
  const emptyPlace = await d.emptyPlace();
  const hotels = await d.hotels(seed, places);
  const placeHotels = (places[0]?.at.hotels ?? []).map((h) => h.code).filter((c): c is string => !!c);
  const act = await activities(d, asker, seed.code, placeHotels);
  if (act) Object.assign(data.activities, act);
  const parties = act && places[0] ? await d.parties(act.hotelCodes[0], act.productCode, act.currency, places[0].place) : [];
  if (parties.length)
    f.note(
      'availableParties',
      `activity availability of ${act!.productCode} and hotel availability at ${places[0].place.name} offered something for each`,
    );
  else f.miss('availableParties', 'no party of the defaults was offered both activities and hotels');
  const trf = await transfers(d, asker, opts, data, seed);
  const unknownHotel = await unknownCodes(d, trf);
  languages(d, asker, opts, data);
  const booking = bookingForms(d, opts);
  const aliases = aliasesOf(places);
  f.note(
    'placeAliases',
    Object.keys(aliases).length
      ? 'the names hotel availability shows for the hotels of a region, where none shows its own'
      : 'none needed: the replies name each place as the file does',
  );
  return {
    d,
    seed: seed.code,
    file: {
      claims: claimsOf(d, opts),
      booking,
      language: data.language,
      altLanguage: data.altLanguage,
      offsetDays: opts.offsetDays,
      nights: opts.nights,
      ...(parties.length ? { availableParties: parties } : {}),
      latencyBudgetsMs: {},
      placeAliases: aliases,
      hotelAvailability: {
        infoSource: data.hotelAvailability.infoSource,
        ...(places.length >= 3 ? { places: places.map((p) => p.place) } : {}),
        ...(emptyPlace ? { emptyPlace } : {}),
      },
      hotels,
      ...(act ? { activities: { hotelCodes: act.hotelCodes, productCode: act.productCode, currency: act.currency } } : {}),
      ...transfersAndUnknown(trf, unknownHotel),
    },
  };
}

/** The file's transfer fields (when transfers were found) and its made-up codes. */
function transfersAndUnknown(trf: Awaited<ReturnType<typeof transfers>>, unknownHotel: string | undefined) {
  return {
    ...(trf
      ? {
          transfers: {
            airportCode: trf.airportCode,
            airlineCode: trf.airlineCode,
            locationTypeCode: trf.locationTypeCode,
            locationCode: trf.locationCode,
          },
        }
      : {}),
    unknown: {
      ...(unknownHotel ? { hotelCode: unknownHotel } : {}),
      tourActivityId: 'NO-SUCH-TOUR',
      ...(trf?.unknownAirport ? { airportCode: trf.unknownAirport } : {}),
    },
  };
}

function languages(d: Discovery, asker: GatewayAsker, opts: InitOptions, data: TestData): void {
  const f = d.found;
  if (opts.language) f.given('language', '--language');
  else f.guess('language', `${GUESSED_LANGUAGE}: the gateway served it (--language for another)`);
  const other = [...asker.shown.languages].find((l) => l !== data.language);
  if (opts.altLanguage) f.given('altLanguage', '--alt-language');
  else if (other) {
    data.altLanguage = other;
    f.note('altLanguage', `a language the replies show texts in`);
  } else f.guess('altLanguage', `${GUESSED_ALT_LANGUAGE}: no reply shows a second language (--alt-language)`);
  if (opts.infoSource) f.given('hotelAvailability.infoSource', '--info-source');
  else
    f.guess(
      'hotelAvailability.infoSource',
      'the RequestorID ID_Context: the channel the gateway knows the caller by is not in its replies (--info-source)',
    );
  f.note(
    'offsetDays',
    `${opts.offsetDays} days ahead${opts.offsetDays === 30 ? ' (the default, --offset-days)' : ' (--offset-days)'}: the availability above was found then`,
  );
  f.note('nights', `${opts.nights}${opts.nights === 3 ? ' (the default, --nights)' : ' (--nights)'}`);
  f.note('latencyBudgetsMs', 'none: the spec shows no time-outs (add budgets by operation to be told of slow replies)');
}

function bookingForms(d: Discovery, opts: InitOptions) {
  const f = d.found;
  const word = (field: string, given: string | undefined, option: string, guess: string) => {
    if (given) f.given(`booking.${field}`, option);
    else f.guess(`booking.${field}`, guess);
    return given;
  };
  const res = word(
    'commitResStatus',
    opts.commitResStatus,
    '--commit-res-status',
    "Commit, OpenTravel's: the spec lists only Quote, and init never books (--commit-res-status)",
  );
  const cancel = word(
    'commitCancelType',
    opts.commitCancelType,
    '--commit-cancel-type',
    "Commit, OpenTravel's: the spec lists only Quote, and init never cancels (--commit-cancel-type)",
  );
  const words = word(
    'cancelledStatusWords',
    opts.cancelledWords?.join(','),
    '--cancelled-words',
    'Cancelled, Canceled (--cancelled-words)',
  );
  if (opts.partialCancellation) f.given('booking.partialCancellation', '--partial-cancellation');
  else
    f.note(
      'booking.partialCancellation',
      'none declared: the spec does not show the form, and init never cancels; the run finds it, trying item-reference, segment and segment-range in turn (--partial-cancellation item-reference|segment|segment-range to declare it)',
    );
  return {
    commitResStatus: res ?? 'Commit',
    commitCancelType: cancel ?? 'Commit',
    cancelledStatusWords: words ? opts.cancelledWords! : DEFAULT_CANCELLED,
    partialCancellation: opts.partialCancellation ?? null,
  };
}

function claimsOf(d: Discovery, opts: InitOptions): ConformanceClass[] {
  if (opts.claims) {
    d.found.given('claims', '--claim');
    return opts.claims;
  }
  d.found.note('claims', 'every class the file can drive (--claim core,security where no booking may be made)');
  return ['core', 'booking', 'partial-cancellation', 'security', 'alignment'];
}
