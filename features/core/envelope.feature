# Spec: What the service does ("Every operation is one HTTP POST to its own path under
# {base_url}"); Endpoints, common rules 2 and 3; Versioning. OpenTravel convention where the spec
# says "not shown": the RS root, exactly one of Success or Errors, the EchoToken echoed (only hotel
# availability lists one), ISO 8601 dates in replies, no DOCTYPE, a reply within the timeout.
# Booking read and cancel are served only for a booking that exists: their envelope is checked in
# features/booking/envelope.feature (a refusal has no envelope to judge).
Feature: Message envelope
  Every reply to a valid request is an OTA 2003/05 message: HTTP 200, application/xml, well-formed,
  the root in the OTA namespace with a Version.

  @req:EP-POST @req:EP-STATUS-200 @req:EP-CONTENT-TYPE @req:EP-WELL-FORMED @req:EP-NAMESPACE @req:EP-VERSION
  @req:EP-DATES @req:EP-RS-ROOT @req:EP-SUCCESS-XOR-ERRORS @req:EP-ECHOTOKEN @req:EP-NO-DOCTYPE @req:EP-TIMELY @req:AUTH-VALID
  @envelope
  Scenario Outline: The <operation> reply has a conforming envelope
    Given a valid <operation> request
    When the request is sent
    Then the envelope conforms

    @op:activityavailability
    Examples: activity availability
      | operation             |
      | activity availability |

    @op:hotelavailability
    Examples: hotel availability
      | operation          |
      | hotel availability |

    @op:activitysearch
    Examples: activity search
      | operation       |
      | activity search |

    @op:hotelnbc
    Examples: hotel descriptive data
      | operation              |
      | hotel descriptive data |

    @op:activitynbc
    Examples: activity descriptive data
      | operation                 |
      | activity descriptive data |

    @op:transferavailability
    Examples: transfer availability
      | operation             |
      | transfer availability |

    @op:activitybook
    Examples: activity booking
      | operation        |
      | activity booking |
