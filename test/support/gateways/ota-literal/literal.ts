// The "literal" dialect: every fact where the OpenTravel 2016B schemas and the published sample
// instances put it (OTA_TourActivityAvailRS_UC1, OTA_HotelAvailRS, OTA_GroundAvailRS_AirportTransfer,
// OTA_TourActivityResRetrieveRS_UC1, OTA_CancelRS), in the default namespace, in schema order.
// Refusals: HTTP 200 with Errors/Error (Type, Code, ShortText) under the operation's RS root.
import { el, type Kid } from './xml';
import { countryName, DATA, WEEKDAYS, type Hotel, type Product } from './data';
import { live, pickupHotels, termsOf, type Booking, type Item, type Refusal } from './model';
import type { Reply, Results } from './render';
import type { FaultName } from './faults';

const money = (n: number, decimals = 2) => n.toFixed(decimals);
const eur = (n: number) => ({ Amount: money(n), CurrencyCode: 'EUR', DecimalPlaces: 2 });
const weekdays = (o: Product) =>
  Object.fromEntries(WEEKDAYS.map((d) => [d === 'Wed' ? 'Weds' : d === 'Thu' ? 'Thur' : d, o.days.includes(d) ? 'true' : 'false']));

/** OpenTravel's AddressType, in schema order; the region (island, county) is written as County. */
const address = (a: { street: string; city: string; postalCode: string; region: string; province?: string; country: string }) =>
  el(
    'Address',
    {},
    el('AddressLine', {}, a.street),
    el('CityName', {}, a.city),
    el('PostalCode', {}, a.postalCode),
    el('County', {}, a.region),
    a.province && el('StateProv', {}, a.province),
    el('CountryName', { Code: a.country }, countryName(a.country)),
  );
const hotelAddress = (h: Hotel) => address(h);
const productLocation = (p: Product) => el('Location', {}, address(p), el('Region', { RegionName: p.region }));

function policies(product: Product) {
  if (product.minAge === 0 && product.minParty <= 1) return undefined;
  return el(
    'Policies',
    {},
    el('Participant', { MinAge: product.minAge || undefined, MinParticipants: product.minParty > 1 ? product.minParty : undefined }),
  );
}
/** A pickup at the hotel asked for (its fixed time), or where to meet when there is none. */
function pickup(product: Product, hotel: Hotel | undefined, date: string) {
  if (hotel && product.pickup)
    return el('PickupDropoff', { DateTime: `${date}T${product.pickup.time}:00`, LocationName: hotel.code, PickupInd: 'true' });
  return meet(product);
}
const meet = (p: Product) => el('PickupDropoff', { LocationName: p.street, MeetingLocation: `${p.street}, ${p.city}`, PickupInd: 'false' });

const basicInfo = (p: Product) => el('BasicInfo', { SupplierProductCode: p.supplierProductCode, Name: p.name, TourActivityID: p.code });

