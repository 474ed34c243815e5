// Activity search requests (POST /activitysearch): the edits scenarios make to the sample.
import type { OtaRequest } from '../../xml/requests';

/** Only the hotel is named (LocationPref Context=Source): no product. */
export const setHotelOnly = (r: OtaRequest) => r.remove("ota:SearchCriteria/ota:LocationPref[@Context='Service']");
