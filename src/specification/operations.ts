// The spec's facts about each operation, in one table: path, request root, the Version from the
// Versioning table, the element paths the spec's Endpoints tables list for the request, and what
// the suite needs to build one (sample, values, a discovered activity, whether a retry is safe).
// Reply roots follow OpenTravel convention (RQ -> RS); the spec leaves them "not shown".
import type { PlaceholderValues, TestData } from '../core/test-data';

export const OTA_NS = 'http://www.opentravel.org/OTA/2003/05';

export type OperationName =
  | 'activityavailability'
  | 'hotelavailability'
  | 'activitysearch'
  | 'hotelnbc'
  | 'activitynbc'
  | 'bookread'
  | 'bookcancel'
  | 'activitybook'
  | 'transferavailability';

export interface OperationSpec {
  name: OperationName;
  /** The spec's own name for the operation (its "Operations" table). */
  title: string;
  path: `/${OperationName}`;
  requestRoot: string;
  /** The reply root OpenTravel pairs with the request (its schema is the alignment check's). */
  replyRoot: string;
  /** Other reply roots OpenTravel 2016B has for the same answer. */
  altReplyRoots: string[];
  version: string;
  /** Root attributes the spec lists for the request. */
  rootAttributes: string[];
  /** Element paths (relative to the root, OTA prefix `ota:`) the spec's table lists for the request. */
  requestPaths: string[];
  /** The sample under xml-samples/. */
  sample: string;
  /** False for operations that change state: a timed-out attempt may have taken effect. */
  idempotent: boolean;
  /** The request names a tour activity the target really offers, found by activity availability first. */
  needsActivity: boolean;
  /** Placeholder values of this operation's own (beside the run's common values). */
  values?: (data: TestData) => PlaceholderValues;
}

const op = (o: OperationSpec) => o;

