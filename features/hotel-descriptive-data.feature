# Spec: Endpoints, POST {base_url}/hotelnbc (an NBC operation).
# Where each fact sits in the reply: docs/reply-profile.md, section 6.
@op:hotelnbc
Feature: Hotel descriptive data
  Returns the descriptive or portfolio data requested for a hotel.

  @req:HNBC-SUBJECT @req:HNBC-CONTENT
  Scenario: The hotel requested is described
    Given a valid hotel descriptive data request
    When the request is sent
    Then the reply is a conforming OTA success
    And the hotel requested is described, and only it
    And the hotel's name and descriptive content are given

  @req:HNBC-UNKNOWN
  Scenario: An unknown hotel is refused
    Given a valid hotel descriptive data request
    And the hotel code is unknown
    When the request is sent
    Then the gateway refuses it with an Errors reply
