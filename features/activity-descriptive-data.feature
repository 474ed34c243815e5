# Spec: Endpoints, POST {base_url}/activitynbc (an NBC operation; the gateway's own message,
# not in any OpenTravel release). Where each fact sits: docs/reply-profile.md, section 5.
@op:activitynbc
Feature: Activity descriptive data
  Returns descriptive data for one tour activity.

  @req:ANBC-SUBJECT @req:ANBC-CONTENT
  Scenario: The activity requested is described
    Given an activity found by activity availability
    And a valid activity descriptive data request
    When the request is sent
    Then the reply is a conforming OTA success
    And the activity requested is described, and only it
    And the activity's name and description are given

  @req:ANBC-UNKNOWN
  Scenario: An unknown activity is refused
    Given a valid activity descriptive data request
    And the TourActivityID is unknown
    When the request is sent
    Then the gateway refuses it with an Errors reply
