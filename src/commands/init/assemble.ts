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
async function activities(discovery: Discovery, asker: GatewayAsker, seed: string, placeHotels: string[]) {
  const found = discovery.found;
  let hotel = seed;
  let list = await discovery.activitiesAt(seed);
  for (const placeHotel of placeHotels.filter((c) => c !== seed).slice(0, 3)) {
    if (list.length) break;
    list = await discovery.activitiesAt(placeHotel);
    hotel = placeHotel;
  }
  if (!list.length) {
    found.miss('activities', `activity search by hotel showed no activity at ${[seed, ...placeHotels.slice(0, 3)].join(', ')}`);
    return undefined;
  }
  const currency0 = [...asker.shown.currencies][0] ?? GUESSED_CURRENCY;
  let best: { code: string; results: number; currency?: string; score: number; pickups: string[] } | undefined;
  for (const candidate of list.slice(0, 6)) {
    for (const code of [...new Set([candidate.id, candidate.product].filter((c): c is string => !!c))]) {
      const av = await discovery.availability(hotel, code, DEFAULT_PARTIES[0], currency0);
      if (!av.results) continue;
      const described = await discovery.product(candidate.id);
      const score = 2 + (av.timeShown || described.time ? 1 : 0);
      if (!best || score > best.score) best = { code, results: av.results, currency: av.currency, score, pickups: described.hotels };
      break;
    }
    if (best?.score === 3) break;
  }
  if (!best) {
    found.miss(
      'activities.productCode',
      `activity availability at ${hotel} offered none of the ${list.length} activities its search showed, for ${party(DEFAULT_PARTIES[0])}`,
    );
    return undefined;
  }
  const hotelCodes = [hotel];
  for (const h of [...best.pickups, ...placeHotels].filter((c) => c.toUpperCase() !== hotel.toUpperCase()).slice(0, 3)) {
    if ((await discovery.activitiesAt(h)).length) {
      hotelCodes.push(h);
      break;
    }
  }
  found.note(
    'activities.hotelCodes',
    `activity search by hotel showed activities at ${hotelCodes.join(' and ')}${best.pickups.length ? `; activity descriptive data of ${best.code} picks up at ${best.pickups.join(', ')}` : ''}`,
  );
  found.note(
    'activities.productCode',
    `activity search at ${hotel} showed it; activity availability there for ${party(DEFAULT_PARTIES[0])} offered ${best.results} result(s)`,
  );
  const currency = best.currency ?? currency0;
  if (best.currency) found.note('activities.currency', `the currency of activity availability's reply for ${best.code}`);
  else if (asker.shown.currencies.size) found.note('activities.currency', `the currency the hotel replies show`);
  else found.guess('activities.currency', `${GUESSED_CURRENCY}: no reply shows a currency, and activity availability served it`);
  return { hotelCodes, productCode: best.code, currency };
}

/** The transfer part: an airport the replies show (or the one given), and the LocationType code the gateway serves a hotel under. */
async function transfers(discovery: Discovery, asker: GatewayAsker, opts: InitOptions, data: TestData, seed: HotelShown) {
  const hotel = seed.code;
  const found = discovery.found;
  if (opts.airline) found.given('transfers.airlineCode', '--airline');
  else if (asker.shown.airlines.size) {
    data.transfers.airlineCode = [...asker.shown.airlines][0];
    found.note('transfers.airlineCode', 'an airline the replies show');
  } else found.guess('transfers.airlineCode', `${GUESSED_AIRLINE}: the spec shows no airline a gateway knows (--airline)`);
  // The airport: the one given; else one the replies show; else a candidate of the airport dataset
  // near the hotel (or in its country). Each is confirmed by transfer availability.
  const shown = opts.airport ? [opts.airport] : [...asker.shown.airports];
  const looked = shown.length ? undefined : await airportCandidates({ ...seed, places: [...seed.region] });
  const why = new Map((looked?.candidates ?? []).map((c) => [c.iata, c.why]));
  const airports = shown.length ? shown : (looked?.candidates.map((c) => c.iata) ?? []);
  if (!airports.length) {
    found.miss(
      'transfers.airportCode',
      `no reply of the gateway shows an airport (a LocationCode or Code with CodeContext IATA, an AirportCode), and ${looked!.basis}: give one with --airport <IATA>`,
    );
    return undefined;
  }
  for (const airport of airports.slice(0, 4))
    for (const type of discovery.locationTypes()) {
      if (asker.left() < 5) break;
      const services = await discovery.transfers(airport, type, hotel);
      if (!services) continue;
      if (opts.airport) found.given('transfers.airportCode', '--airport');
      else
        found.note(
          'transfers.airportCode',
          why.has(airport)
            ? `${why.get(airport)}: no reply shows an airport; transfer availability from it serves the hotel`
            : 'an airport the replies show',
        );
      found.note(
        'transfers.locationTypeCode',
        `transfer availability from ${airport} to hotel ${hotel} offered ${services} service(s) with LocationType Code ${type}`,
      );
      found.note('transfers.locationCode', `the hotel everything started from; transfer availability serves it from ${airport}`);
      const unknownAirport = await firstUnknown(
        discovery.unknownAirports(),
        async (c) => (await discovery.transfers(c, type, hotel)) === 0,
      );
      return { airportCode: airport, locationTypeCode: type, locationCode: hotel, airlineCode: data.transfers.airlineCode, unknownAirport };
    }
  found.miss(
    'transfers.airportCode',
    `transfer availability from ${airports.slice(0, 4).join(', ')}${looked ? ` (${looked.basis}; no reply shows an airport)` : ''} to hotel ${hotel} offered no service under any LocationType code ${discovery.locationTypes().join(', ')}: give one with --airport <IATA>`,
  );
  return undefined;
}

