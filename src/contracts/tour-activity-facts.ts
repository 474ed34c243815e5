// The facts both tour activity replies show of a TourActivityInfo (availability and search share
// OpenTravel 2016B's structure), with their places; the rules over them are in tour-activity.ts.
import { fact } from './reader';
import { wordIs, xsBoolIs } from './xpath-predicates';

/** The spec names a hotel as "text of Region with RegionCode=HotelCode", a product as "... RegionCode=Product". */
const HOTEL_REGION = `ota:Location/ota:Region[${wordIs('@RegionCode', 'HotelCode')}]`;
export const PRODUCT_REGION = `ota:Location/ota:Region[${wordIs('@RegionCode', 'Product')}]`;
// A Region of the activity's own place, named by its text with a RegionCode that says which kind
// (Country, Region, Resort...), as the vendor documents write it; not a hotel or product code.
const AREA_REGION = `ota:Location/ota:Region[normalize-space()][not(${wordIs('@RegionCode', 'HotelCode')} or ${wordIs('@RegionCode', 'Product')})]`;
const PICKUP = `ota:PickupDropoff[${xsBoolIs('@PickupInd', true)}]`;
// A PickupDropoff that does not say it is a drop-off (PickupInd false): a drop-off point is not the hotel.
const NOT_DROPOFF = `ota:PickupDropoff[not(${xsBoolIs('@PickupInd', false)})]`;

/** The facts both replies show of a TourActivityInfo: what each operation's rules conclude when the reply does not show one. */
export type TourActivityNotShown = Record<'activity' | 'tourActivityId' | 'product' | 'hotel' | 'area' | 'country' | 'start', string>;

/** The facts both replies show of a TourActivityInfo, with ids of operation `op`. */
export function tourActivityFacts(op: 'activityavailability' | 'activitysearch', xsd: string, whenNotShown: TourActivityNotShown) {
  return {
    activity: fact(
      `${op}.activity`,
      'an activity offered',
      // Not an alternate (AlternateInd): OpenTravel's flag for an offer that does not meet the criteria.
      [`/*/ota:TourActivityInfo[not(${xsBoolIs('@AlternateInd', true)})]`],
      `${xsd}: TourActivityInfo (one per activity or option)`,
      whenNotShown.activity,
    ),
    tourActivityId: fact(
      `${op}.activity.tourActivityId`,
      'the TourActivityID of an activity',
      ['ota:BasicInfo/@TourActivityID', PRODUCT_REGION],
      `${xsd}: TourActivityInfo/BasicInfo/@TourActivityID (TourActivityID_Type); the spec's "text of Region with RegionCode=Product"`,
      whenNotShown.tourActivityId,
      'code',
    ),
    product: fact(
      `${op}.activity.product`,
      'the product an activity is of (any of its codes)',
      ['ota:BasicInfo/@TourActivityID', 'ota:BasicInfo/@SupplierProductCode', PRODUCT_REGION],
      `${xsd}: BasicInfo/@TourActivityID and @SupplierProductCode; Location/Region RegionCode=Product (the spec's form)`,
      whenNotShown.product,
    ),
    hotel: fact(
      `${op}.activity.hotel`,
      'the hotel an activity is offered at',
      [HOTEL_REGION, `${PICKUP}/@LocationName`, `${NOT_DROPOFF}/@LocationName`],
      `${xsd}: Location/Region (TourActivityLocationType) with the spec's RegionCode=HotelCode; PickupDropoff/@LocationName ` +
        '(TourActivityTransType; the spec writes the hotel code there in a booking: "LocationName (hotel code)"), not of a ' +
        'drop-off (PickupInd false). Ticket-only activities have no pickup.',
      whenNotShown.hotel,
    ),
    area: fact(
      `${op}.activity.area`,
      'the area of an activity',
      [
        'ota:Location/ota:Region/@RegionName',
        'ota:Location/ota:Address/ota:StateProv',
        'ota:Location/ota:Address/ota:StateProv/@StateCode',
        'ota:Location/ota:Address/ota:CityName',
        'ota:Location/ota:Address/ota:County',
        'ota:Location/ota:Address/ota:CountryName',
        AREA_REGION,
      ],
      `${xsd}: TourActivityInfo/Location (TourActivityLocationType): Region/@RegionName, Address (StateProv, CityName, County, CountryName); ` +
        'Region text by RegionCode (Country, Region, Resort...: the vendor practice the spec derives from)',
      whenNotShown.area,
      undefined,
      'activity-areas',
    ),
    country: fact(
      `${op}.activity.country`,
      'the country of an activity',
      [
        'ota:Location/ota:Address/ota:CountryName/@Code',
        'ota:Location/ota:Address/ota:CountryName',
        `ota:Location/ota:Region[${wordIs('@RegionCode', 'Country')}]`,
      ],
      `${xsd}: TourActivityInfo/Location/Address/CountryName (text: name; @Code: ISO 3166); Region RegionCode=Country (vendor practice)`,
      whenNotShown.country,
      'country',
      'countries',
    ),
    start: fact(
      `${op}.activity.start`,
      'the dates an activity takes place (starts)',
      ['ota:Schedule/ota:Detail/@Start', 'ota:Schedule/ota:Summary/@Start'],
      `${xsd}: Schedule/Detail (OperationScheduleType, one per date or span) and Schedule/Summary (DateTimeSpanGroup): ` +
        '"The tour departure or activity start date/time". Recurring dates (--mm-dd) and times of day are not dates.',
      whenNotShown.start,
    ),
  };
}

export type TourActivityFacts = ReturnType<typeof tourActivityFacts>;

const AVAILABILITY_XSD = 'OTA_TourActivityAvailRS.xsd (2016B)';

/**
 * When and how long an activity operates: facts of activity availability (their ids, documented
 * with its replies), which discovery also reads in the activity's descriptive data when
 * availability does not show them (OpenTravel's tour activity schedule, in both replies).
 */
export const SCHEDULE_FACTS = {
  operationTime: fact(
    'activityavailability.activity.operationTime',
    'the weekdays and start time an activity operates',
    ['ota:Schedule/ota:Detail/ota:OperationTimes/ota:OperationTime', 'ota:Schedule//ota:OperationTime'],
    `${AVAILABILITY_XSD}: Schedule/Detail/OperationTimes/OperationTime (DOW_PatternGroup: @Mon @Tue @Weds @Thur @Fri @Sat @Sun; @Start)`,
    "Discovery asks activity descriptive data, then the test data (activities.bookingValues.weekdays, startTime); else a span's first day and 09:00 are guesses, named.",
  ),
  duration: fact(
    'activityavailability.activity.duration',
    'the duration of an activity',
    ['ota:Schedule/ota:Summary/@Duration', 'ota:Schedule/ota:Detail/@Duration', 'ota:Schedule//ota:OperationTime/@Duration'],
    `${AVAILABILITY_XSD}: Schedule/Summary/@Duration, Schedule/Detail/@Duration (xs:duration)`,
    'Discovery asks activity descriptive data, then the test data (activities.bookingValues.duration); else 4 hours, a guess, named.',
  ),
};
