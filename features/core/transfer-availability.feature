# Spec: What the service does ("Returns available transfer services for airport, location, dates
# and passengers."); Endpoints, POST {base_url}/transferavailability: Location repeated, told apart
# by RPH; "Pickup and DropOff: each holds either AirportInfo (with Airline) or Address"; Passengers
# repeated, one per Category Code; "DisabilityInfo | RequiredInd (boolean)": served with either value
# (its effect on the vehicles offered is OpenTravel convention).
# Where each fact may sit in the reply: docs/reply-profile.md.
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

  @req:TRF-LEG-FORMS @req:TRF-LOCATIONS-REPEATED @req:TRF-SUCCESS @req:TRF-AIRPORT @req:TRF-LOCATION @req:TRF-DATES @req:TRF-PICKUP-BEFORE-FLIGHT
  Scenario Outline: A transfer from <legs> is served
    Given a valid transfer availability request
    And the legs requested are <legs>
    When the request is sent
    Then the request is served, as TRF-LEG-FORMS requires
    And the request is served, as TRF-LOCATIONS-REPEATED requires
    And transfer services are offered for every requested leg
    And every transfer service serves the requested airport
    And every transfer service serves the requested location
    And every transfer service is for the requested dates
    And every departure transfer picks up before its flight

    Examples:
      | legs                      |
      | airport to hotel          |
      | hotel to airport          |
      | airport to hotel and back |

  @req:TRF-PASSENGERS-REPEATED @req:TRF-PASSENGERS
  Scenario Outline: Transfers for <adults> adults and <children> children, one Passengers per category
    Given a valid transfer availability request
    And the party is <adults> adults and <children> children
    When the request is sent
    Then the request is served, as TRF-PASSENGERS-REPEATED requires
    And transfer services are offered for every requested leg
    And every transfer service is priced for the requested passengers

    Examples:
      | adults | children |
      | 1      | 0        |
      | 2      | 1        |
      | 4      | 2        |

  @req:TRF-DISABILITY-BOOLEAN
  Scenario Outline: A transfer request with DisabilityInfo RequiredInd <value> is served
    Given a valid transfer availability request
    And DisabilityInfo RequiredInd is <value>
    When the request is sent
    Then the request is served, whichever DisabilityInfo RequiredInd it carries

    Examples:
      | value |
      | true  |
      | false |

  @req:TRF-DISABILITY
  Scenario: With DisabilityInfo required, only adapted vehicles are offered
    Given a valid transfer availability request
    And a disability-adapted vehicle is required
    When the request is sent
    Then the reply is a conforming OTA success
    And only disability-adapted vehicles are offered

  @req:TRF-UNKNOWN-AIRPORT
  Scenario: No transfer service is offered for an airport the gateway does not serve
    Given a valid transfer availability request
    And the airport is one the gateway does not serve
    When the request is sent
    Then no transfer service is offered for the unknown airport
