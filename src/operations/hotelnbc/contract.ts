// Hotel descriptive data (POST /hotelnbc): everything the suite checks of its replies.
// "Returns the descriptive or portfolio data requested for a hotel." The reply structure is "not
// shown": each fact is read from the places OpenTravel 2016B (OTA_HotelDescriptiveInfoRS) gives it.
// An unknown HotelCode (HNBC-UNKNOWN) is a refusal: the step "the request is refused, as ... requires".
import { fact, notShown, type ReplyReader } from '../../contracts/reader';
import { list, rule, type Check, type Exchange } from '../../contracts/rule';
import { servedRule } from '../../contracts/envelope';
import { unknownSubjectRule } from '../../contracts/unknown-subject';
import type { Contract } from '../contract';
import { checkNamedAndDescribed, requestedCodes } from '../../contracts/descriptive-rules';
import { itemsOffered } from '../../contracts/items-offered';
import { sameCode } from '../../contracts/value-forms';

const XSD = 'OTA_HotelDescriptiveInfoRS.xsd (2016B)';
const CONTENT = `${XSD}: HotelDescriptiveContents/HotelDescriptiveContent`;

export const FACTS = {
  hotel: fact(
    'hotelnbc.hotel',
    'a hotel described',
    ['/*/ota:HotelDescriptiveContents/ota:HotelDescriptiveContent', '/*/ota:HotelDescriptiveContent'],
    `${CONTENT} (one per HotelDescriptiveInfo requested)`,
    'HNBC-SUBJECT fails (the hotel requested is not described); HNBC-CONTENT cannot tell. Items of other hotels (portfolio data: the sister hotels of its brand) are no finding.',
  ),
  code: fact(
    'hotelnbc.hotel.code',
    'the HotelCode of a hotel described',
    ['@HotelCode', 'parent::ota:HotelDescriptiveContents/@HotelCode'],
    `${CONTENT}/@HotelCode; HotelDescriptiveContents/@HotelCode (HotelReferenceGroup on both)`,
    'HNBC-SUBJECT cannot tell when no item names the requested hotel and some item names none.',
    'code',
  ),
  name: fact(
    'hotelnbc.hotel.name',
    'the name of a hotel described',
    [
      '@HotelName',
      'ota:HotelInfo/ota:HotelName',
      'ota:HotelInfo/ota:HotelName/@HotelShortName',
      'parent::ota:HotelDescriptiveContents/@HotelName',
    ],
    `${CONTENT}/@HotelName (HotelReferenceGroup); HotelInfo/HotelName (HotelInfoType)`,
    'HNBC-CONTENT fails (it requires the name).',
  ),
  content: fact(
    'hotelnbc.hotel.content',
    'a description, address or facility of a hotel',
    [
      'ota:HotelInfo/ota:Descriptions/ota:DescriptiveText',
      'ota:HotelInfo/ota:Descriptions/ota:MultimediaDescriptions/ota:MultimediaDescription/ota:TextItems/ota:TextItem/ota:Description',
      'ota:MultimediaDescriptions/ota:MultimediaDescription/ota:TextItems/ota:TextItem/ota:Description',
      'ota:MultimediaDescriptions/ota:MultimediaDescription//ota:Description',
      'ota:ContactInfos/ota:ContactInfo/ota:Addresses/ota:Address',
      'ota:HotelInfo/ota:Services/ota:Service/@Code',
      'ota:HotelInfo/ota:Services/ota:Service/ota:DescriptiveText',
      'ota:FacilityInfo/ota:GuestRooms/ota:GuestRoom/@RoomTypeName',
      'ota:FacilityInfo/ota:GuestRooms/ota:GuestRoom/@Code',
      'ota:FacilityInfo/ota:Restaurants/ota:Restaurant/@RestaurantName',
      'ota:FacilityInfo/ota:MeetingRooms/ota:MeetingRoom/@RoomName',
      'ota:HotelInfo/ota:CategoryCodes/*/@Code',
      'ota:AreaInfo//ota:DescriptiveText',
    ],
    `${CONTENT}: HotelInfo/Descriptions (DescriptiveText, MultimediaDescriptions), MultimediaDescriptions/TextItems, ` +
      'ContactInfos/ContactInfo/Addresses, HotelInfo/Services (facilities, HAC), FacilityInfo (GuestRooms, Restaurants, MeetingRooms), ' +
      'HotelInfo/CategoryCodes, AreaInfo',
    'HNBC-CONTENT fails (it requires a description, address or facility).',
  ),
  // Where the hotel is: read by corroboration (./hotel-description.ts) when another reply names the hotel by code only.
  country: fact(
    'hotelnbc.hotel.country',
    'the country of a hotel described',
    [
      'ota:ContactInfos/ota:ContactInfo/ota:Addresses/ota:Address/ota:CountryName',
      'ota:ContactInfos/ota:ContactInfo/ota:Addresses/ota:Address/ota:CountryName/@Code',
    ],
    `${CONTENT}/ContactInfos/ContactInfo/Addresses/Address/CountryName (ContactInfoRootType; text: name, @Code: ISO 3166)`,
    'Read only by corroboration (section 13): the rule that asked stays cannot tell, naming both replies.',
    'country',
  ),
  region: fact(
    'hotelnbc.hotel.region',
    'the region, county or town of a hotel described',
    [
      'ota:ContactInfos/ota:ContactInfo/ota:Addresses/ota:Address/ota:StateProv',
      'ota:ContactInfos/ota:ContactInfo/ota:Addresses/ota:Address/ota:StateProv/@StateCode',
      'ota:ContactInfos/ota:ContactInfo/ota:Addresses/ota:Address/ota:CountyName',
      'ota:ContactInfos/ota:ContactInfo/ota:Addresses/ota:Address/ota:County',
      'ota:ContactInfos/ota:ContactInfo/ota:Addresses/ota:Address/ota:CityName',
    ],
    `${CONTENT}/ContactInfos/ContactInfo/Addresses/Address (StateProv, County: 2016B AddressType; CountyName, CityName)`,
    'Read only by corroboration (section 13): the rule that asked stays cannot tell, naming both replies.',
  ),
};

