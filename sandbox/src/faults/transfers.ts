// Faults of transfer availability: the airport, the location, the legs, the passengers and the
// pickup date of a transfer search.

import type { FaultDef } from './fault';

export const TRANSFER_FAULTS = [
  {
    name: 'ignores-disability',
    area: 'transfers',
    operations: ['transferavailability'],
    breaks: ['TRF-DISABILITY'],
    description: 'DisabilityInfo RequiredInd=true is ignored: non-adapted vehicles are offered.',
  },
  {
    name: 'transfer-disability-required-refused',
    area: 'transfers',
    operations: ['transferavailability'],
    breaks: ['TRF-DISABILITY-BOOLEAN'],
    description:
      'DisabilityInfo RequiredInd="true" is refused as an invalid value ("adapted vehicles are booked by phone"): only RequiredInd="false" is served.',
  },
  {
    name: 'transfer-leg-dates-swapped',
    area: 'transfers',
    operations: ['transferavailability'],
    breaks: ['TRF-DATES'],
    description:
      "With two legs, each leg's pickup is dated with the other leg's flight date (the flights are read into one array in reverse order).",
  },
  {
    name: 'transfer-other-airport',
    area: 'transfers',
    operations: ['transferavailability'],
    breaks: ['TRF-AIRPORT'],
    description: 'Transfers are answered for the first airport in the portfolio, whatever LocationCode says.',
  },
  {
    name: 'transfer-first-leg-only',
    area: 'transfers',
    operations: ['transferavailability'],
    breaks: ['TRF-SUCCESS'],
    description: 'Only the first Location (leg) of the request is searched: the return leg gets no transfer service.',
  },
  {
    name: 'transfer-one-location-only',
    area: 'transfers',
    operations: ['transferavailability'],
    breaks: ['TRF-LOCATIONS-REPEATED'],
    description: 'A request with more than one Location is refused as unsupported: each leg must be asked for on its own.',
  },
  {
    name: 'transfer-arrivals-only',
    area: 'transfers',
    operations: ['transferavailability'],
    breaks: ['TRF-LEG-FORMS'],
    description:
      'A leg with Pickup Address and DropOff AirportInfo (hotel to airport) is refused: only arrivals from the airport were implemented.',
  },
  {
    name: 'transfer-one-passengers-only',
    area: 'transfers',
    operations: ['transferavailability'],
    breaks: ['TRF-PASSENGERS-REPEATED'],
    description: 'A request with several Passengers elements (one per category) is refused: the party must come in one Passengers.',
  },
  {
    name: 'transfer-other-location',
    area: 'transfers',
    operations: ['transferavailability'],
    breaks: ['TRF-LOCATION'],
    description:
      "Transfers are answered for the hotel of the airport's next resort area: the route is picked by an index that is off by one.",
  },
  {
    name: 'transfer-search-date',
    area: 'transfers',
    operations: ['transferavailability'],
    breaks: ['TRF-DATES'],
    description: "The pickup is dated on the day of the search, with the flight's time, instead of the flight's date.",
  },
  {
    name: 'transfer-one-per-category',
    area: 'transfers',
    operations: ['transferavailability'],
    breaks: ['TRF-PASSENGERS'],
    description: 'Passengers/@Quantity is ignored: each passenger category is priced for one passenger.',
  },
  {
    name: 'transfer-unknown-airport-fallback',
    area: 'transfers',
    operations: ['transferavailability'],
    breaks: ['TRF-UNKNOWN-AIRPORT'],
    description: 'An airport the gateway does not serve is answered with the transfers of the airport that serves the requested location.',
  },
] as const satisfies readonly FaultDef[];
