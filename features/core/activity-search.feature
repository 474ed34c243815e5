# Spec: What the service does ("Returns available activities in an area together with some of their
# descriptive data."); Endpoints, POST {base_url}/activitysearch: DateTimePref, the hotel
# (LocationPref Context=Source) and the product (LocationPref Context=Service). A search naming only
# the hotel is a form the spec does not state: whether it is served is a SHOULD, but what is served
# for it must be in the area (MUST): a product named hides a search that ignores the area.
# Where each fact may sit in the reply: docs/reply-profile.md.
@op:activitysearch
Feature: Activity search
  Returns available activities in an area together with some of their descriptive data.

  @req:ASR-SUCCESS @req:ASR-AREA @req:ASR-DATES
  Scenario: Activities of the requested area, with some descriptive data, within the requested dates
    Given a valid activity search request
    When the request is sent
    Then the reply is a conforming OTA success
    And at least one activity is found with some of its descriptive data
    And every activity found is in the requested area
    And every activity found takes place within the requested dates

  @req:ASR-HOTEL-ONLY @req:ASR-AREA @req:ASR-DATES
  Scenario: A search that names a hotel and no product is served with the activities of its area
    Given a valid activity search request
    And no product is named
    When the request is sent
    Then the activities of the requested area are found
    And every activity found is in the requested area
    And every activity found takes place within the requested dates