/**
 * "The descriptive or portfolio data requested for a hotel": each hotel requested is described by
 * an item under its own code. Portfolio data may describe related hotels beside it (the sister
 * hotels of its brand); they are no finding. A reply whose items all name other hotels fails; one
 * where no item names the requested hotel and some name no hotel at all cannot tell.
 */
function checkRequestedDescribed(exchange: Exchange, check: Check, reply: ReplyReader, wanted: string[]): void {
  const items = itemsOffered(exchange, check, reply, FACTS.hotel, `a description of ${list(wanted)}`);
  if (items.length === 0) return;
  const shown = items.map((i) => ({ at: i.at, code: reply.value(FACTS.code, i.node) }));
  for (const w of wanted) {
    if (shown.some((s) => sameCode(s.code?.value, w))) continue;
    const unnamed = shown.filter((s) => !s.code);
    if (unnamed.length) check.cannotTell(`no item names hotel ${w}, and ${notShown(reply, FACTS.code, list(unnamed.map((s) => s.at)))}`);
    else
      // expected: the code requested; found: the codes the items describe
      check.fail(`${reply.nodes(FACTS.hotel)!.at}/${FACTS.code.places[0]}`, w, list(shown.map((s) => s.code!.value)));
  }
}

export const contract: Contract = {
  op: 'hotelnbc',
  facts: Object.values(FACTS),
  rules: [
    // called by the step "the request is refused, as HNBC-UNKNOWN requires"
    unknownSubjectRule('HNBC-UNKNOWN', FACTS.hotel, 'hotel'),
    servedRule('HNBC-SUBJECT', 'the hotel requested is described', (exchange, check, reply) => {
      checkRequestedDescribed(exchange, check, reply, requestedCodes(exchange, '//ota:HotelDescriptiveInfo/@HotelCode'));
    }),
    rule('HNBC-CONTENT', "the hotel's name and descriptive content are given", (_x, check, reply) =>
      checkNamedAndDescribed(check, reply, FACTS.hotel, FACTS.name, FACTS.content, 'hotel'),
    ),
  ],
};
