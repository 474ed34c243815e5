# Spec: Endpoints, POST {base_url}/bookcancel ("cancels or partially cancels an existing booking");
# States and transitions (CancelType Quote). Commit, the partial form (a UniqueID Type 37 naming the
# item) and the statuses follow OpenTravel convention. Reply facts: docs/reply-profile.md, section 10.
@op:bookcancel
Feature: Booking cancel
  Cancels or partially cancels an existing booking.

  @creates-booking @req:CXL-QUOTE-NO-CHANGE
  Scenario: A cancellation quote changes nothing
    Given an activity found by activity availability
    When the activity is booked
    And the booking cancellation is quoted
    Then the reply is a conforming OTA success
    And the cancellation is Pending, as CXL-QUOTE-NO-CHANGE requires
    When the booking is read
    Then the booking is shown live, as CXL-QUOTE-NO-CHANGE requires

  @creates-booking @req:CXL-COMMIT-CANCELS
  Scenario: A cancellation commit cancels the booking
    Given an activity found by activity availability
    When the activity is booked
    And the booking is cancelled
    Then the reply is a conforming OTA success
    And the cancellation is Cancelled, as CXL-COMMIT-CANCELS requires
    When the booking is read
    Then the booking is shown cancelled, as CXL-COMMIT-CANCELS requires

  @creates-booking @req:CXL-PARTIAL
  Scenario: A partial cancellation cancels only that item
    Given an activity found by activity availability
    When the activity is booked
    And another activity item is added to the booking
    And item 1 of the booking is cancelled
    Then the reply is a conforming OTA success
    When the booking is read
    Then item 1 is shown cancelled and the others live, as CXL-PARTIAL requires
    And the booking is shown live, as CXL-PARTIAL requires

  @creates-booking @req:CXL-ALREADY-CANCELLED
  Scenario: Cancelling a cancelled booking is refused
    Given an activity found by activity availability
    When the activity is booked
    And the booking is cancelled
    And the booking is cancelled
    Then the gateway refuses it with an Errors reply

  @req:CXL-UNKNOWN
  Scenario: Cancelling an unknown reference is refused
    Given a valid booking cancel request
    And the booking reference is unknown
    When the request is sent
    Then the gateway refuses it with an Errors reply
