# Spec: What the service does ("Returns available activities, their products and rates for given
# participants, location and dates."); Endpoints, POST {base_url}/activityavailability: the hotel
# (Location Context=Source), the product (Location Context=Service), Schedule, one ParticipantCount
# per category, GuidelinePricing/MaximumPrice. The first scenario names both hotel and product as the
# table lists them; a request naming only one of them is a form the spec does not state ("Which
# elements and attributes are mandatory ...: not shown"): whether it is served is a SHOULD, but what
# is served for it is held to the MUSTs, and only such a request can show activities of another area
# or another product. The MaximumPrice sent comes from the currency's minor unit and the prices the
# gateway showed, never from a constant.
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
    And every activity offered is for the requested location
    And every activity offered takes place within the requested period

  @req:AAV-PARTICIPANTS @req:AAV-CATEGORIES
  Scenario Outline: Rates price exactly the requested participants: <adults> adults, <children> children
    Given a valid activity availability request
    And the party is <adults> adults and <children> children
    When the request is sent
    Then the reply is a conforming OTA success
    And at least one activity is offered
    And every activity offered prices exactly the requested participants
    And every category is priced at its own rate

    Examples:
      | adults | children |
      | 1      | 0        |
      | 2      | 1        |
      | 3      | 2        |

  @req:AAV-HOTEL-ONLY @req:AAV-LOCATION @req:AAV-DATES
  Scenario: A request that names a hotel and no product is served with activities for the hotel's location
    Given a valid activity availability request
    And no product is named
    When the request is sent
    Then the activities of the requested hotel are offered
    And every activity offered is for the requested location
    And every activity offered takes place within the requested period

  @req:AAV-PRODUCT-ONLY @req:AAV-LOCATION @req:AAV-DATES
  Scenario: A request that names a product and no hotel is served with activities of that product
    Given a valid activity availability request
    And no hotel is named
    When the request is sent as it is
    Then the activities of the requested product are offered
    And every activity offered is for the requested location
    And every activity offered takes place within the requested period

  @req:AAV-MAXPRICE
  Scenario: No per-person price exceeds MaximumPrice
    Given a valid activity availability request
    And MaximumPrice lies within the prices shown
    When the request is sent
    Then the reply is a conforming OTA success
    And no per-person price exceeds MaximumPrice

  @req:AAV-CURRENCY
  Scenario: Amounts are in the currency asked
    Given a valid activity availability request
    When the request is sent
    Then the reply is a conforming OTA success
    And every amount is in the requested currency

  @req:AAV-DECIMALS
  Scenario Outline: Whether amounts are written with CurrencyDecimal decimals (<decimals>)
    Given a valid activity availability request
    And MaximumPrice is above the prices shown, with <decimals> decimals
    When the request is sent
    Then the reply is a conforming OTA success
    And every amount is written with CurrencyDecimal decimals

    Examples:
      | decimals |
      | 2        |
      | 0        |
      | 3        |
