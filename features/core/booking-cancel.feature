# Spec: Endpoints, POST {base_url}/bookcancel. A reference that names no booking is refused by
# OpenTravel convention (SHOULD): the spec leaves errors "not shown". Cancelling an existing booking
# needs one: features/booking/.
@op:bookcancel
Feature: Booking cancel of a reference that names no booking
  Cancels or partially cancels an existing booking, and nothing for a reference that names none.

  @req:CXL-UNKNOWN @req:EP-ERROR-TYPE
  Scenario: Cancelling a booking reference that does not exist is refused
    Given a valid booking cancel request
    And the booking reference is unknown
    When the request is sent
    Then the request is refused, as CXL-UNKNOWN requires
