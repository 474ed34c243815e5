// The "terse" dialect: replies as sparse as OpenTravel 2016B allows. Codes without names or
// addresses (where a hotel or an activity is must be asked of the descriptive operations), amounts
// in minor units with DecimalPlaces (2016B: "USD 8500 needs DecimalPlaces=2 to represent $85"), one
// TourActivityInfo per date, one ParticipantCategory per participant, a hotel's rate season instead
// of its stay, a guest count without age codes (as OTA_HotelAvailRS3F writes it), the booking read as
// OTA_ResRetrieveRS PackageReservations of the live items only, the cancel as OTA_TourActivityCancelRS.
// Every element under the prefix ota:, some in another order than the schema's. No EchoToken echo.
// Refusals: HTTP 4xx with an OTA_ErrorRS root (ErrorCode, ErrorMessage).
import { el, type Kid } from './xml';
import { DATA, WEEKDAYS, type Hotel, type Product } from './data';
import { pickupHotels, type Refusal } from './model';
import type { Reply, Results } from './render';

/** An amount in minor units (2016B DecimalPlaces: the ISO 4217 minor unit). */
const minor = (n: number, currency = 'EUR') => {
  const decimals = DATA.currencies[currency].decimals;
  return { Amount: Math.round(n * 10 ** decimals), CurrencyCode: currency, DecimalPlaces: decimals };
};
const flags = (o: Product) =>
  Object.fromEntries(WEEKDAYS.filter((d) => o.days.includes(d)).map((d) => [d === 'Wed' ? 'Weds' : d === 'Thu' ? 'Thur' : d, '1']));
const where = (p: { city: string; region: string; country: string }) =>
  el('Address', {}, el('CityName', {}, p.city), el('County', {}, p.region), el('CountryName', { Code: p.country }));

