# Spec: Endpoints, POST {base_url}/bookread. A reference that names no booking is refused by
# OpenTravel convention (SHOULD): the spec leaves errors "not shown". Reading an existing booking
# needs one: features/booking/.
@op:bookread
Feature: Booking read of a reference that names no booking
  Returns information on an existing booking, and nothing for a reference that names none.

  @req:RD-UNKNOWN @req:EP-ERROR-TYPE
  Scenario: A read of a booking reference that does not exist is refused
    Given a valid booking read request
    And the booking reference is unknown
    When the request is sent
    Then the request is refused, as RD-UNKNOWN requires
