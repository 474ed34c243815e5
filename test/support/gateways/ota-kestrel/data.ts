// Kestrel Coastal Tours' own catalogue: hotels with opaque codes in the Algarve and Crete, four
// excursions, three airports, three vehicles, its credentials, and the calendar it sells on.
// Written for this gateway alone (nothing is read from the suite, the sandbox or Alba).

export const CREDENTIALS = {
  requestorId: 'KESTREL-AGENT-7',
  requestorContext: 'KestrelNet',
  user: 'kestrel-user',
  password: 'k3str3l-Pass-7731',
};

/** Participant categories Kestrel sells, by OpenTravel age qualifying code (AQC), with the word its replies use. */
export const CATEGORIES = {
  '10': { word: 'Adult', tag: 'ADT', minAge: 12, maxAge: 120 },
  '8': { word: 'Child', tag: 'CHD', minAge: 2, maxAge: 17 },
  '7': { word: 'Infant', tag: 'INF', minAge: 0, maxAge: 1 },
  '11': { word: 'Senior', tag: 'SRC', minAge: 60, maxAge: 120 },
} as const;
export type Category = keyof typeof CATEGORIES;
export const isCategory = (c: string): c is Category => c in CATEGORIES;

export interface Hotel {
  code: string;
  name: string;
  brand: string;
  country: 'PT' | 'GR';
  region: 'Algarve' | 'Crete';
  city: string;
  street: string;
  latitude: number;
  longitude: number;
  /** Nightly price per room in EUR; rooms sleep `guests` at most. */
  rooms: Array<{ code: string; name: string; guests: number; nightly: number }>;
}
export const COUNTRIES: Record<Hotel['country'], string[]> = { PT: ['Portugal', 'PT', 'PRT'], GR: ['Greece', 'GR', 'GRC', 'Hellas'] };

export const HOTELS: Hotel[] = [
  {
    code: 'K7Q2M',
    name: 'Casa do Farol',
    brand: 'KST',
    country: 'PT',
    region: 'Algarve',
    city: 'Lagos',
    street: 'Rua do Farol 12',
    latitude: 37.1,
    longitude: -8.67,
    rooms: [
      { code: 'DBL', name: 'Double room', guests: 3, nightly: 92 },
      { code: 'FAM', name: 'Family suite', guests: 6, nightly: 160 },
    ],
  },
  {
    code: 'K3X9P',
    name: 'Vila Marinha',
    brand: 'KST',
    country: 'PT',
    region: 'Algarve',
    city: 'Albufeira',
    street: 'Avenida do Mar 4',
    latitude: 37.09,
    longitude: -8.25,
    rooms: [{ code: 'DBL', name: 'Double room', guests: 4, nightly: 81 }],
  },
  {
    code: 'K2B6W',
    name: 'Quinta da Ria',
    brand: 'KST',
    country: 'PT',
    region: 'Algarve',
    city: 'Portimão',
    street: 'Rua da Ria 7',
    latitude: 37.14,
    longitude: -8.54,
    rooms: [{ code: 'DBL', name: 'Double room', guests: 3, nightly: 74 }],
  },
  {
    code: 'K5D1R',
    name: 'Chania Blue',
    brand: 'KST',
    country: 'GR',
    region: 'Crete',
    city: 'Chania',
    street: 'Akti Koundourioti 30',
    latitude: 35.52,
    longitude: 24.02,
    rooms: [
      { code: 'DBL', name: 'Double room', guests: 3, nightly: 105 },
      { code: 'FAM', name: 'Family suite', guests: 7, nightly: 190 },
    ],
  },
  {
    code: 'K8H4T',
    name: 'Knossos Garden',
    brand: 'KST',
    country: 'GR',
    region: 'Crete',
    city: 'Heraklion',
    street: 'Odos Knossou 88',
    latitude: 35.3,
    longitude: 25.16,
    rooms: [{ code: 'DBL', name: 'Double room', guests: 4, nightly: 88 }],
  },
];

export interface Product {
  code: string;
  name: string;
  region: Hotel['region'];
  country: Hotel['country'];
  city: string;
  /** hh:mm: it runs every day at this time. */
  start: string;
  hours: number;
  /** Pickup at every hotel of its region at this time, or none (a ticket: meet there). */
  pickup: string | null;
  prices: Record<Category, number>;
}
export const PRODUCTS: Product[] = [
  {
    code: 'XK-BENAGIL',
    name: 'Benagil caves by kayak',
    region: 'Algarve',
    country: 'PT',
    city: 'Benagil',
    start: '09:00',
    hours: 3,
    pickup: '08:00',
    prices: { '10': 45, '8': 30, '7': 0, '11': 40 },
  },
  {
    code: 'XK-DOLPHIN',
    name: 'Dolphin watching',
    region: 'Algarve',
    country: 'PT',
    city: 'Lagos',
    start: '14:00',
    hours: 2,
    pickup: null,
    prices: { '10': 38, '8': 22, '7': 0, '11': 35 },
  },
  {
    code: 'XK-SAMARIA',
    name: 'Samaria gorge hike',
    region: 'Crete',
    country: 'GR',
    city: 'Omalos',
    start: '07:00',
    hours: 8,
    pickup: '06:00',
    prices: { '10': 55, '8': 35, '7': 0, '11': 50 },
  },
  {
    code: 'XK-KNOSSOS',
    name: 'Knossos palace ticket',
    region: 'Crete',
    country: 'GR',
    city: 'Knossos',
    start: '10:00',
    hours: 2,
    pickup: null,
    prices: { '10': 20, '8': 10, '7': 0, '11': 15 },
  },
];

export const AIRPORTS: Record<string, Hotel['region']> = { FAO: 'Algarve', HER: 'Crete', CHQ: 'Crete' };
/** The LocationType code of a hotel (OpenTravel's list GroundLocationType; Kestrel serves hotels only). */
export const HOTEL_LOCATION_TYPE = '5';
export const VEHICLES = [
  { code: 'CAR', category: 'Car', seats: 3, adapted: false, price: 42 },
  { code: 'VAN', category: 'Van', seats: 8, adapted: false, price: 75 },
  { code: 'ADAPTED', category: 'Van', seats: 4, adapted: true, price: 68 },
];
/** Departure pickups are this many minutes before the flight. */
export const DEPARTURE_LEAD_MINUTES = 150;
export const CANCEL_FREE_DAYS = 3;

export const hotelByCode = (c: string | undefined) => HOTELS.find((h) => h.code === c);
export const productByCode = (c: string | undefined) => PRODUCTS.find((p) => p.code === c);

// Calendar: yyyy-mm-dd strings, arithmetic in UTC.
const utc = (d: string) => Date.parse(`${d}T00:00:00Z`);
export const addDays = (d: string, n: number) => new Date(utc(d) + n * 86_400_000).toISOString().slice(0, 10);
export const nightsBetween = (a: string, b: string) => Math.round((utc(b) - utc(a)) / 86_400_000);
export const todayUtc = () => new Date().toISOString().slice(0, 10);
export const isDate = (s: string | undefined): s is string =>
  !!s && /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(utc(s)) && new Date(utc(s)).toISOString().startsWith(s);
export const isDateTime = (s: string | undefined): s is string =>
  !!s && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(s) && isDate(s.slice(0, 10));
