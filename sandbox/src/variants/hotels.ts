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
  // AddressType: StateProv/@StateCode is the state or province's code (ISO 3166-2 where one exists),
  // its text the official name. An island (Mallorca) is no subdivision: it keeps its name beside its province's code.
  {
    name: 'address-region-codes',
    operations: ['hotelavailability', 'hotelnbc', 'activityavailability', 'activitysearch', 'activitynbc'],
    description:
      'Hotel and activity addresses write StateProv with its ISO 3166-2 StateCode and the official name ISO gives it (Faro PT-08, Kríti GR-M, Sicilia IT-82; Mallorca keeps its name beside ES-PM), with no placeAliases in the test data.',
    expectedWarnings: [],
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
  // EffectiveExpireOptionalDateGroup: a Rate's EffectiveDate and ExpireDate date the period the
  // rate is valid for, which may be wider than the stay (a weekly or seasonal rate); TimeSpan is
  // optional in RoomStayType. OTA_HotelAvailRS3F's sample rates run 2011-02-10 to 2011-02-16.
  {
    name: 'rate-periods-beyond-stay',
    operations: ['hotelavailability'],
    description:
      "Hotel RoomStays carry no TimeSpan, and each RoomRate's rates run in whole weeks: the first Rate's EffectiveDate is the Monday on or before the first night, the last Rate's ExpireDate the Monday after the week of the last night (the rate periods hold the stay and reach beyond it).",
    expectedWarnings: [],
  },
  // GuestCountGroup: AgeQualifyingCode is optional, Count is "the number of guests in one
  // AgeQualifyingCode or Count"; OTA_HotelAvailRS3F writes <GuestCount Count="2"/>.
  {
    name: 'guest-count-without-age-code',
    operations: ['hotelavailability'],
    description:
      'Hotel RoomStay/GuestCounts holds one GuestCount with the number of guests as @Count and no @AgeQualifyingCode (2 adults and 1 child: Count="3").',
    expectedWarnings: [],
  },
  // The spec asks for "a number of guests"; a gateway whose rooms are priced per person whatever
  // the age writes the party as guests of one age code.
  {
    name: 'guests-in-one-age-code',
    operations: ['hotelavailability'],
    description:
      'Hotel RoomStay/GuestCounts holds one GuestCount of AgeQualifyingCode 10 (adult) counting every guest: 2 adults and 1 child are Count="3".',
    expectedWarnings: [],
  },
  // HotelStaysType: HotelStay (BasicPropertyInfo, @RoomStayRPH) describes the hotel once for the
  // RoomStays that point at it; BasicPropertyInfoType in a RoomStay may carry the code alone.
  {
    name: 'hotel-stays-address',
    operations: ['hotelavailability'],
    description:
      "Hotel availability lists each hotel once in HotelStays/HotelStay (@RoomStayRPH = the RoomStay's @RPH) with its BasicPropertyInfo, name and Address; each RoomStay's BasicPropertyInfo carries the HotelCode alone.",
    expectedWarnings: [],
  },
  // The spec: "Returns the descriptive or portfolio data requested for a hotel". HotelDescriptiveContents
  // holds one HotelDescriptiveContent per hotel; AreaInfo/OtherHotels/OtherHotel (CompetitorIndicator
  // false) names related hotels.
  {
    name: 'hotel-portfolio-sister-hotels',
    operations: ['hotelnbc'],
    description:
      'Hotel descriptive data answers with the brand\'s portfolio: the requested hotel\'s HotelDescriptiveContent (whose AreaInfo/OtherHotels/OtherHotel names its sister hotels, CompetitorIndicator="false"), followed by a full HotelDescriptiveContent for each other hotel of its brand.',
    expectedWarnings: [],
  },
] as const satisfies readonly VariantDef[];