export function literal(results: Results): Kid[] {
  switch (results.op) {
    case 'hotelavailability': {
      const { offers } = results.result;
      return [
        el('Success'),
        offers.length === 0 && el('Warnings', {}, el('Warning', { Type: 11, Code: 424, ShortText: 'No hotels found' })),
        offers.length > 0 &&
          el(
            'HotelStays',
            {},
            offers.map((o, i) =>
              el(
                'HotelStay',
                { RoomStayRPH: i + 1 },
                el('Availability', { Status: 'Open', Start: o.start, End: o.end }),
                el(
                  'BasicPropertyInfo',
                  { BrandCode: o.hotel.brand, HotelCode: o.hotel.code, HotelName: o.hotel.name },
                  hotelAddress(o.hotel),
                ),
              ),
            ),
          ),
        offers.length > 0 &&
          el(
            'RoomStays',
            {},
            offers.map((o, i) =>
              el(
                'RoomStay',
                { RPH: i + 1 },
                el('RoomTypes', {}, el('RoomType', { RoomType: o.room.name, RoomTypeCode: o.room.code })),
                el(
                  'RoomRates',
                  {},
                  el(
                    'RoomRate',
                    { RoomTypeCode: o.room.code, RatePlanCode: 'BAR' },
                    el(
                      'Rates',
                      {},
                      o.rates.map((x) =>
                        el(
                          'Rate',
                          { EffectiveDate: x.from, ExpireDate: x.to, ExpireDateExclusiveInd: 'true', RateTimeUnit: 'Day' },
                          el('Base', { AmountAfterTax: money(x.nightly), CurrencyCode: 'EUR', DecimalPlaces: 2 }),
                        ),
                      ),
                    ),
                  ),
                ),
                el(
                  'GuestCounts',
                  {},
                  o.guests.filter((g) => g.count > 0).map((g) => el('GuestCount', { AgeQualifyingCode: g.code, Count: g.count })),
                ),
                el('TimeSpan', { Start: o.start, End: o.end }),
                el('Total', { AmountAfterTax: money(o.total), CurrencyCode: 'EUR', DecimalPlaces: 2 }),
                el('BasicPropertyInfo', { HotelCode: o.hotel.code }),
              ),
            ),
          ),
      ];
    }
    case 'activityavailability': {
      const { offers, currency } = results.result;
      const dec = DATA.currencies[currency].decimals;
      return [
        el('Success'),
        offers.length === 0 && el('Warnings', {}, el('Warning', { Type: 11, Code: 322, ShortText: 'No availability' })),
        el('ProcessingInformation', { PricingCurrency: currency, DecimalPlaces: dec }),
        offers.map((a) =>
          el(
            'TourActivityInfo',
            {},
            basicInfo(a.product),
            el(
              'Schedule',
              {},
              el('Summary', { Start: a.dates[0], End: a.dates[a.dates.length - 1], Duration: a.product.duration }),
              el(
                'Detail',
                { Start: a.dates[0], End: a.dates[a.dates.length - 1] },
                el(
                  'OperationTimes',
                  {},
                  el('OperationTime', { ...weekdays(a.product), Start: `${a.product.start}:00`, Duration: a.product.duration }),
                ),
              ),
            ),
            el('Description', {}, el('ShortDescription', {}, a.product.description)),
            productLocation(a.product),
            a.prices.length > 0 &&
              el(
                'Pricing',
                {},
                a.prices.map((p) =>
                  el(
                    'ParticipantCategory',
                    {},
                    el('QualifierInfo', {}, DATA.categories[p.code].word),
                    el('Price', { Amount: money(p.unit, dec), CurrencyCode: currency, DecimalPlaces: dec }),
                  ),
                ),
                el(
                  'Group',
                  { GroupName: `Party of ${a.party.total}`, KnownGroupSize: a.party.total },
                  el('Price', { Amount: money(a.total, dec), CurrencyCode: currency, DecimalPlaces: dec }),
                ),
              ),
            // availability-without-rates: the request's ParticipantCount echoed, no price anywhere.
            a.prices.length === 0 &&
              a.party.counts.map((c) => el('ParticipantCount', { Quantity: c.qty }, el('QualifierInfo', {}, c.code))),
            pickup(a.product, a.pickupHotel, a.dates[0]),
            policies(a.product),
          ),
        ),
      ];
    }
    case 'activitysearch':
      return [
        el('Success'),
        results.result.offers.length === 0 && el('Warnings', {}, el('Warning', { Type: 11, Code: 322, ShortText: 'No availability' })),
        el('ProcessingInformation', { PricingCurrency: 'EUR', DecimalPlaces: 2 }),
        results.result.offers.map((a) =>
          el(
            'TourActivityInfo',
            {},
            basicInfo(a.product),
            el('Schedule', {}, el('Summary', { Start: a.dates[0], End: a.dates[a.dates.length - 1], Duration: a.product.duration })),
            el('Description', {}, el('ShortDescription', {}, a.product.description)),
            productLocation(a.product),
            a.pickupHotel && el('PickupDropoff', { LocationName: a.pickupHotel.code, PickupInd: 'true' }),
            policies(a.product),
            el('Pricing', {
              MinPrice: money(Math.min(...Object.values(a.product.prices))),
              MaxPrice: money(Math.max(...Object.values(a.product.prices))),
            }),
          ),
        ),
      ];
    case 'hotelnbc':
      return [
        el('Success'),
        el(
          'HotelDescriptiveContents',
          {},
          results.result.map((h) =>
            el(
              'HotelDescriptiveContent',
              { BrandCode: h.brand, HotelCode: h.code, HotelName: h.name, LanguageCode: 'en' },
              hotelInfo(h),
              el('ContactInfos', {}, el('ContactInfo', {}, el('Addresses', {}, hotelAddress(h)))),
            ),
          ),
        ),
      ];
    case 'activitynbc':
      return [
        el('Success'),
        el(
          'ProductDescriptiveContents',
          {},
          results.result.map((p) =>
            el(
              'TourActivityDescriptiveContent',
              { TourActivityID: p.code },
              basicInfo(p),
              el(
                'Schedule',
                {},
                el(
                  'Detail',
                  {},
                  el('OperationTimes', {}, el('OperationTime', { ...weekdays(p), Start: `${p.start}:00`, Duration: p.duration })),
                ),
              ),
              el('Description', {}, el('ShortDescription', {}, p.description)),
              productLocation(p),
              p.pickup
                ? pickupHotels(p).map((h) =>
                    el(
                      'PickupDropoff',
                      { LocationName: h.code, PickupInd: 'true' },
                      el('Schedule', {}, el('OperationTimes', {}, el('OperationTime', { ...weekdays(p), Start: `${p.pickup!.time}:00` }))),
                    ),
                  )
                : meet(p),
              policies(p),
            ),
          ),
        ),
      ];
    case 'transferavailability': {
      const { offers } = results.result;
      return [
        el('Success'),
        offers.length === 0 && el('Warnings', {}, el('Warning', { Type: 11, Code: 322, ShortText: 'No availability' })),
        el(
          'GroundServices',
          {},
          offers.map((offer) => {
            const airport = el(
              'AirportInfo',
              {},
              el(offer.leg.direction === 'arrival' ? 'Arrival' : 'Departure', {
                LocationCode: offer.leg.airport,
                CodeContext: 'IATA',
                AirportName: DATA.airports[offer.leg.airport].name,
              }),
            );
            const airline = el('Airline', { Code: offer.leg.airline.code, FlightNumber: offer.leg.airline.flight });
            const hotel = el(
              'Address',
              {},
              el('CityName', {}, offer.leg.hotel.city),
              el('LocationType', { Code: DATA.hotelLocationType, UniqueId: offer.leg.hotel.code }, 'Hotel'),
              el('LocationName', {}, offer.leg.hotel.name),
            );
            const [from, to] = offer.leg.direction === 'arrival' ? [[airport, airline], [hotel]] : [[hotel], [airport, airline]];
            return el(
              'GroundService',
              {},
              el(
                'Service',
                {
                  MaximumPassengers: offer.vehicle.capacity,
                  MeetAndGreetInd: offer.leg.direction === 'arrival' ? 'true' : 'false',
                  ShortDescription: offer.vehicle.name,
                  DisabilityVehicleInd: offer.vehicle.adapted ? 'true' : 'false',
                },
                el('Location', {}, el('Pickup', { DateTime: offer.leg.pickupTime }, from), el('Dropoff', {}, to)),
                el('VehicleType', {}, offer.vehicle.category),
              ),
              offer.charges.map((c) =>
                el(
                  'ServiceCharges',
                  { Amount: money(c.qty * c.unit), CurrencyCode: 'EUR', Description: c.label },
                  el('Calculation', { UnitCharge: money(c.unit), Quantity: c.qty, Total: money(c.qty * c.unit) }),
                ),
              ),
              el('TotalCharge', { EstimatedTotalAmount: money(offer.total), CurrencyCode: 'EUR' }),
              el('Reference', { Type: 16, ID: `${offer.leg.rph}-${offer.vehicle.code}` }),
            );
          }),
        ),
      ];
    }
    case 'activitybook': {
      const { item, booking, quote } = results.result;
      const ref = results.fault === 'commit-echoes-truncated-reference' ? booking?.ref?.slice(0, 12) : booking?.ref;
      return [
        el('Success'),
        el(
          'ReservationDetails',
          {},
          basicInfo(item.product),
          !quote && el('Confirmation', { Type: 36, ID: ref, ID_Context: 'Client' }),
          !quote && el('Confirmation', { Type: 14, ID: booking!.locator, ID_Context: DATA.credentials.requestorContext }),
          participants(item),
          el('Schedule', { Start: `${item.date}T${item.product.start}:00`, Duration: item.product.duration }),
          el('Location', {}, address(item.product)),
          item.pickup && el('PickupDropoff', { DateTime: item.pickup.dateTime, LocationName: item.pickup.hotel.code, PickupInd: 'true' }),
          el('Pricing', {}, el('Summary', eur(item.priceEur))),
          !quote && el('TPA_Extensions', {}, el('UniqueID', { Type: 37, ID: item.ref, ID_Context: 'Client' })),
        ),
      ];
    }
    case 'bookread': {
      const { booking, list } = results.result;
      if (results.dialect === 'summaries') return itemsApart(booking, results.fault);
      if (list)
        return [el('Success'), booking.items.filter((i) => i.status === 'Confirmed').map((i) => summary(i, { Type: 36, ID: booking.ref }))];
      return [el('Success'), detail(booking)];
    }
    case 'bookcancel': {
      const { booking, targets, cancelNumber, terms, partial } = results.result;
      const rules = el(
        'CancelRules',
        {},
        terms.map((t) => el('CancelRule', { CancelByDate: `${t.cancelBy}T00:00:00`, ...eur(t.penaltyEur) })),
      );
      return [
        el('Success'),
        el('UniqueID', { Type: 36, ID: booking.ref, ID_Context: 'Client' }),
        cancelNumber && el('UniqueID', { Type: 15, ID: cancelNumber, ID_Context: DATA.credentials.requestorContext }),
        el(
          'CancelInfoRS',
          {},
          rules,
          // the fault cancel-status-contradicts: the booking said Confirmed beside the root's Cancelled
          cancelNumber &&
            !partial &&
            results.fault === 'cancel-status-contradicts' &&
            el('TPA_Extensions', {}, el('ReservationStatus', { Status: 'Confirmed' })),
        ),
        partial && targets.map((t) => el('Segment', { ItinSegNbr: t.seq }, el('UniqueID', { Type: 37, ID: t.ref, ID_Context: 'Client' }))),
      ];
    }
  }
}