/** Codes no gateway knows, for the negative cases: made up, and shown unknown where the gateway can say so. */
async function unknownCodes(discovery: Discovery, trf: { unknownAirport?: string } | undefined): Promise<string | undefined> {
  const found = discovery.found;
  const unknownHotel = await firstUnknown(['ZZNOHOTEL99', 'XXNOHOTEL00'], (c) => discovery.unknownHotel(c));
  if (unknownHotel) found.note('unknown.hotelCode', 'made up; hotel descriptive data describes no such hotel');
  else found.miss('unknown.hotelCode', 'the gateway described every made-up hotel code');
  found.note('unknown.tourActivityId', 'made up (no gateway names a tour so)');
  if (trf?.unknownAirport) found.note('unknown.airportCode', 'made up; transfer availability from it offered nothing');
  else if (trf) found.miss('unknown.airportCode', 'transfer availability offered services from every made-up airport code');
  return unknownHotel;
}

async function firstUnknown(candidates: string[], unknown: (c: string) => Promise<boolean>): Promise<string | undefined> {
  for (const candidate of candidates) if (await unknown(candidate)) return candidate;
  return undefined;
}

/** Every discovery step in order; the file's fields, and the Found record of where each came from. */
export async function discoverTestData(
  asker: GatewayAsker,
  opts: InitOptions,
  data: TestData,
): Promise<{ file: Record<string, unknown>; d: Discovery; seed: string }> {
  const discovery = new Discovery(asker, opts, data);
  const found = discovery.found;
  const seed = await discovery.seed();
  found.note(
    'seed',
    opts.hotel
      ? `--hotel ${seed.code}`
      : `the first hotel hotel availability shows at ${opts.place!.context} ${opts.place!.name}: ${seed.code}`,
  );
  Object.assign(data, { hotels: [{ code: seed.code }], activities: { ...data.activities, hotelCodes: [seed.code] } });
  data.transfers.locationCode = seed.code;
  const places = await discovery.places(seed);
  if (places.length) data.hotelAvailability.places = places.map((p) => p.place);
  const emptyPlace = await discovery.emptyPlace();
  const hotels = await discovery.hotels(seed, places);
  const placeHotels = (places[0]?.at.hotels ?? []).map((h) => h.code).filter((c): c is string => !!c);
  const act = await activities(discovery, asker, seed.code, placeHotels);
  if (act) Object.assign(data.activities, act);
  const parties = act && places[0] ? await discovery.parties(act.hotelCodes[0], act.productCode, act.currency, places[0].place) : [];
  if (parties.length)
    found.note(
      'availableParties',
      `activity availability of ${act!.productCode} and hotel availability at ${places[0].place.name} offered something for each`,
    );
  else found.miss('availableParties', 'no party of the defaults was offered both activities and hotels');
  const trf = await transfers(discovery, asker, opts, data, seed);
  const unknownHotel = await unknownCodes(discovery, trf);
  languages(discovery, asker, opts, data);
  const booking = bookingForms(discovery, opts);
  const aliases = aliasesOf(places);
  found.note(
    'placeAliases',
    Object.keys(aliases).length
      ? 'the names hotel availability shows for the hotels of a region, where none shows its own'
      : 'none needed: the replies name each place as the file does',
  );
  return {
    d: discovery,
    seed: seed.code,
    file: {
      claims: claimsOf(discovery, opts),
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

function languages(discovery: Discovery, asker: GatewayAsker, opts: InitOptions, data: TestData): void {
  const found = discovery.found;
  if (opts.language) found.given('language', '--language');
  else found.guess('language', `${GUESSED_LANGUAGE}: the gateway served it (--language for another)`);
  const other = [...asker.shown.languages].find((l) => l !== data.language);
  if (opts.altLanguage) found.given('altLanguage', '--alt-language');
  else if (other) {
    data.altLanguage = other;
    found.note('altLanguage', `a language the replies show texts in`);
  } else found.guess('altLanguage', `${GUESSED_ALT_LANGUAGE}: no reply shows a second language (--alt-language)`);
  if (opts.infoSource) found.given('hotelAvailability.infoSource', '--info-source');
  else
    found.guess(
      'hotelAvailability.infoSource',
      'the RequestorID ID_Context: the channel the gateway knows the caller by is not in its replies (--info-source)',
    );
  found.note(
    'offsetDays',
    `${opts.offsetDays} days ahead${opts.offsetDays === 30 ? ' (the default, --offset-days)' : ' (--offset-days)'}: the availability above was found then`,
  );
  found.note('nights', `${opts.nights}${opts.nights === 3 ? ' (the default, --nights)' : ' (--nights)'}`);
  found.note('latencyBudgetsMs', 'none: the spec shows no time-outs (add budgets by operation to be told of slow replies)');
}

function bookingForms(discovery: Discovery, opts: InitOptions) {
  const found = discovery.found;
  const word = (field: string, given: string | undefined, option: string, guess: string) => {
    if (given) found.given(`booking.${field}`, option);
    else found.guess(`booking.${field}`, guess);
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
  if (opts.partialCancellation) found.given('booking.partialCancellation', '--partial-cancellation');
  else
    found.note(
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

function claimsOf(discovery: Discovery, opts: InitOptions): ConformanceClass[] {
  if (opts.claims) {
    discovery.found.given('claims', '--claim');
    return opts.claims;
  }
  discovery.found.note('claims', 'every class the file can drive (--claim core,security where no booking may be made)');
  return ['core', 'booking', 'partial-cancellation', 'security', 'alignment'];
}
