// Variants of transfer availability replies: how a service tells its leg and its passenger
// categories.

import type { VariantDef } from './variant';

export const TRANSFER_VARIANTS = [
  // GroundAvailRS has no RPH for a GroundService; RateQualifier is optional, and each service's
  // Pickup/Dropoff (GroundLocationsType) already says which requested leg it answers.
  {
    name: 'transfer-legs-by-content',
    operations: ['transferavailability'],
    description:
      "Transfer services carry no RateQualifier/SpecialInputs RPH: the leg answered is told by the content, Pickup/AirportInfo/Arrival (arrival leg, Pickup/@DateTime = the flight's) or Dropoff/AirportInfo/Departure (departure leg).",
    expectedWarnings: [],
  },
  // GroundServiceChargesType: ChargePurpose (List_VehChargePurpose, with OTA_CodeExtGroup Code and
  // Description) says what a charge is for; @Description is free text.
  {
    name: 'passenger-charges-by-code',
    operations: ['transferavailability'],
    description:
      'Per-category transfer charges name the passenger category in ServiceCharges/ChargePurpose/@Code (10, 8, 11; @Description Adult/Child/Senior, text BaseRate) instead of ServiceCharges/@Description.',
    expectedWarnings: [],
  },
  // GroundServiceType has no RPH; the leg answered is known from the content, as in
  // transfer-legs-by-content.
  {
    name: 'vendor-service-rph',
    operations: ['transferavailability'],
    description:
      "Each GroundService carries the vendor's own running number as @RPH (1, 2, 3... over the reply, unrelated to the request's Location RPH) and no RateQualifier/SpecialInputs RPH: the leg answered is told by Pickup/Dropoff content.",
    expectedWarnings: ['ALIGN-XSD'],
  },
  // GroundServiceChargesType: Amount is the charge, Calculation (UnitCharge, Quantity, Total) how it
  // was reached; every attribute of Calculation is optional, so a charge may show its unit price
  // and amount alone (the number of passengers is their ratio).
  {
    name: 'passenger-charges-unit-prices',
    operations: ['transferavailability'],
    description:
      'Per-category transfer charges show ServiceCharges/@Amount and Calculation/@UnitCharge only: no Calculation/@Quantity and no @Total (the number of passengers of the category is Amount over UnitCharge).',
    expectedWarnings: [],
  },
] as const satisfies readonly VariantDef[];
