# Spec: What the service does ("Returns descriptive data for one tour activity."); Endpoints, POST
# {base_url}/activitynbc (an NBC operation). The activity is one activity availability shows (its
# TourActivityID alone: dates and prices it may not show are not needed), else the test data's
# product code. An unknown activity is refused by OpenTravel convention (SHOULD).
# Where each fact may sit in the reply: docs/reply-profile.md.
@op:activitynbc
Feature: Activity descriptive data
  Returns descriptive data for one tour activity.

  @req:ANBC-SUBJECT @req:ANBC-CONTENT
  Scenario: The activity requested is described
    Given an activity to describe
    And a valid activity descriptive data request
    When the request is sent
    Then the reply is a conforming OTA success
    And the activity requested is described, and only it
    And the activity's name and description are given

  # A gateway that describes the same activity whatever is asked passes when the activity asked is
  # that one: a second activity, found by a search of the hotel's area, must be described as itself.
  @req:ANBC-SUBJECT
  Scenario: Another activity than the one availability shows is described as itself
    Given an activity to describe
    And another activity, found by activity search
    And a valid activity descriptive data request
    When the request is sent
    Then the reply is a conforming OTA success
    And the activity requested is described, and only it

  @req:ANBC-UNKNOWN @req:EP-ERROR-TYPE
  Scenario: Descriptive data of an unknown activity is refused
    Given a valid activity descriptive data request
    And the TourActivityID is unknown
    When the request is sent
    Then the request is refused, as ANBC-UNKNOWN requires