/** The root's own attributes: Status for OTA_CancelRS (Pending for a quote, then Cancelled). */
export function literalRootAttrs(results: Results): Record<string, string> {
  if (results.op !== 'bookcancel') return {};
  return { Status: results.result.quote ? 'Pending' : 'Cancelled' };
}

function hotelInfo(hotel: Hotel) {
  return el(
    'HotelInfo',
    {},
    el('HotelName', {}, hotel.name),
    el('Descriptions', {}, el('DescriptiveText', {}, hotel.description)),
    el('Position', { Latitude: hotel.latitude, Longitude: hotel.longitude }),
  );
}

function participants(item: Item) {
  return item.participants.map((p) =>
    el(
      'ParticipantInfo',
      {},
      el('Category', { Age: p.age, Quantity: 1 }),
      el(
        'Individual',
        { ParticipantID: p.id, Age: p.age },
        el('NamePrefix', {}, p.prefix),
        el('GivenName', {}, p.given),
        el('Surname', {}, p.surname),
      ),
    ),
  );
}

/** A Summary of one item, under the confirmation given: the booking's Type 36 (literal) or the item's Type 37 (summaries). */
function summary(item: Item, confirmation: { Type: number; ID?: string }) {
  return el(
    'Summary',
    {},
    basicInfo(item.product),
    el('Confirmation', { ...confirmation, ID_Context: 'Client' }),
    item.participants.map((p) =>
      el(
        'ParticipantInfo',
        {},
        el('Individual', { ParticipantID: p.id, Age: p.age }, el('GivenName', {}, p.given), el('Surname', {}, p.surname)),
      ),
    ),
  );
}

