# Spec: Endpoints, POST {base_url}/transferavailability.
# Where each fact sits in the reply: docs/reply-profile.md, section 7.
@op:transferavailability
Feature: Transfer availability
  Returns available transfer services for airport, location, dates and passengers.

  @req:TRF-SUCCESS @req:TRF-AIRPORT @req:TRF-LOCATION @req:TRF-DATES
  Scenario: Transfers between the requested airport and location, on the requested dates
    Given a valid transfer availability request
    When the request is sent
    Then the reply is a conforming OTA success
    And transfer services are offered for every requested leg
    And every transfer service serves the requested airport
    And every transfer service serves the requested location
    And every transfer service is for the requested dates

  @req:TRF-PASSENGERS
  Scenario Outline: Transfers are priced for the requested passengers (<adults> adults, <children> children)
    Given a valid transfer availability request
    And the party is <adults> adults and <children> children
    When the request is sent
    Then the reply is a conforming OTA success
    And transfer services are offered for every requested leg
    And every transfer service is priced for the requested passengers

    Examples:
      | adults | children |
      | 2      | 1        |
      | 1      | 0        |
      | 4      | 2        |

  @req:TRF-DISABILITY
  Scenario: With DisabilityInfo required, only adapted vehicles are offered
    Given a valid transfer availability request
    And a disability-adapted vehicle is required
    When the request is sent
    Then the reply is a conforming OTA success
    And transfer services are offered for every requested leg
    And only disability-adapted vehicles are offered
