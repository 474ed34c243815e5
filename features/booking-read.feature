# Spec: Endpoints, POST {base_url}/bookread ("returns information on an existing booking").
# Where each fact sits in the reply: docs/reply-profile.md, section 9.
@op:bookread
Feature: Booking read
  Returns information on an existing booking.

  @creates-booking @req:RD-RETURNS-BOOKING
  Scenario: A read returns the booking asked for
    Given an activity found by activity availability
    When the activity is booked
    And another activity item is added to the booking
    And the booking is read
    Then the reply is a conforming OTA success
    And the booking read is the one booked

  @req:RD-UNKNOWN
  Scenario: A read of an unknown reference is refused
    Given a valid booking read request
    And the booking reference is unknown
    When the request is sent
    Then the gateway refuses it with an Errors reply
