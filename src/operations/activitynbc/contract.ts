// Activity descriptive data (POST /activitynbc): everything the suite checks of its replies.
// "Returns descriptive data for one tour activity." OTA_ProductDescriptiveInfoRS is the gateway's
// own message (in no OpenTravel release); its facts are read where the OpenTravel tour activity
// types put them (TourActivityDescriptionType, TourActivityID_Type) and, for a reply written in the
// style of OTA_HotelDescriptiveInfoRS, where that message puts descriptive text.
// An unknown TourActivityID (ANBC-UNKNOWN) is a refusal: the step "the request is refused, as ... requires".
import { fact } from '../../contracts/reader';
import { rule } from '../../contracts/rule';
import { servedRule } from '../../contracts/envelope';
import { unknownSubjectRule } from '../../contracts/unknown-subject';
import type { Contract } from '../contract';
import { PRODUCT_REGION } from '../../contracts/tour-activity';
import { checkDescribed, checkNamedAndDescribed, requestedCodes } from '../../contracts/descriptive-rules';
import { wordIs, xsBoolIs } from '../../contracts/xpath-predicates';

const TYPES = 'OTA_TourActivityCommonTypes.xsd (2016B)';

export const FACTS = {
  activity: fact(
    'activitynbc.activity',
    'an activity described',
    [
      '/*/ota:ProductDescriptiveContents/ota:TourActivityDescriptiveContent',
      '/*/ota:ProductDescriptiveContents/ota:ProductDescriptiveContent',
      '/*/ota:TourActivityDescriptiveContent',
      '/*/ota:TourActivityInfo',
    ],
    "the gateway's own message, in the style of OTA_HotelDescriptiveInfoRS (…Contents/…Content) " +
      'or of OTA_TourActivitySearchRS (TourActivityInfo)',
    'ANBC-SUBJECT fails (the activity requested is not described); ANBC-CONTENT cannot tell.',
  ),
  id: fact(
    'activitynbc.activity.id',
    'the TourActivityID of an activity described',
    ['@TourActivityID', 'ota:BasicInfo/@TourActivityID', PRODUCT_REGION],
    `${TYPES}: TourActivityID_Type/@TourActivityID (on the content or its BasicInfo); the spec's "text of Region with RegionCode=Product"`,
    'ANBC-SUBJECT cannot tell.',
    'code',
  ),
  name: fact(
    'activitynbc.activity.name',
    'the name of an activity described',
    ['@Name', 'ota:BasicInfo/@Name', 'ota:BasicInfo/@ShortName', '@ShortName'],
    `${TYPES}: TourActivityID_Type/@Name, @ShortName`,
    'ANBC-CONTENT fails (it requires the name).',
  ),
  description: fact(
    'activitynbc.activity.description',
    'a description of an activity',
    [
      'ota:Description/ota:ShortDescription',
      'ota:Description/ota:LongDescription',
      'ota:Description/ota:Multimedia/ota:MultimediaDescription/ota:TextItems/ota:TextItem/ota:Description',
      'ota:MultimediaDescriptions/ota:MultimediaDescription/ota:TextItems/ota:TextItem/ota:Description',
      'ota:Descriptions/ota:DescriptiveText',
      'ota:DescriptiveText',
    ],
    `${TYPES}: TourActivityDescriptionType (ShortDescription, LongDescription, Multimedia); ` +
      'OTA_HotelDescriptiveInfoRS style: MultimediaDescriptions/TextItems, Descriptions/DescriptiveText',
    'ANBC-CONTENT fails (it requires a description).',
  ),
  // Where the activity is and which hotels it serves: read by corroboration (./activity-description.ts).
  area: fact(
    'activitynbc.activity.area',
    'the area of an activity described',
    [
      'ota:Location/ota:Region/@RegionName',
      'ota:Location/ota:Address/ota:StateProv',
      'ota:Location/ota:Address/ota:CityName',
      'ota:Location/ota:Address/ota:County',
      `ota:Location/ota:Region[normalize-space()][not(${wordIs('@RegionCode', 'HotelCode')} or ${wordIs('@RegionCode', 'Product')})]`,
    ],
    'TourActivityLocationType as in OTA_TourActivitySearchRS: Location/Region/@RegionName, Address (StateProv, CityName, County); Region text by RegionCode',
    'Read only by corroboration (section 13): the rule that asked stays cannot tell, naming both replies.',
  ),
  country: fact(
    'activitynbc.activity.country',
    'the country of an activity described',
    [
      'ota:Location/ota:Address/ota:CountryName/@Code',
      'ota:Location/ota:Address/ota:CountryName',
      `ota:Location/ota:Region[${wordIs('@RegionCode', 'Country')}]`,
    ],
    'Location/Address/CountryName (text: name; @Code: ISO 3166); Region RegionCode=Country',
    'Read only by corroboration (section 13): the rule that asked stays cannot tell, naming both replies.',
    'country',
  ),
  hotels: fact(
    'activitynbc.activity.hotels',
    'the hotels an activity described serves (its pickups)',
    [
      `ota:PickupDropoff[not(${xsBoolIs('@PickupInd', false)})]/@LocationName`,
      `ota:Location/ota:Region[${wordIs('@RegionCode', 'HotelCode')}]`,
    ],
    'PickupDropoff/@LocationName (TourActivityTransType), not of a drop-off; Region RegionCode=HotelCode',
    'Read only by corroboration (section 13): the rule that asked stays cannot tell, naming both replies.',
  ),
};

export const contract: Contract = {
  op: 'activitynbc',
  facts: Object.values(FACTS),
  rules: [
    // called by the step "the request is refused, as ANBC-UNKNOWN requires"
    unknownSubjectRule('ANBC-UNKNOWN', FACTS.activity, 'activity'),
    servedRule('ANBC-SUBJECT', 'the activity requested is described, and only it', (exchange, check, reply) => {
      checkDescribed(
        exchange,
        check,
        reply,
        FACTS.activity,
        FACTS.id,
        requestedCodes(exchange, '//ota:TourActivityDescriptiveInfo/@TourActivityID'),
      );
    }),
    rule('ANBC-CONTENT', "the activity's name and description are given", (_x, check, reply) =>
      checkNamedAndDescribed(check, reply, FACTS.activity, FACTS.name, FACTS.description, 'activity'),
    ),
  ],
};
