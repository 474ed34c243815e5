// Variants of hotel replies (availability and descriptive data): addresses, what names a hotel, and
// where the stay dates are.

import type { VariantDef } from './variant';

export const HOTEL_VARIANTS = [
  // AddressType: CountryName text is free (its @Code is ISO 3166), StateProv is the state or
  // province; a gateway may write the official names in the country's own language.
  {
    name: 'address-local-names',
    operations: ['hotelavailability', 'hotelnbc'],
    description:
      "Hotel addresses (availability and descriptive data) write CountryName in the country's own language (España, Italia, Ελλάδα) with its ISO @Code, and StateProv as the official first-level region (Illes Balears, Κρήτη, Faro, Sicilia); the area name (Mallorca) appears nowhere in the address.",
    expectedWarnings: [],
    testData: {
      placeAliases: {
        Mallorca: ['Illes Balears', 'Islas Baleares', 'Balearic Islands'],
        Crete: ['Κρήτη', 'Kriti', 'Crete (Kriti)'],
      },
    },
  },
  // BasicPropertyInfoType: every attribute and child is optional; HotelCode alone names the hotel,
  // and the spec's hotel descriptive data ("descriptive or portfolio data requested for a hotel")
  // says where it is. Hides the hotel's place: only corroboration through /hotelnbc can place it.
  {
    name: 'hotel-code-only-availability',
    operations: ['hotelavailability'],
    description:
      'Hotel availability names each hotel by BasicPropertyInfo/@HotelCode only: no HotelName, BrandCode, BrandName and no Address (country, region, town); hotel descriptive data still gives the address.',
    expectedWarnings: [],
  },
  // OTA_HotelAvailRS: HotelStays/HotelStay ("A quick view of the requested hotels' general
  // availability") carries a BasicPropertyInfo and a RoomStayRPH (ListOfRPH) naming the RoomStays
  // it summarises (RoomStay/@RPH). Hides the RoomStay branch of the hotel's address: only the
  // HotelStay of the same hotel shows where it is.
  {
    name: 'hotel-placed-in-hotelstay',
    operations: ['hotelavailability'],
    description:
      'Hotel availability writes HotelStays before RoomStays: one HotelStay per hotel (Availability Status="Open" for the stay, BasicPropertyInfo with the hotel\'s name and Address, RoomStayRPH naming its RoomStay); each RoomStay carries an RPH and names the hotel by BasicPropertyInfo/@HotelCode alone.',
    expectedWarnings: [],
  },
  // DateTimeSpanGroup: Start with Duration (DurationType allows P3N) is as good as Start/End;
  // EffectiveExpireOptionalDateGroup has ExpireDateExclusiveInd, false = ExpireDate is the last day.
  {
    name: 'inclusive-rate-dates',
    operations: ['hotelavailability'],
    description:
      'Hotel RoomStays carry TimeSpan Start with Duration (P3N) and no End, and every Rate ExpireDate is the last night of its period, with ExpireDateExclusiveInd="false".',
    expectedWarnings: [],
  },
  // RoomStayType: TimeSpan is optional; RoomRate/Rates/Rate EffectiveDate and ExpireDate
  // (EffectiveExpireOptionalDateGroup) date each rate period. Hides the TimeSpan branch of the stay
  // dates: only the Rate placement shows them.
  {
    name: 'stay-dates-in-rates-only',
    operations: ['hotelavailability'],
    description:
      'Hotel RoomStays carry no TimeSpan: the stay dates are only the RoomRate/Rates/Rate EffectiveDate (first night) and ExpireDate (the day after the last night of the period).',
    expectedWarnings: [],
  },
] as const satisfies readonly VariantDef[];
