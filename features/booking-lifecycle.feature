# Spec: States and transitions; Endpoints /activityavailability, /activitybook, /bookread,
# /bookcancel. The whole life of one booking, across calls, as a client lives it.
@op:activitybook @op:bookread @op:bookcancel
Feature: Booking lifecycle
  availability → Quote → Commit → read → cancel Quote → cancel Commit → read shows it cancelled.

  @creates-booking @req:BKG-QUOTE @req:BKG-COMMIT-REF @req:RD-RETURNS-BOOKING @req:CXL-QUOTE-NO-CHANGE @req:CXL-COMMIT-CANCELS
  Scenario: A booking from availability to cancellation
    Given an activity found by activity availability
    When the activity is quoted
    Then the reply is a conforming OTA success
    And the quote is priced
    When the activity is booked
    Then the reply is a conforming OTA success
    And the client's booking reference is confirmed
    When the booking is read
    Then the reply is a conforming OTA success
    And the booking read is the one booked
    When the booking cancellation is quoted
    Then the reply is a conforming OTA success
    And the cancellation is Pending, as CXL-QUOTE-NO-CHANGE requires
    When the booking is read
    Then the booking is shown live, as CXL-QUOTE-NO-CHANGE requires
    When the booking is cancelled
    Then the reply is a conforming OTA success
    And the cancellation is Cancelled, as CXL-COMMIT-CANCELS requires
    When the booking is read
    Then the booking is shown cancelled, as CXL-COMMIT-CANCELS requires
