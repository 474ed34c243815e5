# Spec: Endpoints, POST {base_url}/hotelavailability; Limits (MaxResponses).
# Where each fact sits in the reply: docs/reply-profile.md, section 2.
@op:hotelavailability
Feature: Hotel availability
  Returns available units for a number of guests, dates and location.

  @req:HAV-SUCCESS
  Scenario: Hotels are returned for a known place and future dates
    Given a valid hotel availability request
    When the request is sent
    Then the reply is a conforming OTA success
    And at least one hotel is returned

  @req:HAV-MAXRESPONSES
  Scenario: No more hotels than MaxResponses are returned
    Given a valid hotel availability request
    And MaxResponses is 1
    When the request is sent
    Then the reply is a conforming OTA success
    And no more hotels are returned than MaxResponses

  @req:HAV-PLACE @req:HAV-DATES @req:HAV-GUESTS
  Scenario Outline: Hotels are in the requested place, for the requested dates and guests (place <place>)
    Given a valid hotel availability request
    And the place is test-data place <place>
    And the party is <adults> adults and <children> children
    When the request is sent
    Then the reply is a conforming OTA success
    And at least one hotel is returned
    And every hotel returned is in the requested place
    And every hotel returned is offered for the requested stay dates
    And every hotel returned is priced for the requested guests

    Examples:
      | place | adults | children |
      | 1     | 2      | 1        |
      | 2     | 1      | 0        |
      | 3     | 3      | 2        |

  @req:HAV-EMPTY
  Scenario: A place where nothing is available is a Success without hotels
    Given a valid hotel availability request
    And the place is one where nothing is available
    When the request is sent
    Then the reply is a conforming OTA success
    And no hotel is returned
