// `npm run init`'s discovery: from one hotel code (or one place), the test data's every field,
// asked of the gateway's own read-only operations, each value with where it came from. Hotel
// descriptive data says where the hotel is and its brand; hotel availability by that hotel's
// region and country gives places and hotels; activity search by hotel gives activities, activity
// descriptive data their pickups and start times, activity availability the product and currency;
// transfer availability confirms an airport the replies showed. What the gateway cannot tell
// (the booking words, an airline) comes from options, or is a guess named as one.
import type { Party, Place, TestData } from '../../core/test-data';
import { countryCode, normalName } from '../../contracts/places';
import { FACTS as AVAIL, setParty as setActivityParty } from '../../operations/activityavailability';
import { setHotelOnly as searchHotelOnly, FACTS as SEARCH } from '../../operations/activitysearch';
import { activityDescription, bookingDescribed } from '../../operations/activitynbc';
import { FACTS as HAV, setParty as setHotelParty, setPlace } from '../../operations/hotelavailability';
import { FACTS as TRF } from '../../operations/transferavailability';
import { ReplyReader } from '../../contracts/reader';
import { sameCode } from '../../contracts/value-forms';
import { hotelShown, InitStopped, itemsWith, type GatewayAsker, type HotelShown } from './gateway';
import type { InitOptions } from './options';
import { Found } from './found';
import { DEFAULT_PARTIES } from '../../run/test-data-file';

/** Countries asked first when a third place is looked for: the destinations OpenTravel gateways commonly serve. */
const COMMON_DESTINATIONS = [
  'ES',
  'PT',
  'IT',
  'GR',
  'FR',
  'HR',
  'TR',
  'CY',
  'MT',
  'GB',
  'IE',
  'DE',
  'AT',
  'NL',
  'MA',
  'EG',
  'MX',
  'DO',
  'US',
  'TH',
];
/** At most this many countries are asked for a third place (within the request budget). */
const COUNTRY_PROBES = 40;
/** Places where a gateway of holidays is not expected to have a hotel: the empty place, once the gateway says so. */
const EMPTY_CANDIDATES = ['Antarctica', 'Bouvet Island', 'Greenland'];
/** LocationType codes tried for a hotel (OpenTravel's List_GroundLocationType has 12 entries; gateways number them their own way). */
const LOCATION_TYPE_CODES = Array.from({ length: 12 }, (_, i) => String(i + 1));
const UNKNOWN_AIRPORTS = ['ZZZ', 'QQQ', 'XQX', 'QZQ'];
const ENGLISH = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
const uniq = <T>(xs: T[]) => [...new Set(xs)];

interface HotelsAt {
  served: boolean;
  hotels: Array<{ code?: string; region: string[]; country: string[] }>;
  refusal?: string;
}

/** One discovery: the asker, the provisional test data its requests are built from, what was found. */
export class Discovery {
  readonly found = new Found();
  private readonly described = new Map<string, HotelShown>();

  constructor(
    private readonly asker: GatewayAsker,
    private readonly opts: InitOptions,
    readonly data: TestData,
  ) {}

  private describe(code: string): Promise<HotelShown | undefined> {
    const known = this.described.get(code.toUpperCase());
    if (known) return Promise.resolve(known);
    const request = this.asker.request('hotelnbc', this.data, { hotelCode: code, brandCode: '' });
    return this.asker.ask(request, (exchange, answer) => {
      if (!answer.served && code === this.seedCode)
        this.asker.stop(
          `hotel descriptive data of ${code}`,
          answer,
          this.opts.place
            ? `give another --place, or a hotel code the gateway describes with --hotel`
            : `change --hotel to a hotel code the gateway describes, or give a place with --place <Country|Region>:<name>`,
        );
      const shown = answer.served ? hotelShown(exchange, code, this.asker.profile) : undefined;
      if (shown) this.described.set(code.toUpperCase(), shown);
      return shown;
    });
  }

  private seedCode = '';

