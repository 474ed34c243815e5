// Test data and values shared by the unit tests of requests and contracts.
import { baseValues } from '../../src/run/scenario-values';
import { DEFAULT_PARTIES } from '../../src/run/test-data';
import type { TestData } from '../../src/core/test-data';

export const TEST_DATA: TestData = {
  claims: ['core', 'booking', 'partial-cancellation', 'security', 'alignment'],
  booking: {
    commitResStatus: 'Commit',
    commitCancelType: 'Commit',
    cancelledStatusWords: ['Cancelled', 'Canceled'],
    partialCancellation: 'item-reference',
  },
  language: 'en',
  altLanguage: 'es',
  offsetDays: 30,
  nights: 3,
  availableParties: DEFAULT_PARTIES,
  placeAliases: {},
  hotelAvailability: {
    infoSource: 'Distribution',
    places: [{ context: 'Country', name: 'Spain' }],
    emptyPlace: { context: 'Region', name: 'Atlantis' },
  },
  hotels: [{ code: 'H1', brandCode: 'B1' }],
  activities: { hotelCodes: ['H1'], productCode: 'P1', currency: 'EUR' },
  transfers: { airportCode: 'PMI', airlineCode: 'UX', locationTypeCode: '2', locationCode: 'L1' },
  unknown: { hotelCode: 'ZZ', tourActivityId: 'ZZ', airportCode: 'ZZZ' },
};

export function sampleValues(password = 'pw') {
  return {
    ...baseValues({ requestorId: 'R', requestorContext: 'C', requestorInstance: '', user: 'u', password }, TEST_DATA, 'RUN'),
    tourActivityId: 'A1',
    supplierProductCode: 'SP',
    supplierServiceCode: 'SS',
  };
}
