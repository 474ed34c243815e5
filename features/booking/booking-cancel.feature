# Spec: What the service does ("Cancels or partially cancels an existing booking."); States and
# transitions ("In booking cancel, CancelType is given as Quote."); Endpoints, POST
# {base_url}/bookcancel. The CancelType that cancels is not in the spec: the test data declares it
# (booking.commitCancelType; OpenTravel: Commit), and the words of a cancelled booking
# (booking.cancelledStatusWords). That a Quote changes nothing and gives the terms, and that a
# cancellation says so, are OpenTravel convention (SHOULD). A read after the cancel that refuses the
# booking or shows nothing says it is gone only by contrast with the read before the cancel, which
# showed it live. Where each fact may sit in the reply: docs/reply-profile.md.
@op:bookcancel
Feature: Booking cancel
  Cancels an existing booking.

  @creates-booking @req:CXL-QUOTE @req:CXL-QUOTE-TERMS
  Scenario: A cancellation quote for an existing booking is served with its terms
    Given a booking of an available activity
    When the booking cancellation is quoted
    Then the reply is a conforming OTA success
    And the request is served, as CXL-QUOTE requires
    And the cancellation terms are given

  @creates-booking @req:CXL-QUOTE-NO-CHANGE @op:bookread
  Scenario: A cancellation quote changes nothing
    Given Quote is not the CancelType that cancels
    And a booking of an available activity
    When the booking cancellation is quoted
    And the booking is read
    Then the booking is shown live, as CXL-QUOTE-NO-CHANGE requires

  @creates-booking @req:CXL-COMMIT-CANCELS @req:CXL-COMMIT-STATUS @op:bookread
  Scenario: A booking is cancelled with the CancelType that cancels
    Given a booking of an available activity
    And the booking is read
    When the booking is cancelled
    Then the reply is a conforming OTA success
    And the request is served, as CXL-COMMIT-CANCELS requires
    And the cancellation is confirmed
    When the booking is read
    Then the booking is no longer live, as CXL-COMMIT-CANCELS requires

  @creates-booking @req:CXL-ALREADY-CANCELLED
  Scenario: Cancelling a cancelled booking is refused
    Given a cancelled booking
    When the booking is cancelled
    Then the request is refused, as CXL-ALREADY-CANCELLED requires