export const OPERATIONS: Record<OperationName, OperationSpec> = {
  activityavailability: op({
    name: 'activityavailability',
    title: 'Activity availability',
    path: '/activityavailability',
    requestRoot: 'OTA_TourActivityAvailRQ',
    replyRoot: 'OTA_TourActivityAvailRS',
    altReplyRoots: [],
    version: '2011.2',
    rootAttributes: ['Version'],
    requestPaths: [
      'ota:TourActivity/ota:BasicInfo',
      "ota:TourActivity/ota:Location[@Context='Source']/ota:Region[@RegionCode='HotelCode']",
      'ota:TourActivity/ota:Schedule[@StartPeriod and @EndPeriod]',
      'ota:TourActivity/ota:ParticipantCount[@Quantity]/ota:QualifierInfo',
      'ota:TourActivity/ota:MultimodalOffer/ota:RequestedOffer/ota:GuidelinePricing/ota:Method',
      'ota:TourActivity/ota:MultimodalOffer/ota:RequestedOffer/ota:GuidelinePricing/ota:MaximumPrice[@Amount and @CurrencyCode and @CurrencyDecimal]',
    ],
    sample: 'activityavailability.xml',
    idempotent: true,
    needsActivity: false,
  }),
  hotelavailability: op({
    name: 'hotelavailability',
    title: 'Hotel availability',
    path: '/hotelavailability',
    requestRoot: 'OTA_HotelAvailRQ',
    replyRoot: 'OTA_HotelAvailRS',
    altReplyRoots: [],
    version: '2008.1',
    rootAttributes: ['Version', 'MaxResponses', 'EchoToken'],
    requestPaths: [
      'ota:AvailRequestSegments/ota:AvailRequestSegment[@InfoSource]',
      'ota:AvailRequestSegments/ota:AvailRequestSegment/ota:StayDateRange[@Start and @End]',
      'ota:AvailRequestSegments/ota:AvailRequestSegment/ota:RoomStayCandidates/ota:RoomStayCandidate/ota:GuestCounts/ota:GuestCount[@Count and @AgeQualifyingCode]',
      'ota:AvailRequestSegments/ota:AvailRequestSegment/ota:HotelSearchCriteria/ota:Criterion/ota:RefPoint[@CodeContext]',
    ],
    sample: 'hotelavailability.xml',
    idempotent: true,
    needsActivity: false,
  }),
  activitysearch: op({
    name: 'activitysearch',
    title: 'Activity search',
    path: '/activitysearch',
    requestRoot: 'OTA_TourActivitySearchRQ',
    replyRoot: 'OTA_TourActivitySearchRS',
    altReplyRoots: [],
    version: '2011.2',
    rootAttributes: ['Version', 'PrimaryLangID'],
    requestPaths: [
      'ota:SearchCriteria/ota:DateTimePref[@Start and @End]',
      "ota:SearchCriteria/ota:LocationPref[@Context='Source']/ota:Region[@RegionCode='HotelCode']",
    ],
    sample: 'activitysearch.xml',
    idempotent: true,
    needsActivity: false,
  }),
  hotelnbc: op({
    name: 'hotelnbc',
    title: 'Hotel descriptive data',
    path: '/hotelnbc',
    requestRoot: 'OTA_HotelDescriptiveInfoRQ',
    replyRoot: 'OTA_HotelDescriptiveInfoRS',
    altReplyRoots: [],
    version: '2009.1',
    rootAttributes: ['Version', 'PrimaryLangID', 'AltLangID'],
    requestPaths: ['ota:HotelDescriptiveInfos/ota:HotelDescriptiveInfo[@HotelCode]'],
    sample: 'hotelnbc.xml',
    idempotent: true,
    needsActivity: false,
    // Descriptive data asks about a hotel of the portfolio, not an activity's source hotel.
    values: (data) => ({ hotelCode: data.hotels[0].code, brandCode: data.hotels[0].brandCode ?? '' }),
  }),
  activitynbc: op({
    name: 'activitynbc',
    title: 'Activity descriptive data',
    path: '/activitynbc',
    requestRoot: 'OTA_ProductDescriptiveInfoRQ',
    replyRoot: 'OTA_ProductDescriptiveInfoRS',
    altReplyRoots: [],
    version: '2016.2',
    rootAttributes: ['Version', 'PrimaryLangID', 'AltLangID', 'SequenceNmbr'],
    requestPaths: ['ota:ProductDescriptiveInfos/ota:TourActivityDescriptiveInfo[@TourActivityID]'],
    sample: 'activitynbc.xml',
    idempotent: true,
    needsActivity: true,
  }),
  bookread: op({
    name: 'bookread',
    title: 'Booking read',
    path: '/bookread',
    requestRoot: 'OTA_ReadRQ',
    replyRoot: 'OTA_ResRetrieveRS',
    altReplyRoots: ['OTA_TourActivityResRetrieveRS'],
    version: '2008.1',
    rootAttributes: ['Version', 'ReturnListIndicator', 'PrimaryLangID'],
    requestPaths: ["ota:UniqueID[@Type='36' and @ID and @ID_Context='Client']"],
    sample: 'bookread.xml',
    idempotent: true,
    needsActivity: false,
  }),
  bookcancel: op({
    name: 'bookcancel',
    title: 'Booking cancel',
    path: '/bookcancel',
    requestRoot: 'OTA_CancelRQ',
    replyRoot: 'OTA_CancelRS',
    altReplyRoots: ['OTA_TourActivityCancelRS'],
    version: '2008.1',
    rootAttributes: ['Version', 'CancelType'],
    requestPaths: ["ota:UniqueID[@Type='36' and @ID and @ID_Context='Client']"],
    sample: 'bookcancel.xml',
    idempotent: false,
    needsActivity: false,
  }),
  activitybook: op({
    name: 'activitybook',
    title: 'Activity booking',
    path: '/activitybook',
    requestRoot: 'OTA_TourActivityBookRQ',
    replyRoot: 'OTA_TourActivityBookRS',
    altReplyRoots: [],
    version: '2011.2',
    rootAttributes: ['Version', 'ResStatus'],
    requestPaths: [
      'ota:BookingInfo/ota:BasicInfo[@TourActivityID and @SupplierProductCode and @SupplierServiceCode]',
      'ota:BookingInfo/ota:ParticipantInfo/ota:Category[@QualifierInfo]',
      'ota:BookingInfo/ota:ParticipantInfo/ota:Individual[@Age and @ParticipantID]',
      'ota:BookingInfo/ota:ParticipantInfo/ota:Individual/ota:GivenName',
      'ota:BookingInfo/ota:ParticipantInfo/ota:Individual/ota:Surname',
      'ota:BookingInfo/ota:Schedule[@Start and @End]',
      "ota:TPA_Extensions/ota:UniqueID[@Type='36' and @ID and @ID_Context='Client']",
    ],
    sample: 'activitybook.xml',
    idempotent: false,
    needsActivity: true,
  }),
  transferavailability: op({
    name: 'transferavailability',
    title: 'Transfer availability',
    path: '/transferavailability',
    requestRoot: 'OTA_GroundAvailRQ',
    replyRoot: 'OTA_GroundAvailRS',
    altReplyRoots: [],
    version: '2016.2',
    rootAttributes: ['Version'],
    requestPaths: [
      'ota:Service/ota:Locations/ota:Location[@RPH]/ota:Pickup',
      'ota:Service/ota:Locations/ota:Location[@RPH]/ota:DropOff',
      'ota:Passengers[@Quantity and @Age]/ota:Category[@Code]',
      "ota:ServiceType[@Code='TRANSFER']",
      'ota:DisabilityInfo[@RequiredInd]',
    ],
    sample: 'transferavailability.xml',
    idempotent: true,
    needsActivity: false,
  }),
};

export const OPERATION_NAMES = Object.keys(OPERATIONS) as OperationName[];

/** Spec, Endpoints rule 5: dates are yyyy-mm-dd, date-times yyyy-mm-ddThh:mm:ss without zone. */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
