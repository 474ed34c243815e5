# Spec: What the service does ("Books an available activity."); Resources and their fields (Booking:
# "UniqueID with Type=36, attributes ID (string chosen by the client) and ID_Context (value
# Client)"); Endpoints, POST {base_url}/activitybook. The ResStatus that books is not in the spec
# ("Other allowed values of these attributes are not listed."): the test data declares it
# (booking.commitResStatus; OpenTravel: Commit). The client's reference is confirmed by the reply
# showing it or, when the reply shows none of the client's, by a read by it that shows the booking.
# A repeated booking is refused by OpenTravel convention (SHOULD). Where each fact may sit in the
# reply: docs/reply-profile.md.
@op:activitybook
Feature: Activity booking
  Books an available activity under the client's reference.

  @creates-booking @req:BKG-COMMIT-REF
  Scenario: An available activity is booked under the client's reference
    Given an activity found by activity availability
    When the activity is booked
    Then the reply is a conforming OTA success
    And the client's booking reference is confirmed

  @creates-booking @req:BKG-COMMIT-PERSISTS @op:bookread
  Scenario: A booking exists afterwards
    Given a booking of an available activity
    When the booking is read
    Then the booking is shown live, as BKG-COMMIT-PERSISTS requires

  @creates-booking @req:BKG-DUPLICATE
  Scenario: The same booking committed again is refused
    Given a booking of an available activity
    When the same booking is committed again
    Then the request is refused, as BKG-DUPLICATE requires