/**
 * The summaries dialect's read, OpenTravel's layout for several reservations: a Summary per live
 * item under its own Confirmation (Type 37), then the booking as one Detail under its Type 36 with
 * the live items' statuses in its TPA_Extensions, and an advisory warning (Type 11) for each
 * cancelled item, naming it.
 */
function itemsApart(booking: Booking, fault?: FaultName) {
  const live = booking.items.filter((i) => i.status === 'Confirmed');
  // the fault warning-names-every-item: a cancelled item's warning is written for every item
  const gone =
    fault === 'warning-names-every-item' && live.length < booking.items.length
      ? booking.items
      : booking.items.filter((i) => i.status !== 'Confirmed');
  return [
    el('Success'),
    gone.length > 0 &&
      el(
        'Warnings',
        {},
        gone.map((i) =>
          el(
            'Warning',
            { Type: 11, ShortText: `Item ${i.ref} Cancelled` },
            `Item ${i.ref} (${i.product.code}) of booking ${booking.ref} was cancelled`,
          ),
        ),
      ),
    live.map((i) => summary(i, { Type: 37, ID: i.ref })),
    detail(booking, live, fault),
  ];
}

/** The excursion after `p` in the catalogue (the fault entry-shows-another-activity lists an item under it). */
const nextProduct = (p: Product) => DATA.products[(DATA.products.indexOf(p) + 1) % DATA.products.length];

