# Spec: Endpoints, POST {base_url}/activitysearch.
# Where each fact sits in the reply: docs/reply-profile.md, section 4.
@op:activitysearch
Feature: Activity search
  Returns available activities in an area together with some of their descriptive data.

  @req:ASR-SUCCESS @req:ASR-AREA @req:ASR-DATES
  Scenario: Activities of the requested area, within the requested dates
    Given a valid activity search request
    And no product is named
    When the request is sent
    Then the reply is a conforming OTA success
    And at least one activity is found with its name
    And every activity found is in the requested area
    And every activity found takes place within the requested dates

  @req:ASR-SUCCESS @req:ASR-AREA @req:ASR-DATES
  Scenario: A search for one product
    Given a valid activity search request
    When the request is sent
    Then the reply is a conforming OTA success
    And at least one activity is found with its name
    And every activity found is in the requested area
    And every activity found takes place within the requested dates
