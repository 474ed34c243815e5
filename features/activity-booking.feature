# Spec: Endpoints, POST {base_url}/activitybook; States and transitions (ResStatus Quote).
# Commit, the booking reference and duplicates follow OpenTravel convention (the spec: "not shown").
# Where each fact sits in the reply: docs/reply-profile.md, section 8.
@op:activitybook
Feature: Activity booking
  Books an available activity: ResStatus Quote prices it and stores nothing; Commit books it under
  the client's reference (UniqueID Type 36), with an item reference (Type 37).

  @req:BKG-QUOTE
  Scenario: A quote is priced
    Given an activity found by activity availability
    When the activity is quoted
    Then the reply is a conforming OTA success
    And the quote is priced

  @req:BKG-QUOTE-NO-STORE
  Scenario: A quote stores nothing
    Given an activity found by activity availability
    When the activity is quoted
    Then the reply is a conforming OTA success
    And the quoted reference is unknown to the gateway

  @creates-booking @req:BKG-COMMIT-REF
  Scenario: A commit confirms the client's reference
    Given an activity found by activity availability
    When the activity is booked
    Then the reply is a conforming OTA success
    And the client's booking reference is confirmed

  @creates-booking @req:BKG-COMMIT-PERSISTS
  Scenario: A committed booking can be read back
    Given an activity found by activity availability
    When the activity is booked
    And the booking is read
    Then the reply is a conforming OTA success
    And the booking is shown live, as BKG-COMMIT-PERSISTS requires

  @creates-booking @req:BKG-DUPLICATE
  Scenario: A second commit with the same reference is refused
    Given an activity found by activity availability
    When the activity is booked
    And the same booking is committed again
    Then the gateway refuses it with an Errors reply
