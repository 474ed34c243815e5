# Spec: What the service does ("Returns the descriptive or portfolio data requested for a hotel.");
# Endpoints, POST {base_url}/hotelnbc (an NBC operation). An unknown hotel is refused by OpenTravel
# convention (SHOULD): the spec leaves errors "not shown".
# Where each fact may sit in the reply: docs/reply-profile.md.
@op:hotelnbc
Feature: Hotel descriptive data
  Returns the descriptive or portfolio data requested for a hotel.

  @req:HNBC-SUBJECT @req:HNBC-CONTENT
  Scenario: The hotel requested is described
    Given a valid hotel descriptive data request
    When the request is sent
    Then the reply is a conforming OTA success
    And the hotel requested is described
    And the hotel's name and descriptive content are given

  @req:HNBC-UNKNOWN @req:EP-ERROR-TYPE
  Scenario: Descriptive data of an unknown hotel is refused
    Given a valid hotel descriptive data request
    And the hotel code is unknown
    When the request is sent
    Then the request is refused, as HNBC-UNKNOWN requires
