// Activity availability: the facts its replies show, each with its places (OpenTravel 2016B
// OTA_TourActivityAvailRS first) and what the rules conclude when a reply does not show it.
import { fact } from '../../contracts/reader';
import { tourActivityFacts, type TourActivityNotShown, SCHEDULE_FACTS } from '../../contracts/tour-activity';
import { CONSTRAINT_FACTS } from '../../contracts/booking-constraints';

const XSD = 'OTA_TourActivityAvailRS.xsd (2016B)';
const CATEGORY = `${XSD}: TourActivityInfo/Pricing/ParticipantCategory`;

/** What the rules conclude when the reply does not show one of the facts shared with the other tour activity operation. */
const NOT_SHOWN: TourActivityNotShown = {
  activity: 'No activity: AAV-SUCCESS, AAV-HOTEL-ONLY and AAV-PRODUCT-ONLY fail; the other rules cannot tell.',
  tourActivityId: 'The activity is labelled by its place in the reply. Discovery skips the option (not bookable).',
  product:
    "AAV-LOCATION and AAV-PRODUCT-ONLY cannot tell for that activity. Every place is compared: any of the activity's codes may be the product.",
  hotel:
    "The activity's area decides (next rows); not shown either: AAV-LOCATION and AAV-HOTEL-ONLY cannot tell for that activity. Another hotel named is no finding by itself.",
  area: 'AAV-LOCATION judges the activity by the hotel it names, or by where that hotel is (its hotel descriptive data); neither shown: cannot tell.',
  country:
    "Another country than the requested hotel's (its hotel descriptive data, or the activities at the hotel) fails AAV-LOCATION; not shown: the area decides.",
  start: 'AAV-DATES cannot tell for that activity; discovery skips the option.',
};

