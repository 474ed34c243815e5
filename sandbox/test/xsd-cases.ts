// The standard reply kinds that must validate against the OpenTravel 2016B schemas, as requests
// against a running sandbox. Shared by xsd.test.ts (default sandbox) and variants/ (each dialect
// variant). The cases run in order on one sandbox: the booking states build up.
import { call, day, fill, forOneItem, post, type Reply } from './helpers';

/** How the target books and cancels (dialect variant book-resstatus-book changes both). */
export interface BookingForms {
  commitResStatus: string;
  commitCancelType: string;
}
export const DEFAULT_FORMS: BookingForms = { commitResStatus: 'Commit', commitCancelType: 'Commit' };

export interface XsdCase {
  name: string;
  /** Schema the reply validates against (its expected root). */
  root: string;
  get(): Promise<Reply>;
}

export function xsdCases(base: string, forms: BookingForms = DEFAULT_FORMS): XsdCase[] {
  const book = { resStatus: forms.commitResStatus };
  const cancel = forms.commitCancelType;
  const c = (name: string, root: string, get: () => Promise<Reply>): XsdCase => ({ name, root, get });
  return [
    c('hotelavailability Success', 'OTA_HotelAvailRS', () => call(base, 'hotelavailability')),
    c('hotelavailability Success+Warning', 'OTA_HotelAvailRS', () =>
      call(base, 'hotelavailability', { place: 'Iceland', placeContext: 'Country' }),
    ),
    c('hotelavailability Errors', 'OTA_HotelAvailRS', () => call(base, 'hotelavailability', { start: 'nope' })),
    c('activityavailability Success', 'OTA_TourActivityAvailRS', () => call(base, 'activityavailability', { currencyDecimal: 3 })),
    c('activityavailability Warning', 'OTA_TourActivityAvailRS', () => call(base, 'activityavailability', { maximumPrice: 1 })),
    c('activityavailability Errors', 'OTA_TourActivityAvailRS', () => call(base, 'activityavailability', { hotelCode: 'NOPE' })),
    c('activitysearch Success', 'OTA_TourActivitySearchRS', () => call(base, 'activitysearch')),
    // Nothing operates there then (answered as a refusal under refuse-when-nothing-matches).
    c('activitysearch Warning', 'OTA_TourActivitySearchRS', () =>
      call(base, 'activitysearch', { hotelCode: 'HERCHA02', start: day(200), end: day(205) }),
    ),
    c('activitysearch Errors', 'OTA_TourActivitySearchRS', () => call(base, 'activitysearch', { password: 'bad' })),
    c('hotelnbc Success', 'OTA_HotelDescriptiveInfoRS', () => call(base, 'hotelnbc')),
    c('hotelnbc Errors', 'OTA_HotelDescriptiveInfoRS', () => call(base, 'hotelnbc', { hotelCode: 'NOPE' })),
    c('transferavailability Success', 'OTA_GroundAvailRS', () => call(base, 'transferavailability')),
    // No disability-adapted vehicle at HER.
    c('transferavailability Warning', 'OTA_GroundAvailRS', () =>
      call(base, 'transferavailability', { airportCode: 'HER', locationCode: 'HERHAR01', disabilityRequired: true }),
    ),
    c('transferavailability Errors', 'OTA_GroundAvailRS', () => call(base, 'transferavailability', { airportCode: 'ZZZ' })),
    c('activitybook Quote', 'OTA_TourActivityBookRS', () => call(base, 'activitybook', { resStatus: 'Quote', bookingRef: 'XQ' })),
    c('activitybook Commit', 'OTA_TourActivityBookRS', () => call(base, 'activitybook', { ...book, bookingRef: 'XS-1', itemRef: 'A' })),
    c('activitybook Errors (duplicate)', 'OTA_TourActivityBookRS', () =>
      call(base, 'activitybook', { ...book, bookingRef: 'XS-1', itemRef: 'A' }),
    ),
    c('bookread Reserved', 'OTA_ResRetrieveRS', async () => {
      await call(base, 'activitybook', { ...book, bookingRef: 'XS-1', itemRef: 'B', supplierServiceCode: 'VIP' });
      return call(base, 'bookread', { bookingRef: 'XS-1' });
    }),
    c('bookcancel Pending (Quote)', 'OTA_CancelRS', () => call(base, 'bookcancel', { bookingRef: 'XS-1', cancelType: 'Quote' })),
    c('bookcancel Cancelled (partial)', 'OTA_CancelRS', () =>
      post(base, 'bookcancel', forOneItem(fill('bookcancel', { bookingRef: 'XS-1', cancelType: cancel }), 'A')),
    ),
    c('bookcancel Cancelled (whole)', 'OTA_CancelRS', () => call(base, 'bookcancel', { bookingRef: 'XS-1', cancelType: cancel })),
    c('bookread Cancelled', 'OTA_ResRetrieveRS', () => call(base, 'bookread', { bookingRef: 'XS-1' })),
    c('bookread Errors', 'OTA_ResRetrieveRS', () => call(base, 'bookread', { bookingRef: 'NOPE' })),
    c('bookcancel Errors', 'OTA_CancelRS', () => call(base, 'bookcancel', { bookingRef: 'XS-1', cancelType: cancel })),
    c('not well-formed request → Errors', 'OTA_HotelAvailRS', () => post(base, 'hotelavailability', '<oops')),
    c('HTTP 404 body', 'OTA_ErrorRS', () => post(base, 'nope', '<x/>')),
  ];
}
