# Spec: Endpoints, POST {base_url}/activitybook ("BookingInfo/ParticipantInfo (repeated, one per
# participant)"); States and transitions ("In activity booking, ResStatus is given as Quote.").
# A Quote books nothing; that it is priced and stores nothing is OpenTravel convention (SHOULD).
# The activity is one that activity availability found. Where each fact may sit in the reply:
# docs/reply-profile.md.
@op:activitybook
Feature: Activity booking with ResStatus Quote
  Quotes an available activity.

  @req:BKG-QUOTE @req:BKG-QUOTE-PRICED
  Scenario: A quote of an available activity is served and priced
    Given a valid activity booking request
    When the request is sent
    Then the reply is a conforming OTA success
    And the request is served, as BKG-QUOTE requires
    And the quote is priced

  @req:BKG-PARTICIPANTS-REPEATED
  Scenario Outline: A quote for <adults> adults and <children> children, one ParticipantInfo each, is served for each
    Given a valid activity booking request
    And the party is <adults> adults and <children> children
    When the request is sent
    Then the request is served for every participant, as BKG-PARTICIPANTS-REPEATED requires

    Examples:
      | adults | children |
      | 1      | 0        |
      | 2      | 1        |
      | 3      | 2        |

  @req:BKG-QUOTE-NO-STORE @op:bookread
  Scenario: A quote stores nothing
    Given Quote is not the ResStatus that books
    And a valid activity booking request
    When the request is sent
    Then the quoted booking is unknown to the gateway