  private async hotelsAt(place: Place, party?: Party): Promise<HotelsAt> {
    const request = setPlace(this.asker.request('hotelavailability', this.data), place);
    if (party) setHotelParty(request, party);
    const got = await this.asker.ask(request, (x, answer) => ({
      served: answer.served,
      refusal: answer.refusal ?? answer.unusable,
      hotels: answer.served
        ? itemsWith(x, this.asker.profile, { item: HAV.hotel, code: HAV.code }, { region: HAV.region, country: HAV.countryName })
        : [],
      answer,
    }));
    if (!got) return { served: false, hotels: [] };
    return {
      served: got.served,
      refusal: got.refusal,
      hotels: got.hotels.map((h) => ({ code: h.code, region: h.values.region, country: h.values.country })),
    };
  }

  /** The hotel everything starts from: the one given, or the first available at the place given. */
  async seed(): Promise<HotelShown> {
    if (this.opts.place) {
      const at = await this.hotelsAt(this.opts.place);
      const first = at.hotels.find((h) => h.code)?.code;
      if (!first)
        throw new InitStopped(
          `hotel availability at ${this.opts.place.context} ${this.opts.place.name} shows no hotel${at.refusal ? ` (${at.refusal})` : ''}: give a place with hotels, or --hotel`,
        );
      this.seedCode = first;
    } else this.seedCode = this.opts.hotel!;
    const shown = await this.describe(this.seedCode);
    if (!shown) throw new InitStopped('the request budget (--max-requests) is spent before the first reply');
    return shown;
  }

  /** A place with hotels: the first name the gateway serves with two or more (or, failing that, one). */
  private async firstPlaceWithHotels(
    context: Place['context'],
    names: string[],
    limit = 4,
  ): Promise<{ place: Place; at: HotelsAt } | undefined> {
    let one: { place: Place; at: HotelsAt } | undefined;
    for (const name of names.slice(0, limit)) {
      const place = { context, name };
      const at = await this.hotelsAt(place);
      if (at.served && at.hotels.length >= 2) return { place, at };
      if (at.served && at.hotels.length === 1) one ??= { place, at };
    }
    return one;
  }

  /** Places: the seed hotel's region and country, a third place with hotels, and a place with none. */
  async places(seed: HotelShown): Promise<Array<{ place: Place; at: HotelsAt }>> {
    const f = this.found;
    const codes = uniq(seed.country.map((c) => countryCode(c)).filter((c): c is string => !!c));
    const countryNames = uniq([...seed.country.filter((c) => !/^[A-Za-z]{2}$/.test(c)), ...codes.map((c) => ENGLISH.of(c) ?? c), ...codes]);
    const given = this.opts.place ? await this.firstPlaceWithHotels(this.opts.place.context, [this.opts.place.name]) : undefined;
    const region = given?.place.context === 'Region' ? given : await this.firstPlaceWithHotels('Region', seed.region);
    const country = given?.place.context === 'Country' ? given : await this.firstPlaceWithHotels('Country', countryNames);
    const found: Array<{ place: Place; at: HotelsAt }> = [];
    const add = (p: { place: Place; at: HotelsAt }, why: string) => {
      found.push(p);
      f.note(
        `hotelAvailability.places[${found.length - 1}]`,
        `${why}; hotel availability at ${p.place.context} ${p.place.name} served ${p.at.hotels.length} hotel(s)`,
      );
    };
    if (region) add(region, given === region ? 'given (--place)' : `the region hotel descriptive data of ${seed.code} shows`);
    else
      f.miss(
        'hotelAvailability.places',
        `hotel availability served no hotel at any region hotel descriptive data of ${seed.code} shows (${seed.region.join(', ') || 'none'})`,
      );
    if (country) add(country, given === country ? 'given (--place)' : `the country hotel descriptive data of ${seed.code} shows`);
    else
      f.miss(
        'hotelAvailability.places',
        `hotel availability served no hotel in the country hotel descriptive data of ${seed.code} shows (${seed.country.join(', ') || 'none'})`,
      );
    const third = await this.thirdPlace(found, codes);
    if (third) add(third.p, third.why);
    else
      f.miss(
        'hotelAvailability.places',
        `a third place with hotels: no other region of ${countryNames[0] ?? 'the country'} and none of ${COUNTRY_PROBES} countries asked had hotels (give one with --place)`,
      );
    return found;
  }

