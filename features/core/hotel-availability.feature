# Spec: What the service does ("Returns available units for a number of guests, dates and
# location."); Endpoints, POST {base_url}/hotelavailability (RefPoint "CodeContext (values Country,
# Region)", GuestCount per AgeQualifyingCode, EchoToken); Limits (MaxResponses).
# Where each fact may sit in the reply: docs/reply-profile.md.
@op:hotelavailability
Feature: Hotel availability
  Returns available units for a number of guests, dates and location.

  @req:HAV-SUCCESS
  Scenario: Hotels are returned for a place of the test data and future dates
    Given a valid hotel availability request
    When the request is sent
    Then the reply is a conforming OTA success
    And at least one hotel is returned

  @req:HAV-REFPOINT-CONTEXTS @req:HAV-PLACE
  Scenario Outline: A RefPoint of CodeContext <context> is served
    Given a valid hotel availability request
    And the place is a test-data place of CodeContext <context>
    When the request is sent
    Then the request is served, as HAV-REFPOINT-CONTEXTS requires
    And every hotel returned is in the requested place

    Examples:
      | context |
      | Country |
      | Region  |

  # The bound can show only where the gateway has more hotels than it allows: each test-data place
  # is asked first, and MaxResponses is sent below what one of them showed (none: cannot tell).
  @req:HAV-MAXRESPONSES
  Scenario: No more hotels than MaxResponses are returned
    Given a valid hotel availability request
    And MaxResponses is below the number of hotels the gateway shows at the place
    When the request is sent
    Then the reply is a conforming OTA success
    And no more hotels are returned than MaxResponses

  @req:HAV-PLACE @req:HAV-DATES @req:HAV-GUESTS
  Scenario Outline: Hotels of test-data place <place> are offered for the dates and <adults> adults, <children> children
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
  Scenario: A place where nothing is available is a success without hotels
    Given a valid hotel availability request
    And the place is one where nothing is available
    When the request is sent
    Then the request is served, as HAV-EMPTY requires
    And no hotel is returned
