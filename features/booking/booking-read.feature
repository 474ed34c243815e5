# Spec: What the service does ("Returns information on an existing booking."); Endpoints, POST
# {base_url}/bookread ("ReturnListIndicator (boolean, true or false)"; "UniqueID | Type=36, ID
# (booking reference), ID_Context=Client"). Gateways may show their own reference beside the
# client's: the read is matched by the client's. Which details a read shows is OpenTravel
# convention (SHOULD). Where each fact may sit in the reply: docs/reply-profile.md.
@op:bookread
Feature: Booking read
  Returns information on an existing booking.

  @creates-booking @req:RD-RETURNS-BOOKING @req:RD-DETAILS
  Scenario: A read returns the booking asked for, with what was booked
    Given a booking of an available activity
    When the booking is read
    Then the reply is a conforming OTA success
    And the booking read is the one booked
    And the booking read shows what was booked

  @creates-booking @req:RD-RETURNLIST-BOOLEAN
  Scenario Outline: A read with ReturnListIndicator <value> is served
    Given a booking of an available activity
    And a valid booking read request for the booking
    And ReturnListIndicator is <value>
    When the request is sent
    Then the request is served, as RD-RETURNLIST-BOOLEAN requires

    Examples:
      | value |
      | true  |
      | false |
