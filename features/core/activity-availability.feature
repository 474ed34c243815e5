# Spec: What the service does ("Returns available activities, their products and rates for given
# participants, location and dates."); Endpoints, POST {base_url}/activityavailability: the hotel
# (Location Context=Source), the product (Location Context=Service), Schedule, one ParticipantCount
# per category, GuidelinePricing/MaximumPrice. The MUST scenarios name both hotel and product as the
# table lists them; a request naming only one of them is a form the spec does not state
# ("Which elements and attributes are mandatory ...: not shown"): SHOULD.
# Where each fact may sit in the reply: docs/reply-profile.md.
@op:activityavailability
Feature: Activity availability
  Returns available activities, their products and rates for given participants, location and dates.

  @req:AAV-SUCCESS @req:AAV-LOCATION @req:AAV-DATES
  Scenario: Activities at the requested hotel and of the requested product, within the requested period
    Given a valid activity availability request
    When the request is sent
    Then the reply is a conforming OTA success
    And at least one activity is offered
    And every activity offered is at the requested hotel and product
    And every activity offered takes place within the requested period

  @req:AAV-PARTICIPANTS
  Scenario Outline: Rates price exactly the requested participants: <adults> adults, <children> children
    Given a valid activity availability request
    And the party is <adults> adults and <children> children
    When the request is sent
    Then the reply is a conforming OTA success
    And at least one activity is offered
    And every activity offered prices exactly the requested participants

    Examples:
      | adults | children |
      | 1      | 0        |
      | 2      | 1        |
      | 3      | 2        |

  @req:AAV-HOTEL-ONLY
  Scenario: A request that names a hotel and no product is served with the activities of that hotel
    Given a valid activity availability request
    And no product is named
    When the request is sent
    Then the activities of the requested hotel are offered

  @req:AAV-PRODUCT-ONLY
  Scenario: A request that names a product and no hotel is served with the activities of that product
    Given a valid activity availability request
    And no hotel is named
    When the request is sent as it is
    Then the activities of the requested product are offered

  @req:AAV-MAXPRICE
  Scenario: No per-person price exceeds MaximumPrice
    Given a valid activity availability request
    And MaximumPrice is "60.00" with 2 decimals
    When the request is sent
    Then the reply is a conforming OTA success
    And no per-person price exceeds MaximumPrice

  @req:AAV-DECIMALS
  Scenario Outline: Whether amounts are in the requested currency with CurrencyDecimal decimals (<decimals>)
    Given a valid activity availability request
    And MaximumPrice is "<amount>" with <decimals> decimals
    When the request is sent
    Then the reply is a conforming OTA success
    And every amount is in the requested currency with CurrencyDecimal decimals

    Examples:
      | amount   | decimals |
      | 1000.00  | 2        |
      | 1000     | 0        |
      | 1000.000 | 3        |
