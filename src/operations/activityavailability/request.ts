// Activity availability requests (POST /activityavailability): the edits scenarios make to the sample.
import { categoriesOf, type OtaRequest } from '../../xml/requests';
import type { Party } from '../../core/test-data';

const TOUR = 'ota:TourActivity';
const PARTICIPANT_COUNT = `${TOUR}/ota:ParticipantCount`;

/** One ParticipantCount per category: "ParticipantCount | Quantity (integer); child QualifierInfo (text: category code)". */
export function setParty(r: OtaRequest, party: Party): OtaRequest {
  const categories = categoriesOf(party);
  r.replaceWithCopies(
    PARTICIPANT_COUNT,
    categories.map((c) => `${PARTICIPANT_COUNT}[normalize-space(ota:QualifierInfo)='${c.code}']`),
  );
  categories.forEach((c, i) => r.setAttribute(`${PARTICIPANT_COUNT}[${i + 1}]`, 'Quantity', c.count));
  return r;
}

/** Only the hotel is named (Location Context=Source): no product. */
export const setHotelOnly = (r: OtaRequest) => r.remove(`${TOUR}/ota:Location[@Context='Service']`);

/** Only the product is named (Location Context=Service): no hotel. */
export const setProductOnly = (r: OtaRequest) => r.remove(`${TOUR}/ota:Location[@Context='Source']`);

/** "MaximumPrice | Amount (number), CurrencyCode (currency code), CurrencyDecimal (integer, number of decimals)". */
export function setMaximumPrice(r: OtaRequest, price: { amount: string; currency: string; decimals: number }): OtaRequest {
  const at = `${TOUR}/ota:MultimodalOffer/ota:RequestedOffer/ota:GuidelinePricing/ota:MaximumPrice`;
  return r
    .setAttribute(at, 'Amount', price.amount)
    .setAttribute(at, 'CurrencyCode', price.currency)
    .setAttribute(at, 'CurrencyDecimal', price.decimals);
}