export const FACTS = {
  ...tourActivityFacts('activityavailability', XSD, NOT_SHOWN),
  supplierProductCode: fact(
    'activityavailability.activity.supplierProductCode',
    'the SupplierProductCode of an activity',
    ['ota:BasicInfo/@SupplierProductCode'],
    `${XSD}: TourActivityInfo/BasicInfo/@SupplierProductCode (TourActivityID_Type)`,
    'Discovery uses the TourActivityID.',
  ),
  supplierServiceCode: fact(
    'activityavailability.activity.supplierServiceCode',
    'the SupplierServiceCode of an activity option',
    [
      'ota:BasicInfo/@SupplierServiceCode',
      'ota:BasicInfo/ota:TPA_Extensions/ota:SupplierService/@SupplierServiceCode',
      './/ota:TPA_Extensions//@SupplierServiceCode',
      './/ota:TPA_Extensions//ota:SupplierServiceCode',
    ],
    `not in 2016B: the spec's booking form (BasicInfo/@SupplierServiceCode), or an extension (TPA_Extensions, ${XSD})`,
    'Discovery uses the SupplierProductCode (or the TourActivityID).',
  ),
  end: fact(
    'activityavailability.activity.end',
    'the last date of an activity schedule',
    ['ota:Schedule/ota:Detail/@End', 'ota:Schedule/ota:Summary/@End'],
    `${XSD}: Schedule/Detail/@End, Schedule/Summary/@End (DateTimeSpanGroup)`,
    'Discovery does not bound its search for an operating weekday.',
  ),
  operationTime: SCHEDULE_FACTS.operationTime,
  duration: SCHEDULE_FACTS.duration,
  // What a booking must keep (read by discovery, and in activity descriptive data with these ids).
  ...CONSTRAINT_FACTS,
  category: fact(
    'activityavailability.activity.category',
    'a participant category priced',
    ['ota:Pricing/ota:ParticipantCategory', 'ota:ParticipantCount'],
    `${CATEGORY} (once per category with a unit price, or once per participant); the spec's request form ParticipantCount`,
    'AAV-PARTICIPANTS counts the party by the known group size or a total over unit prices; AAV-CATEGORIES and AAV-MAXPRICE cannot tell for that activity.',
    undefined,
    'participants-of-a-rate',
  ),
  categoryCode: fact(
    'activityavailability.activity.category.code',
    'the code of a participant category (AQC number or AgeQualifyingEnum word)',
    ['ota:QualifierInfo', 'ota:QualifierInfo/@Extension', '@AgeQualifyingCode', '@QualifierInfo'],
    `${CATEGORY}/QualifierInfo (AgeQualifierType: text = AgeQualifyingEnum word, @Extension = a code known to partners); ` +
      'the spec writes the numeric code as QualifierInfo text',
    'AAV-CATEGORIES cannot tell (the party is still counted).',
    undefined,
    'participants-of-a-rate',
  ),
  categoryQuantity: fact(
    'activityavailability.activity.category.quantity',
    'the number of participants of a category priced',
    // Not any Quantity under TPA_Extensions: a vendor's own (seats left) is no party size.
    ['@Quantity', 'ota:TPA_Extensions/ota:ParticipantCount/@Quantity', 'ota:QualifierInfo/@Quantity'],
    `not in 2016B's ParticipantCategory: the spec's ParticipantCount/@Quantity form, or an extension (${CATEGORY}/TPA_Extensions)`,
    'AAV-PARTICIPANTS counts the entries, the group size or the total instead; some categories with a quantity and some without: it cannot tell from them.',
    'number',
    'participants-of-a-rate',
  ),
  categoryAge: fact(
    'activityavailability.activity.category.age',
    'the age of the participant a category entry prices',
    ['@Age'],
    `${CATEGORY}/@Age ("This is used to specify a participant age in years")`,
    'Entries with an Age each price one participant when the party has one of each category, or a code repeats.',
  ),
  groupSize: fact(
    'activityavailability.activity.groupSize',
    'the number of participants a group price is for',
    ['ota:Pricing/ota:Group/@KnownGroupSize'],
    `${XSD}: TourActivityInfo/Pricing/Group/@KnownGroupSize ("The actual quantity of participants in a group")`,
    'AAV-PARTICIPANTS counts the party by the categories or a total over unit prices.',
  ),
  price: fact(
    'activityavailability.activity.category.price',
    'the price of a participant category (per person)',
    ['ota:Price/@Amount'],
    `${CATEGORY}/Price/@Amount (TourActivityChargeType)`,
    'AAV-MAXPRICE cannot tell for that activity; AAV-PARTICIPANTS reads no count from a total.',
  ),
  total: fact(
    'activityavailability.activity.total',
    'the total price of an activity option',
    ['ota:Pricing/ota:Summary/@Amount', 'ota:Pricing/ota:Group/ota:Price/@Amount'],
    `${XSD}: TourActivityInfo/Pricing/Summary/@Amount, Pricing/Group/Price/@Amount (TourActivityChargeType)`,
    'AAV-MAXPRICE takes the category amounts as per person; AAV-PARTICIPANTS reads no count from a total.',
    undefined,
    'participants-of-a-rate',
  ),
  amount: fact(
    'activityavailability.activity.amount',
    'an amount of an activity option (an element with @Amount)',
    ['ota:Pricing//*[@Amount]'],
    `${XSD}: TourActivityInfo/Pricing (Summary, ParticipantCategory/Price, Group/Price: TourActivityChargeType)`,
    'No rate: AAV-PARTICIPANTS fails ("their products and rates"), unless the activity holds price-like content elsewhere (cannot tell, name the place); AAV-CURRENCY and AAV-DECIMALS cannot tell.',
  ),
  currency: fact(
    'activityavailability.activity.amount.currency',
    'the currency of an amount',
    ['@CurrencyCode', '/*/ota:ProcessingInformation/@PricingCurrency'],
    `${XSD}: TourActivityChargeType/@CurrencyCode (CurrencyAmountGroup); ProcessingInformation/@PricingCurrency`,
    'AAV-CURRENCY cannot tell; AAV-MAXPRICE and AAV-PARTICIPANTS compare no amount in an unstated currency with one in a stated currency.',
    'code',
  ),
  decimalPlaces: fact(
    'activityavailability.activity.amount.decimalPlaces',
    'the decimal places of an amount',
    ['@DecimalPlaces', '/*/ota:ProcessingInformation/@DecimalPlaces'],
    `${XSD}: TourActivityChargeType/@DecimalPlaces (ISO 4217 minor unit); ProcessingInformation/@DecimalPlaces`,
    'The decimals written in the amount are compared with CurrencyDecimal (an amount without a point and with DecimalPlaces is in minor units).',
    'number',
  ),
};