  private async thirdPlace(
    found: Array<{ place: Place; at: HotelsAt }>,
    seedCountries: string[],
  ): Promise<{ p: { place: Place; at: HotelsAt }; why: string } | undefined> {
    const taken = new Set(found.map((p) => normalName(p.place.name)));
    // Other regions of the country: as the availability reply shows its hotels, or their descriptive data.
    const regions: string[] = [];
    for (const h of found.find((p) => p.place.context === 'Country')?.at.hotels ?? []) {
      const shown = h.region.length || !h.code ? h.region : ((await this.describe(h.code))?.region ?? []);
      regions.push(...shown.slice(0, 1));
      if (regions.length >= 6) break;
    }
    const other = uniq(regions).filter((r) => !taken.has(normalName(r)));
    const region = other.length ? await this.firstPlaceWithHotels('Region', other) : undefined;
    if (region?.at.hotels.length && region.at.hotels.length >= 2)
      return { p: region, why: 'another region the hotels of the country are in' };
    // Other countries, the common destinations first, within the budget.
    const all = Array.from({ length: 26 * 26 }, (_, i) => String.fromCharCode(65 + Math.floor(i / 26), 65 + (i % 26))).filter((c) =>
      ENGLISH.of(c),
    );
    const order = uniq([...COMMON_DESTINATIONS, ...all]).filter((c) => !seedCountries.includes(c));
    for (const code of order.slice(0, COUNTRY_PROBES)) {
      if (this.asker.left() < 30) break;
      const name = ENGLISH.of(code)!;
      if (taken.has(normalName(name))) continue;
      const at = await this.hotelsAt({ context: 'Country', name });
      if (at.served && at.hotels.length >= 2)
        return {
          p: { place: { context: 'Country', name }, at },
          why: `asked of hotel availability: the first country with hotels among the common destinations, then every other`,
        };
    }
    return region ? { p: region, why: 'another region the hotels of the country are in' } : undefined;
  }

  /** A place where the gateway says it has no hotel: served, and no hotel shown. */
  async emptyPlace(): Promise<Place | undefined> {
    for (const name of EMPTY_CANDIDATES) {
      const place: Place = { context: 'Country', name };
      const at = await this.hotelsAt(place);
      if (at.served && at.hotels.length === 0) {
        this.found.note('hotelAvailability.emptyPlace', `hotel availability at Country ${name} was served with no hotel`);
        return place;
      }
    }
    this.found.miss('hotelAvailability.emptyPlace', `none of ${EMPTY_CANDIDATES.join(', ')} was served without hotels`);
    return undefined;
  }

  /** Hotels for descriptive data: the seed, and one of each other place, each with the brand it shows. */
  async hotels(seed: HotelShown, places: Array<{ place: Place; at: HotelsAt }>): Promise<Array<{ code: string; brandCode?: string }>> {
    // the seed, then a hotel of each other place (the last first), then the rest
    const of = (p: { at: HotelsAt }) => p.at.hotels.map((h) => h.code).filter((c): c is string => !!c);
    const firsts = [...places].reverse().map((p) => of(p).find((c) => !sameCode(c, seed.code)));
    const codes = uniq([seed.code, ...firsts.filter((c): c is string => !!c), ...places.flatMap(of)].map((c) => c.toUpperCase()));
    const out: Array<{ code: string; brandCode?: string }> = [];
    for (const code of codes) {
      if (out.length >= 3) break;
      const shown = await this.describe(code);
      if (!shown) continue;
      out.push({ code, ...(shown.brandCode ? { brandCode: shown.brandCode } : {}) });
      this.found.note(
        `hotels[${out.length - 1}]`,
        shown.brandCode
          ? `hotel descriptive data of ${code}, BrandCode ${shown.brandCode}`
          : `hotel descriptive data of ${code}; it shows no BrandCode, so none is sent`,
      );
    }
    return out;
  }