export function terse(results: Results): Kid[] {
  switch (results.op) {
    case 'hotelavailability':
      return [
        el('Success'),
        results.result.offers.length > 0 &&
          el(
            'RoomStays',
            {},
            results.result.offers.map((o) =>
              el(
                'RoomStay',
                {},
                el('BasicPropertyInfo', { HotelCode: o.hotel.code }),
                el(
                  'RoomRates',
                  {},
                  el(
                    'RoomRate',
                    { RoomTypeCode: o.room.code },
                    el(
                      'Rates',
                      {},
                      o.rates.map((x) =>
                        el(
                          'Rate',
                          { EffectiveDate: x.season.start, ExpireDate: x.season.end, RateTimeUnit: 'Day' },
                          el('Base', { AmountAfterTax: minor(x.nightly).Amount, CurrencyCode: 'EUR', DecimalPlaces: 2 }),
                        ),
                      ),
                    ),
                  ),
                ),
                el('GuestCounts', {}, el('GuestCount', { Count: o.guests.reduce((n, g) => n + g.count, 0) })),
              ),
            ),
          ),
      ];
    case 'activityavailability':
      return [
        el('Success'),
        results.result.offers.flatMap((a) =>
          a.dates.map((d) =>
            el(
              'TourActivityInfo',
              {},
              el('BasicInfo', { TourActivityID: a.product.code }),
              a.prices.length > 0 &&
                el(
                  'Pricing',
                  {},
                  a.prices.flatMap((p) =>
                    Array.from({ length: p.qty }, () =>
                      el('ParticipantCategory', {}, el('QualifierInfo', {}, p.code), el('Price', minor(p.unit, a.currency))),
                    ),
                  ),
                ),
              a.prices.length === 0 &&
                a.party.counts.map((c) => el('ParticipantCount', { Quantity: c.qty }, el('QualifierInfo', {}, c.code))),
              el('Schedule', {}, el('Summary', { Start: `${d}T${a.product.start}:00` })),
            ),
          ),
        ),
      ];
    case 'activitysearch':
      return [
        el('Success'),
        results.result.offers.map((a) =>
          el(
            'TourActivityInfo',
            {},
            el('Schedule', {}, el('Summary', { Start: a.dates[0], End: a.dates[a.dates.length - 1] })),
            el('BasicInfo', { TourActivityID: a.product.code, Name: a.product.name }),
          ),
        ),
      ];
    case 'hotelnbc':
      return [
        el('Success'),
        el(
          'HotelDescriptiveContents',
          {},
          results.result.map((h) => content(h)),
        ),
      ];
    case 'activitynbc':
      return [
        el('Success'),
        results.result.map((p) =>
          el(
            'TourActivityInfo',
            {},
            el('BasicInfo', { TourActivityID: p.code, SupplierProductCode: p.supplierProductCode, Name: p.name }),
            el('Policies', {}, el('Participant', { MinAge: p.minAge, MinParticipants: p.minParty })),
            el('Schedule', {}, el('Detail', {}, el('OperationTimes', {}, el('OperationTime', { ...flags(p), Start: p.start })))),
            el('Description', {}, el('ShortDescription', {}, p.description)),
            el('Location', {}, where(p)),
            pickups(p),
          ),
        ),
      ];
    case 'transferavailability':
      return [
        el('Success'),
        el(
          'GroundServices',
          {},
          results.result.offers.map((offer) => {
            const airport = el(
              'AirportInfo',
              {},
              el(offer.leg.direction === 'arrival' ? 'Arrival' : 'Departure', { LocationCode: offer.leg.airport }),
            );
            const hotel = el('Address', {}, el('LocationType', { Code: DATA.hotelLocationType, UniqueId: offer.leg.hotel.code }));
            return el(
              'GroundService',
              {},
              el('TotalCharge', { EstimatedTotalAmount: minor(offer.total).Amount, CurrencyCode: 'EUR', DecimalPlaces: 2 }),
              el(
                'Service',
                { MaximumPassengers: offer.vehicle.capacity, DisabilityVehicleInd: offer.vehicle.adapted ? '1' : undefined },
                el(
                  'Location',
                  {},
                  el('Pickup', { DateTime: offer.leg.pickupTime }, offer.leg.direction === 'arrival' ? airport : hotel),
                  el('Dropoff', {}, offer.leg.direction === 'arrival' ? hotel : airport),
                ),
              ),
            );
          }),
        ),
      ];
    case 'activitybook': {
      const { item, booking, quote } = results.result;
      return [
        el('Success'),
        el(
          'ReservationDetails',
          {},
          el('Pricing', {}, el('Summary', minor(item.priceEur))),
          !quote && el('Confirmation', { Type: 14, ID: booking!.locator }),
        ),
      ];
    }
    case 'bookread': {
      const { booking } = results.result;
      return [
        el('Success'),
        el(
          'ReservationsList',
          {},
          booking.items
            .filter((i) => i.status === 'Confirmed')
            .map((i) =>
              el(
                'PackageReservation',
                {
                  TourCode: i.product.code,
                  PackageID: i.ref || undefined,
                  Start: i.date,
                  End: i.date,
                  Quantity: i.participants.length,
                  ReservationStatus: 'Confirmed',
                },
                booking.ref && el('UniqueID', { Type: 36, ID: booking.ref, ID_Context: 'Client' }),
                el('Name', {}, el('Surname', {}, i.participants[0].surname)),
              ),
            ),
        ),
      ];
    }
    case 'bookcancel': {
      const { booking, terms, quote, cancelNumber } = results.result;
      return [
        el('Success'),
        el(
          'Reservation',
          {},
          el(
            'CancelConfirmation',
            {},
            quote &&
              el(
                'CancelRules',
                {},
                terms.map((t) => el('CancelRule', { CancelByDate: t.cancelBy, ...minor(t.penaltyEur) })),
              ),
            cancelNumber && el('UniqueID', { Type: 15, ID: cancelNumber }),
          ),
          el('ReferenceID', { Type: 36, ID: booking.ref, ID_Context: 'Client' }),
        ),
      ];
    }
  }
}

function content(hotel: Hotel) {
  return el(
    'HotelDescriptiveContent',
    { HotelCode: hotel.code, HotelName: hotel.name },
    el('ContactInfos', {}, el('ContactInfo', {}, el('Addresses', {}, where(hotel)))),
  );
}

function pickups(product: Product) {
  if (!product.pickup) return el('PickupDropoff', { PickupInd: '0', LocationName: product.street });
  const time = product.pickup.time;
  return pickupHotels(product).map((h) =>
    el(
      'PickupDropoff',
      { PickupInd: '1', LocationName: h.code },
      el('Schedule', {}, el('OperationTimes', {}, el('OperationTime', { ...flags(product), Start: time }))),
    ),
  );
}

/** HTTP 4xx (401 for credentials), an OTA_ErrorRS root with the error's code and message. */
export function terseRefusal(refusal: Refusal): Reply {
  return {
    status: refusal.type === 4 ? 401 : refusal.status,
    root: 'OTA_ErrorRS',
    rootAttrs: {
      Version: '1.0',
      Status: 'NotProcessed',
      Severity: 'Error',
      ErrorCode: `${refusal.type}.${refusal.code}`,
      ErrorMessage: refusal.message,
    },
    kids: [refusal.leak && el('TPA_Extensions', {}, content(refusal.leak))],
  };
}