/** One tour activity reservation per Detail (OpenTravel): the first item, every item (or those `listed`) in TPA_Extensions. */
function detail(booking: Booking, listed: Item[] = booking.items, fault?: FaultName) {
  const first = booking.items.find((i) => i.status === 'Confirmed') ?? booking.items[0];
  return el(
    'Detail',
    {},
    basicInfo(first.product),
    booking.ref && el('Confirmation', { Type: 36, ID: booking.ref, ID_Context: 'Client' }),
    el('Description', {}, el('ShortDescription', {}, first.product.description)),
    el('Location', {}, address(first.product)),
    participants(first),
    first.pickup && el('PickupDropoff', { DateTime: first.pickup.dateTime, LocationName: first.pickup.hotel.code, PickupInd: 'true' }),
    el('Pricing', {}, el('Summary', eur(booking.items.filter((i) => i.status === 'Confirmed').reduce((n, i) => n + i.priceEur, 0)))),
    el('Schedule', { Start: `${first.date}T${first.product.start}:00`, Duration: first.product.duration }),
    el(
      'TPA_Extensions',
      {},
      el('ReservationStatus', { Status: live(booking) ? 'Confirmed' : 'Cancelled' }),
      el(
        'Items',
        {},
        listed.map((i) =>
          el(
            'Item',
            { ItinSegNbr: i.seq, Status: i.status },
            booking.ref && el('UniqueID', { Type: 37, ID: i.ref, ID_Context: 'Client' }),
            basicInfo(fault === 'entry-shows-another-activity' ? nextProduct(i.product) : i.product),
            el('Schedule', { Start: `${i.date}T${i.product.start}:00`, Duration: i.product.duration }),
            i.cancelNumber && el('CancelConfirmation', {}, el('UniqueID', { Type: 15, ID: i.cancelNumber })),
            el('CancelRule', { CancelByDate: `${termsOf(i).cancelBy}T00:00:00`, ...eur(termsOf(i).penaltyEur) }),
          ),
        ),
      ),
    ),
  );
}

/** HTTP 200, the operation's RS root, Errors/Error with Type and Code. */
export function literalRefusal(refusal: Refusal, op: string): Reply {
  return {
    status: 200,
    // OTA_CancelRS requires its Status, refusals included
    rootAttrs: op === 'bookcancel' ? { Status: 'Unsuccessful' } : {},
    kids: [
      el('Errors', {}, el('Error', { Type: refusal.type, Code: refusal.code, ShortText: refusal.message.slice(0, 64) }, refusal.message)),
      refusal.leak &&
        el(
          'TPA_Extensions',
          {},
          el(
            'HotelDescriptiveContent',
            { HotelCode: refusal.leak.code, HotelName: refusal.leak.name },
            hotelInfo(refusal.leak),
            el('ContactInfos', {}, el('ContactInfo', {}, el('Addresses', {}, hotelAddress(refusal.leak)))),
          ),
        ),
    ],
  };
}