  /** The TourActivityIDs (and product codes) activity search shows at a hotel. */
  async activitiesAt(hotel: string): Promise<Array<{ id: string; product?: string }>> {
    const request = searchHotelOnly(this.asker.request('activitysearch', this.data, { hotelCode: hotel }));
    const got = await this.asker.ask(request, (x, answer) =>
      answer.served
        ? itemsWith(x, this.asker.profile, { item: SEARCH.activity, code: SEARCH.tourActivityId }, { product: SEARCH.product })
        : [],
    );
    return (got ?? []).filter((a) => a.code).map((a) => ({ id: a.code!, product: a.values.product[0] }));
  }

  /** Activity availability for a product at a hotel and a party: how many results, and the currency the reply shows. */
  async availability(
    hotel: string,
    product: string,
    party: Party,
    currency: string,
  ): Promise<{ results: number; currency?: string; timeShown: boolean }> {
    const request = setActivityParty(
      this.asker.request('activityavailability', this.data, { hotelCode: hotel, productCode: product, currency }),
      party,
    );
    const got = await this.asker.ask(request, (exchange, answer) => {
      if (!answer.served || !exchange.reply.doc) return { results: 0, timeShown: false };
      const reply = new ReplyReader(exchange.reply.doc, this.asker.profile);
      const items = reply.items(AVAIL.activity);
      const shownCurrency = exchange.reply.doc
        .find('//@CurrencyCode | //@PricingCurrency')
        .map((n) => n.content.trim())
        .find((c) => /^[A-Z]{3}$/.test(c));
      const timeShown = items.some(
        (i) => !!reply.nodes(AVAIL.operationTime, i.node) || reply.values(AVAIL.start, i.node)?.value.some((v) => v.includes('T')),
      );
      return { results: items.length, currency: shownCurrency, timeShown };
    });
    return got ?? { results: 0, timeShown: false };
  }

  /** What activity descriptive data shows of a product: the hotels it picks up at, and whether it shows a start time. */
  async product(id: string): Promise<{ hotels: string[]; time?: string }> {
    const request = this.asker.request('activitynbc', this.data, { tourActivityId: id });
    const got = await this.asker.ask(request, (x, answer) =>
      answer.served
        ? {
            hotels: activityDescription(x, id, `activity descriptive data of ${id}`, this.asker.profile).hotels ?? [],
            time: bookingDescribed(x, id, this.asker.profile).operationTimes.find((t) => t.start)?.start,
          }
        : { hotels: [] },
    );
    return got ?? { hotels: [] };
  }

  /** Transfer availability from an airport to a hotel: the number of services offered. */
  async transfers(airport: string, typeCode: string, hotel: string): Promise<number> {
    const request = this.asker.request('transferavailability', this.data, {
      airportCode: airport,
      locationTypeCode: typeCode,
      locationCode: hotel,
    });
    const got = await this.asker.ask(request, (x, answer) =>
      answer.served && x.reply.doc ? new ReplyReader(x.reply.doc, this.asker.profile).items(TRF.service).length : 0,
    );
    return got ?? 0;
  }

  /** Whether the gateway shows nothing for a made-up code (refused, or served with nothing of it). */
  async unknownHotel(code: string): Promise<boolean> {
    const shown = await this.describe(code);
    return !shown || !!shown.problem;
  }

  async parties(hotel: string, product: string, currency: string, place: Place): Promise<Party[]> {
    const out: Party[] = [];
    for (const party of DEFAULT_PARTIES) {
      const activities = (await this.availability(hotel, product, party, currency)).results;
      const hotels = (await this.hotelsAt(place, party)).hotels.length;
      if (activities > 0 && hotels > 0) out.push(party);
    }
    return out;
  }

  /** Candidates for an unknown airport: three letters no reply showed. */
  unknownAirports(): string[] {
    return UNKNOWN_AIRPORTS.filter((c) => !this.asker.shown.airports.has(c));
  }

  /** Location type codes to try: the one given, or OpenTravel's list's positions. */
  locationTypes(): string[] {
    return this.opts.locationType ? [this.opts.locationType] : LOCATION_TYPE_CODES;
  }
}
