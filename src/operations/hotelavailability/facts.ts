// Hotel availability: the facts its replies show, each with its places (OpenTravel 2016B
// OTA_HotelAvailRS) and what the rules conclude when a reply does not show it.
import { fact } from '../../contracts/reader';
import { xsBoolIs } from '../../contracts/xpath-predicates';

const XSD = 'OTA_HotelAvailRS.xsd (2016B)';

export const FACTS = {
  hotel: fact(
    'hotelavailability.hotel',
    'a hotel offered',
    // Not an alternate (IsAlternate): OpenTravel's flag for an offer that does not meet the criteria.
    [`/*/ota:RoomStays/ota:RoomStay[not(${xsBoolIs('@IsAlternate', true)})]`, '/*/ota:HotelStays/ota:HotelStay'],
    `${XSD}: RoomStays/RoomStay (one per hotel and offer); HotelStays/HotelStay`,
    'No hotel: HAV-SUCCESS fails (the test data declares availability there); HAV-EMPTY passes; the other rules cannot tell.',
  ),
  code: fact(
    'hotelavailability.hotel.code',
    'the code of a hotel',
    // Not RoomStay/@RPH: it numbers the results (a reference place holder), it is no hotel code.
    ['ota:BasicPropertyInfo/@HotelCode', 'ota:RoomRates/ota:RoomRate/@HotelCode'],
    `${XSD}: RoomStay/BasicPropertyInfo/@HotelCode`,
    'The hotel is labelled by its place in the reply; HAV-MAXRESPONSES counts results only.',
    'code',
  ),
  countryName: fact(
    'hotelavailability.hotel.country',
    'the country of a hotel',
    [
      'ota:BasicPropertyInfo/ota:Address/ota:CountryName',
      'ota:BasicPropertyInfo/ota:Address/ota:CountryName/@Code',
      'ota:BasicPropertyInfo/@CountryCode',
    ],
    `${XSD}: BasicPropertyInfo/Address/CountryName (text: name; @Code: ISO 3166), of the RoomStay and of the HotelStay of the same hotel (its HotelCode, or RoomStayRPH)`,
    'HAV-PLACE (Country) asks hotel descriptive data (section 13); cannot tell only when that shows no country either.',
    'country',
    'countries',
  ),
  region: fact(
    'hotelavailability.hotel.region',
    'the region of a hotel',
    [
      'ota:BasicPropertyInfo/ota:Address/ota:StateProv',
      'ota:BasicPropertyInfo/ota:Address/ota:StateProv/@StateCode',
      'ota:BasicPropertyInfo/ota:Address/ota:CountyName',
      'ota:BasicPropertyInfo/ota:Address/ota:County',
      'ota:BasicPropertyInfo/ota:Address/ota:CityName',
      'ota:BasicPropertyInfo/ota:RelativePosition/ota:Transportations/ota:Transportation/@Description',
    ],
    `${XSD}: BasicPropertyInfo/Address (StateProv, County: 2016B AddressType; CountyName, CityName), of the RoomStay and of the HotelStay of the same hotel`,
    'HAV-PLACE (Region) asks hotel descriptive data (section 13); cannot tell only when that does not place the hotel either.',
    undefined,
    'regions-and-towns',
  ),
  start: fact(
    'hotelavailability.hotel.start',
    'the first night of a stay or rate period offered',
    [
      'ota:TimeSpan/@Start',
      'ota:RoomRates/ota:RoomRate/ota:Rates/ota:Rate/@EffectiveDate',
      'ota:RoomRates/ota:RoomRate/@EffectiveDate',
      'ota:Availability/@Start',
    ],
    `${XSD}: RoomStay/TimeSpan/@Start (the stay); RoomRate/Rates/Rate/@EffectiveDate, RoomRate/@EffectiveDate (a rate period); HotelStay/Availability/@Start`,
    'With no date shown anywhere, HAV-DATES cannot tell.',
    undefined,
    'stay-dates',
  ),
  end: fact(
    'hotelavailability.hotel.end',
    'the departure day of a stay, or the end of a rate period',
    [
      'ota:TimeSpan/@End',
      'ota:RoomRates/ota:RoomRate/ota:Rates/ota:Rate/@ExpireDate',
      'ota:RoomRates/ota:RoomRate/@ExpireDate',
      'ota:Availability/@End',
    ],
    `${XSD}: read on the element that shows the start: TimeSpan/@End or @Duration (DurationType, "P3N" nights); ` +
      'Rate/@ExpireDate with @ExpireDateExclusiveInd (EffectiveExpireOptionalDateGroup); Availability/@End',
    'No departure day shown (a TimeSpan with no End nor Duration, rate periods with no end) or no date at all: HAV-DATES cannot tell.',
    undefined,
    'stay-dates',
  ),
  guests: fact(
    'hotelavailability.hotel.guests',
    'the guests a stay is offered for (a GuestCounts element)',
    ['ota:GuestCounts', 'ota:RoomRates/ota:RoomRate/ota:GuestCounts', 'ota:RoomTypes/ota:RoomType/ota:GuestCounts'],
    `${XSD}: RoomStay/GuestCounts/GuestCount (@Count, @AgeQualifyingCode, @Age; GuestCountType); RoomRate/GuestCounts (one per rate or room)`,
    "The rooms' occupancy decides HAV-GUESTS (next row); neither shown, or a GuestCount with neither Count nor Age: HAV-GUESTS cannot tell.",
    undefined,
    'guests-of-a-stay',
  ),
  occupancy: fact(
    'hotelavailability.hotel.occupancy',
    'the number of guests a room offered holds',
    ['ota:RoomTypes/ota:RoomType/ota:Occupancy[not(@AgeQualifyingCode)]/@MaxOccupancy'],
    `${XSD}: RoomStay/RoomTypes/RoomType/Occupancy/@MaxOccupancy (OccupancyType; times RoomType/@NumberOfUnits), without AgeQualifyingCode (a total)`,
    'A room that holds fewer guests than requested fails HAV-GUESTS. A room that holds them all decides only when no GuestCounts shows the number.',
    undefined,
    'guests-of-a-stay',
  ),
};
