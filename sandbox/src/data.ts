// The sandbox's catalogue: hotels, tour activities and transfers, shipped as JSON in sandbox/data
// (or another folder via startSandbox({ dataDir })). Loaded once at start and never mutated.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface MonthDayRange {
  from: string; // MM-DD
  to: string; // MM-DD, may be before `from` (range wraps the year end)
}
export interface Country {
  code: string;
  name: string;
}

export interface Room {
  code: string;
  name: string;
  maxAdults: number;
  maxOccupancy: number;
  /** EUR per room per night for up to two persons. */
  nightly: number;
  /** EUR per additional person per night (children pay half). */
  extraPerson: number;
}
export interface Board {
  code: string;
  name: string;
  mealPlanCodes: string;
  /** EUR per adult per night (children half). */
  perAdult: number;
}
export interface Hotel {
  code: string;
  brandCode: string;
  brandName: string;
  name: string;
  category: number;
  country: Country;
  region: string;
  city: string;
  address: string;
  postalCode: string;
  latitude: number;
  longitude: number;
  phone: string;
  email: string;
  web: string;
  description: string;
  facilities: Array<{ code: string; name: string }>;
  images: string[];
  closedPeriods: MonthDayRange[];
  highSeason: MonthDayRange[];
  highSeasonFactor: number;
  rooms: Room[];
  boards: Board[];
}

export interface ActivityService {
  code: string;
  name: string;
  /** EUR per person by participant category code. */
  prices: Record<string, number>;
}
export interface Activity {
  id: string;
  supplierProductCode: string;
  name: string;
  category: string;
  region: string;
  country: Country;
  city: string;
  /** Hotels the activity is sold at (it collects guests there unless ticketOnly). */
  pickupHotels: string[];
  /**
   * Entry ticket or meeting-point product. The default replies still show a pickup at the hotel;
   * variant pickupless-tickets shows none, and variant tickets-without-pickup takes none.
   */
  ticketOnly?: boolean;
  /** Operating weekdays within the month-day season from..to; guests are collected at pickupTime (hh:mm). */
  schedule: { days: string[]; from: string; to: string; startTime: string; pickupTime: string; durationHours: number };
  minAge: number;
  services: ActivityService[];
  shortDescription: string;
  longDescription: string;
  images: string[];
  url: string;
  cancellation: { freeUntilHours: number; penaltyPercent: number };
}
export interface Category {
  name: string;
  minAge: number;
  maxAge: number;
}

export interface Route {
  area: string;
  areaName: string;
  distanceKm: number;
  minutes: number;
  hotels: string[];
}
export interface Airport {
  code: string;
  name: string;
  country: string;
  vehicles: string[];
  routes: Route[];
}
export interface Vehicle {
  code: string;
  name: string;
  typeCode: string;
  maxPassengers: number;
  disabilityAdapted: boolean;
  base: Record<string, number>;
  perKm: Record<string, number>;
}

export interface SandboxData {
  hotels: Hotel[];
  activities: Activity[];
  categories: Record<string, Category>;
  airports: Airport[];
  vehicles: Vehicle[];
  departureLeadMinutes: number;
  // Lookups
  hotelByCode: Map<string, Hotel>;
  activityById: Map<string, Activity>;
  airportByCode: Map<string, Airport>;
  vehicleByCode: Map<string, Vehicle>;
}

function readJson(dir: string, file: string): Record<string, unknown> {
  const p = join(dir, file);
  try {
    return JSON.parse(readFileSync(p, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    throw new Error(`sandbox data ${p}: ${(error as Error).message}`);
  }
}

export function loadData(dir: string): SandboxData {
  const json = readJson(dir, 'hotels.json');
  const record = readJson(dir, 'activities.json');
  const table = readJson(dir, 'transfers.json');
  const hotels = json.hotels as Hotel[];
  const activities = record.activities as Activity[];
  const airports = table.airports as Airport[];
  const vehicles = table.vehicles as Vehicle[];
  if (!Array.isArray(hotels) || !Array.isArray(activities) || !Array.isArray(airports) || !Array.isArray(vehicles)) {
    throw new Error(`sandbox data in ${dir}: hotels, activities, airports and vehicles must be arrays`);
  }
  const data: SandboxData = {
    hotels,
    activities,
    categories: record.categories as Record<string, Category>,
    airports,
    vehicles,
    departureLeadMinutes: Number(table.departureLeadMinutes ?? 180),
    hotelByCode: new Map(hotels.map((x) => [x.code.toUpperCase(), x])),
    activityById: new Map(activities.map((x) => [x.id.toUpperCase(), x])),
    airportByCode: new Map(airports.map((x) => [x.code.toUpperCase(), x])),
    vehicleByCode: new Map(vehicles.map((x) => [x.code, x])),
  };
  // Cross-references must hold, or the sandbox would answer with dangling codes.
  for (const act of activities) {
    for (const code of act.pickupHotels)
      if (!data.hotelByCode.has(code)) throw new Error(`activity ${act.id}: unknown pickup hotel ${code}`);
  }
  for (const ap of airports) {
    for (const vehicle of ap.vehicles)
      if (!data.vehicleByCode.has(vehicle)) throw new Error(`airport ${ap.code}: unknown vehicle ${vehicle}`);
    for (const route of ap.routes)
      for (const code of route.hotels) if (!data.hotelByCode.has(code)) throw new Error(`airport ${ap.code}: unknown hotel ${code}`);
  }
  return data;
}
