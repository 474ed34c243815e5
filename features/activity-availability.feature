# Spec: Endpoints, POST {base_url}/activityavailability.
# Where each fact sits in the reply: docs/reply-profile.md, section 3.
@op:activityavailability
Feature: Activity availability
  Returns available activities, their products and rates for given participants, location and dates.

  @req:AAV-SUCCESS @req:AAV-LOCATION @req:AAV-DATES
  Scenario: Activities at the requested hotel and product, within the requested period
    Given a valid activity availability request
    When the request is sent
    Then the reply is a conforming OTA success
    And at least one activity is offered
    And every activity offered is at the requested hotel and product
    And every activity offered takes place within the requested period

  @req:AAV-SUCCESS @req:AAV-LOCATION @req:AAV-DATES
  Scenario: Without a product, every activity of the hotel may be offered
    Given a valid activity availability request
    And no product is named
    When the request is sent
    Then the reply is a conforming OTA success
    And at least one activity is offered
    And every activity offered is at the requested hotel and product
    And every activity offered takes place within the requested period

  @req:AAV-PARTICIPANTS
  Scenario Outline: Rates price exactly the requested participants (<adults> adults, <children> children)
    Given a valid activity availability request
    And no product is named
    And the party is <adults> adults and <children> children
    When the request is sent
    Then the reply is a conforming OTA success
    And at least one activity is offered
    And every activity offered prices exactly the requested participants

    Examples:
      | adults | children |
      | 2      | 1        |
      | 1      | 0        |
      | 3      | 2        |

  @req:AAV-MAXPRICE
  Scenario: No per-person price exceeds MaximumPrice
    Given a valid activity availability request
    And no product is named
    And MaximumPrice is "60.00" EUR with 2 decimals
    When the request is sent
    Then the reply is a conforming OTA success
    And no per-person price exceeds MaximumPrice

  @req:AAV-DECIMALS
  Scenario Outline: Amounts are in the requested currency with CurrencyDecimal decimals (<decimals>)
    Given a valid activity availability request
    And no product is named
    And MaximumPrice is "<amount>" EUR with <decimals> decimals
    When the request is sent
    Then the reply is a conforming OTA success
    And at least one activity is offered
    And every amount is in the requested currency with CurrencyDecimal decimals

    Examples:
      | amount  | decimals |
      | 1000.00 | 2        |
      | 1000    | 0        |
      | 1000.000| 3        |
