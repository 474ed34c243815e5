// POST /hotelnbc: descriptive and portfolio data of hotels (OTA_HotelDescriptiveInfoRS).
import type { Airport, Hotel } from '../data';
import { err } from '../errors';
import type { Variants } from '../variants';
import { el, kids, path, tel, type XNode } from '../xml';
import { attr, hotelPlace, optAttr, same } from './common';
import type { Ctx, Operation } from './types';

/**
 * AreaInfo: the airports whose transfers serve the hotel, as OpenTravel's reference points of its
 * area (RefPoints), and related hotels (OtherHotels, CompetitorIndicator false: the same brand);
 * neither: nothing.
 */
function areaInfo(hotel: Hotel, airports: readonly Airport[], sisters: Hotel[]): string {
  const serving = airports.filter((a) => a.routes.some((r) => r.hotels.some((code) => same(code, hotel.code))));
  if (!serving.length && sisters.length === 0) return '';
  const refPoints = serving.length
    ? el(
        'RefPoints',
        {},
        serving.map((a) => el('RefPoint', { Code: a.code, CodeContext: 'IATA', RefPointName: a.name })),
      )
    : '';
  const others = sisters.length
    ? el(
        'OtherHotels',
        {},
        sisters.map((o) =>
          el('OtherHotel', {
            CompetitorIndicator: 'false',
            BrandCode: o.brandCode,
            HotelCode: o.code,
            HotelName: o.name,
            BrandName: o.brandName,
          }),
        ),
      )
    : '';
  return el('AreaInfo', {}, refPoints, others);
}

/** ContactInfos: the hotel's address (variant address-local-names: the country's own name and the official region), phone, email, web. */
function contactInfos(hotel: Hotel, variants: Variants): string {
  const place = hotelPlace(hotel.region, hotel.country, variants);
  return el(
    'ContactInfos',
    {},
    el(
      'ContactInfo',
      {},
      el(
        'Addresses',
        {},
        el(
          'Address',
          {},
          tel('AddressLine', {}, hotel.address),
          tel('CityName', {}, hotel.city),
          tel('PostalCode', {}, hotel.postalCode),
          tel('StateProv', { StateCode: place.stateCode }, place.region),
          tel('CountryName', { Code: place.country.code }, place.country.name),
        ),
      ),
      el('Phones', {}, el('Phone', { PhoneNumber: hotel.phone })),
      el('Emails', {}, tel('Email', {}, hotel.email)),
      el('URLs', {}, tel('URL', {}, hotel.web)),
    ),
  );
}

function descriptiveContent(
  hotel: Hotel,
  lang: string | undefined,
  variants: Variants,
  airports: readonly Airport[],
  sisters: Hotel[] = [],
): string {
  // Variant hotel-descriptions-multimedia: name and description only outside HotelInfo.
  const inMultimedia = variants.has('hotel-descriptions-multimedia');
  const images = el(
    'MultimediaDescription',
    {},
    el(
      'ImageItems',
      {},
      hotel.images.map((u, i) => el('ImageItem', { Category: i === 0 ? '1' : '6' }, el('ImageFormat', {}, tel('URL', {}, u)))),
    ),
  );
  const texts = el(
    'MultimediaDescription',
    {},
    el('TextItems', {}, el('TextItem', { Title: hotel.name.slice(0, 64), Language: lang }, tel('Description', {}, hotel.description))),
  );
  return el(
    'HotelDescriptiveContent',
    {
      BrandCode: hotel.brandCode,
      HotelCode: hotel.code,
      HotelName: hotel.name,
      BrandName: hotel.brandName,
      CurrencyCode: 'EUR',
      LanguageCode: lang,
    },
    el(
      'HotelInfo',
      {},
      inMultimedia ? '' : tel('HotelName', {}, hotel.name),
      el('CategoryCodes', {}, el('HotelCategory', { Code: String(hotel.category), CodeDetail: `${hotel.category} stars` })),
      inMultimedia ? '' : el('Descriptions', {}, tel('DescriptiveText', {}, hotel.description)),
      el('Position', { Latitude: String(hotel.latitude), Longitude: String(hotel.longitude) }),
      el(
        'Services',
        {},
        hotel.facilities.map((f) => el('Service', { Code: f.code }, tel('DescriptiveText', {}, f.name))),
      ),
    ),
    el(
      'FacilityInfo',
      {},
      el(
        'GuestRooms',
        {},
        hotel.rooms.map((r) =>
          el('GuestRoom', { Code: r.code, RoomTypeName: r.name, MaxAdultOccupancy: r.maxAdults, MaxOccupancy: r.maxOccupancy }),
        ),
      ),
    ),
    // Variant hotel-portfolio-sister-hotels: the sister hotels of its brand, named.
    areaInfo(hotel, airports, sisters),
    el('MultimediaDescriptions', {}, images, texts),
    contactInfos(hotel, variants),
  );
}

export const hotelNbc: Operation = {
  name: 'hotelnbc',
  rq: 'OTA_HotelDescriptiveInfoRQ',
  rs: 'OTA_HotelDescriptiveInfoRS',
  version: '2009.1',
  handle(req: XNode, ctx: Ctx) {
    const { data, faults } = ctx;
    const infos = kids(path(req, 'HotelDescriptiveInfos'), 'HotelDescriptiveInfo');
    if (infos.length === 0) throw err.missing('HotelDescriptiveInfos/HotelDescriptiveInfo');
    // Variant no-optional-echoes: the request language is not echoed.
    const lang = ctx.variants.has('no-optional-echoes') ? undefined : optAttr(req, 'PrimaryLangID');
    const out: string[] = [];
    for (const info of infos) {
      const code = attr(info, 'HotelCode', 'HotelDescriptiveInfo');
      let idx = data.hotels.findIndex((h) => same(h.code, code));
      // Mistake (hotelnbc-unknown-served): an unknown code falls back to the first hotel.
      if (idx < 0 && faults.has('hotelnbc-unknown-served')) idx = 0;
      if (idx < 0) throw err.hotel(code);
      const brand = optAttr(info, 'BrandCode');
      if (brand && !same(brand, data.hotels[idx].brandCode)) throw err.invalid(`BrandCode ${brand} does not match hotel ${code}`);
      // Mistake (hotelnbc-other-hotel): an off-by-one in the portfolio lookup.
      const hotel = faults.has('hotelnbc-other-hotel') ? data.hotels[(idx + 1) % data.hotels.length] : data.hotels[idx];
      // Mistake (hotelnbc-code-only): the portfolio row is never joined to its descriptive content.
      if (faults.has('hotelnbc-code-only')) {
        out.push(el('HotelDescriptiveContent', { HotelCode: hotel.code }));
        continue;
      }
      const language = lang && /^[a-zA-Z]{1,8}(-[a-zA-Z0-9]{1,8})*$/.test(lang) ? lang : undefined;
      // Variant hotel-portfolio-sister-hotels: the requested hotel's brand portfolio follows it (its
      // sister hotels are those of the requested code's brand, whichever hotel was looked up).
      const requested = data.hotels[idx];
      const sisters = ctx.variants.has('hotel-portfolio-sister-hotels')
        ? data.hotels.filter((o) => o.brandCode === requested.brandCode && o.code !== requested.code)
        : [];
      out.push(descriptiveContent(hotel, language, ctx.variants, data.airports, sisters));
      for (const sister of sisters) out.push(descriptiveContent(sister, language, ctx.variants, data.airports));
    }
    return { content: el('HotelDescriptiveContents', {}, out) };
  },
};
