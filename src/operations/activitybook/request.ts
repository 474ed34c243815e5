// Activity booking requests (POST /activitybook): the edits scenarios make to the sample.
import { categoriesOf, type OtaRequest } from '../../xml/requests';
import type { Party } from '../../core/test-data';
import type { BookedItem } from '../../contracts/booking-facts';

const PARTICIPANT = 'ota:BookingInfo/ota:ParticipantInfo';
const REFERENCE = 'ota:TPA_Extensions/ota:UniqueID';

// Participants are people with names: each gets its own (the samples' Surname stays, so that a
// booking read can be matched by surname).
const GIVEN_NAMES: Record<string, string[]> = {
  '10': ['Ana', 'Bruno', 'Clara', 'Diego', 'Elena', 'Fermin'],
  '8': ['Leo', 'Mia', 'Nora', 'Oscar', 'Pia', 'Quim'],
};

/**
 * One ParticipantInfo per participant ("BookingInfo/ParticipantInfo (repeated, one per
 * participant)"): Category QualifierInfo, Individual Age and ParticipantID, GivenName, NamePrefix
 * and Surname, copied from the sample's participant of the same category.
 */
export function setParty(request: OtaRequest, party: Party): OtaRequest {
  const participants = categoriesOf(party).flatMap((c) => Array.from({ length: c.count }, (_, n) => ({ code: c.code, n })));
  request.replaceWithCopies(
    PARTICIPANT,
    participants.map((p) => `${PARTICIPANT}[ota:Category/@QualifierInfo='${p.code}']`),
  );
  participants.forEach((participant, index) => {
    const individual = `${PARTICIPANT}[${index + 1}]/ota:Individual`;
    request
      .setAttribute(individual, 'ParticipantID', index + 1)
      .setText(`${individual}/ota:GivenName`, GIVEN_NAMES[participant.code][participant.n % 6]);
  });
  return request;
}

/**
 * The booking of what discovery found: the party availability was asked for and answered, and no
 * PickupDropoff when the product takes no pickup (a ticket): "BookingInfo/PickupDropoff" is for a
 * pickup at the hotel ("LocationName (hotel code)").
 */
export function setFound(request: OtaRequest, found: { party: Party; pickup: boolean }): OtaRequest {
  setParty(request, found.party);
  if (!found.pickup) request.remove('ota:BookingInfo/ota:PickupDropoff');
  return request;
}

/** "Root OTA_TourActivityBookRQ, attributes Version, ResStatus (value Quote)"; the value that books comes from the test data. */
export const setResStatus = (r: OtaRequest, resStatus: string) => r.setAttribute('/*', 'ResStatus', resStatus);

/** The client's references: "TPA_Extensions/UniqueID (repeated) | Type (36 booking reference; 37 additional reference)". */
export function setReferences(request: OtaRequest, refs: { bookingRef?: string; itemRef?: string }): OtaRequest {
  if (refs.bookingRef) request.setAttribute(`${REFERENCE}[@Type='36']`, 'ID', refs.bookingRef);
  if (refs.itemRef) request.setAttribute(`${REFERENCE}[@Type='37']`, 'ID', refs.itemRef);
  return request;
}

/** The client's booking reference (Type 36) of a request. */
export const bookingRefOf = (r: OtaRequest) => r.value(`${REFERENCE}[@Type='36']/@ID`) ?? '';

/** What a read of the booking should show of the item a request books. */
export function bookedItemOf(request: OtaRequest): BookedItem {
  return {
    itemRef: request.value(`${REFERENCE}[@Type='37']/@ID`) ?? '',
    tourActivityId: request.value('ota:BookingInfo/ota:BasicInfo/@TourActivityID') ?? '',
    surnames: [...new Set(request.values(`${PARTICIPANT}/ota:Individual/ota:Surname`).map((s) => s.trim()))],
    participants: request.records(PARTICIPANT, {}).length,
    date: /^\d{4}-\d{2}-\d{2}/.exec(request.value('ota:BookingInfo/ota:Schedule/@Start') ?? '')?.[0],
  };
}

/** One participant as a booking names it: "ParticipantInfo (repeated, one per participant)". */
export interface NamedParticipant {
  code: string;
  age: number;
  givenName: string;
  surname: string;
}

/**
 * One ParticipantInfo per participant, each its Category QualifierInfo, Individual Age and
 * ParticipantID, GivenName and Surname (NamePrefix as the sample's first participant has it):
 * any category code, any names (an exploration's parties).
 */
export function setParticipants(request: OtaRequest, participants: readonly NamedParticipant[]): OtaRequest {
  request.replaceWithCopies(
    PARTICIPANT,
    participants.map(() => `${PARTICIPANT}[1]`),
  );
  participants.forEach((participant, index) => {
    const info = `${PARTICIPANT}[${index + 1}]`;
    request
      .setAttribute(`${info}/ota:Category`, 'QualifierInfo', participant.code)
      .setAttribute(`${info}/ota:Individual`, 'Age', participant.age)
      .setAttribute(`${info}/ota:Individual`, 'ParticipantID', index + 1)
      .setText(`${info}/ota:Individual/ota:GivenName`, participant.givenName)
      .setText(`${info}/ota:Individual/ota:Surname`, participant.surname);
  });
  return request;
}

/** "BookingInfo/PickupDropoff | DateTime (date-time), LocationName (hotel code), PickupInd (boolean)". */
export const setPickup = (r: OtaRequest, pickup: { dateTime: string; pickupInd: boolean }) =>
  r
    .setAttribute('ota:BookingInfo/ota:PickupDropoff', 'DateTime', pickup.dateTime)
    .setAttribute('ota:BookingInfo/ota:PickupDropoff', 'PickupInd', String(pickup.pickupInd));

/** "BookingInfo/Schedule | Start, End (date-times)". */
export const setSchedule = (r: OtaRequest, start: string, end: string) =>
  r.setAttribute('ota:BookingInfo/ota:Schedule', 'Start', start).setAttribute('ota:BookingInfo/ota:Schedule', 'End', end);

/** Further additional references after the first: "TPA_Extensions/UniqueID (repeated)", Type 37, ID_Context Client. */
export function addItemReferences(request: OtaRequest, refs: readonly string[]): OtaRequest {
  for (const id of refs) request.appendElement('ota:TPA_Extensions', 'UniqueID', { Type: '37', ID: id, ID_Context: 'Client' });
  return request;
}
