// Hotel availability requests (POST /hotelavailability): the edits scenarios make to the sample.
import { categoriesOf, type OtaRequest } from '../../xml/requests';
import type { Party, Place } from '../../core/test-data';

const SEGMENT = 'ota:AvailRequestSegments/ota:AvailRequestSegment';
const GUEST_COUNT = `${SEGMENT}/ota:RoomStayCandidates/ota:RoomStayCandidate/ota:GuestCounts/ota:GuestCount`;
const REF_POINT = `${SEGMENT}/ota:HotelSearchCriteria/ota:Criterion/ota:RefPoint`;

/** One GuestCount per category: "GuestCount | Count (integer), AgeQualifyingCode (code)". */
export function setParty(request: OtaRequest, party: Party): OtaRequest {
  const categories = categoriesOf(party);
  request.replaceWithCopies(
    GUEST_COUNT,
    categories.map((c) => `${GUEST_COUNT}[@AgeQualifyingCode='${c.code}']`),
  );
  categories.forEach((c, i) => request.setAttribute(`${GUEST_COUNT}[${i + 1}]`, 'Count', c.count));
  return request;
}

/** "RefPoint | CodeContext (values Country, Region); text: place name". */
export function setPlace(request: OtaRequest, place: Place): OtaRequest {
  return request.setAttribute(REF_POINT, 'CodeContext', place.context).setText(REF_POINT, place.name);
}

export const setMaxResponses = (r: OtaRequest, n: number) => r.setAttribute('/*', 'MaxResponses', n);

/**
 * One GuestCount per category of any code (a category the sample has no template for, as senior
 * 11, is a copy of its first GuestCount): what an exploration sends.
 */
export function setCategories(request: OtaRequest, categories: ReadonlyArray<{ code: string; count: number }>): OtaRequest {
  request.replaceWithCopies(
    GUEST_COUNT,
    categories.map(() => `${GUEST_COUNT}[1]`),
  );
  categories.forEach((c, i) =>
    request
      .setAttribute(`${GUEST_COUNT}[${i + 1}]`, 'AgeQualifyingCode', c.code)
      .setAttribute(`${GUEST_COUNT}[${i + 1}]`, 'Count', c.count),
  );
  return request;
}
