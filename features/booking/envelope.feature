# Spec: Endpoints, common rules 2 and 3; Versioning. Booking read and cancel are served only for a
# booking that exists ("Returns information on an existing booking", "Cancels ... an existing
# booking"), so their envelope is checked here, against one the scenario makes; the other seven
# operations: features/core/envelope.feature. The cancel is the spec's CancelType Quote.
Feature: Message envelope of booking read and cancel

  @creates-booking @envelope
  Scenario Outline: The <operation> reply for an existing booking has a conforming envelope
    Given a booking of an available activity
    And a valid <operation> request for the booking
    When the request is sent
    Then the request is served, as <requirement> requires
    And the envelope conforms

    @op:bookread @req:RD-RETURNS-BOOKING
    Examples: booking read
      | operation    | requirement        |
      | booking read | RD-RETURNS-BOOKING |

    @op:bookcancel @req:CXL-QUOTE
    Examples: booking cancel
      | operation      | requirement |
      | booking cancel | CXL-QUOTE   |
