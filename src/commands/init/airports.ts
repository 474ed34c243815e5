// The airports `npm run init` tries when no reply of the gateway shows one: the nearest to the
// hotel's position, or else those of its country (first the ones named after its region or town,
// then the largest), from a maintained dataset (npm airport-data-js: OurAirports' data, CC BY 4.0),
// never a hand-written table. Each is only a candidate: transfer availability decides.
import { countryCode } from '../../contracts/places';

/** A position in decimal degrees. */
export interface Position {
  lat: number;
  lon: number;
}

/** What the dataset knows of an airport (the fields init reads). */
export interface DatasetAirport {
  iata: string;
  airport: string;
  country_code: string;
  latitude: string;
  longitude: string;
  type: string;
  scheduled_service: boolean | string;
}

/** The dataset's look-ups init uses (airport-data-js; replaced in tests). */
export interface AirportDataset {
  findNearbyAirports(lat: number, lon: number, radiusKm?: number): Promise<DatasetAirport[]>;
  getAirportByCountryCode(countryCode?: string): Promise<DatasetAirport[]>;
}

export interface AirportCandidate {
  iata: string;
  /** Why it is a candidate, for the file's `sources`. */
  why: string;
}

/** The airports a hotel's position or country gives, best first; `tried` says what was looked up. */
export interface AirportCandidates {
  candidates: AirportCandidate[];
  /** What the look-up rested on, or why there was none. */
  basis: string;
}

const DATASET = 'the airport dataset (npm airport-data-js, OurAirports, CC BY 4.0)';
/** How far from the hotel an airport is a candidate. */
const RADIUS_KM = 150;

/** Great-circle distance in km. */
export function distanceKm(position: Position, b: Position): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(rad(b.lat - position.lat) / 2) ** 2 +
    Math.cos(rad(position.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lon - position.lon) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** A position from a reply's Latitude and Longitude attributes, when both are numbers in range. */
export function positionOf(lat: string | undefined, lon: string | undefined): Position | undefined {
  const [a, b] = [Number(lat?.trim()), Number(lon?.trim())];
  if (!lat?.trim() || !lon?.trim() || !Number.isFinite(a) || !Number.isFinite(b)) return undefined;
  if (Math.abs(a) > 90 || Math.abs(b) > 180 || (a === 0 && b === 0)) return undefined;
  return { lat: a, lon: b };
}

/** Airports with a three-letter code and scheduled service (where a transfer could start). */
function served(datasetAirport: DatasetAirport): boolean {
  const scheduled = datasetAirport.scheduled_service === true || /^(true|yes|1)$/i.test(String(datasetAirport.scheduled_service));
  return /^[A-Z]{3}$/.test(datasetAirport.iata ?? '') && scheduled && /large_airport|medium_airport/.test(datasetAirport.type ?? '');
}

const SIZE: Record<string, number> = { large_airport: 0, medium_airport: 1 };

/** The dataset, loaded once, when first needed (a few MB). */
let loaded: Promise<AirportDataset> | undefined;
function dataset(): Promise<AirportDataset> {
  loaded ??= import('airport-data-js').then(
    (m) => (m as unknown as { default?: AirportDataset }).default ?? (m as unknown as AirportDataset),
  );
  return loaded;
}

/** Swallows the dataset's "No data found" as none found. */
async function lookUp(get: () => Promise<DatasetAirport[]>): Promise<DatasetAirport[]> {
  try {
    return await get();
  } catch {
    return [];
  }
}

/**
 * The candidates for a hotel at `position` (nearest first, within RADIUS_KM), or else in its
 * `country` (names or codes as replies show them): first those whose name holds one of `places`
 * (the region, the town), then the largest. At most `limit`.
 */
export async function airportCandidates(
  hotel: { position?: Position; country: readonly string[]; places: readonly string[] },
  limit = 4,
  data: AirportDataset | Promise<AirportDataset> = dataset(),
): Promise<AirportCandidates> {
  const ds = await data;
  if (hotel.position) {
    const near = (await lookUp(() => ds.findNearbyAirports(hotel.position!.lat, hotel.position!.lon, RADIUS_KM)))
      .filter(served)
      .map((a) => ({ a, km: distanceKm(hotel.position!, { lat: Number(a.latitude), lon: Number(a.longitude) }) }))
      .sort((x, y) => x.km - y.km);
    const at = `${hotel.position.lat}, ${hotel.position.lon}`;
    if (near.length)
      return {
        basis: `the hotel's position (${at}) in ${DATASET}`,
        candidates: near.slice(0, limit).map(({ a, km }) => ({
          iata: a.iata,
          why: `${a.iata} (${a.airport}), ${Math.round(km)} km from the hotel's position (${at}) in ${DATASET}`,
        })),
      };
  }
  const codes = [
    ...new Set(hotel.country.map((c) => (/^[A-Z]{2}$/.test(c.trim()) ? c.trim() : countryCode(c))).filter((c): c is string => !!c)),
  ];
  if (!codes.length)
    return {
      candidates: [],
      basis: `hotel descriptive data shows ${hotel.position ? `a position with no airport within ${RADIUS_KM} km in ${DATASET}, and ` : 'neither a position nor '}a country known by name or ISO code`,
    };
  const words = hotel.places.flatMap((p) => p.toLowerCase().split(/[^\p{L}]+/u)).filter((w) => w.length > 3);
  const named = (a: DatasetAirport) => words.some((w) => a.airport.toLowerCase().includes(w));
  const inCountry = (await Promise.all(codes.map((c) => lookUp(() => ds.getAirportByCountryCode(c)))))
    .flat()
    .filter(served)
    .sort((x, y) => Number(named(y)) - Number(named(x)) || (SIZE[x.type] ?? 2) - (SIZE[y.type] ?? 2));
  if (!inCountry.length) return { candidates: [], basis: `${DATASET} has no airport with scheduled service in ${codes.join(', ')}` };
  return {
    basis: `the hotel's country (${codes.join(', ')}) in ${DATASET}`,
    candidates: inCountry.slice(0, limit).map((a) => ({
      iata: a.iata,
      why: `${a.iata} (${a.airport}), ${named(a) ? `named after ${hotel.places.join(' / ')}` : `a ${a.type.replace('_', ' ')}`} in the hotel's country (${a.country_code}) in ${DATASET}`,
    })),
  };
}
