# Spec: Endpoints, common rules 1-5; Versioning. OpenTravel convention where the spec says
# "not shown": the RS root, exactly one of Success or Errors, the EchoToken echoed, no DOCTYPE.
Feature: Message envelope
  Every reply of every operation is an OTA 2003/05 message: HTTP 200, application/xml, well-formed,
  the operation's RS root in the OTA namespace with a Version, exactly one of Success or Errors,
  the request's EchoToken echoed, ISO 8601 dates, no DOCTYPE, and within the request timeout.
  (Booking read and cancel of a reference that does not exist are answered with Errors: their
  envelope is checked all the same.)

  @req:EP-POST @req:EP-STATUS-200 @req:EP-CONTENT-TYPE @req:EP-WELL-FORMED @req:EP-NAMESPACE
  @req:EP-VERSION @req:EP-DATES @req:EP-RS-ROOT @req:EP-SUCCESS-XOR-ERRORS @req:EP-ECHOTOKEN
  @req:EP-NO-DOCTYPE @req:EP-TIMELY @req:EP-ERROR-TYPE @req:AUTH-VALID
  Scenario Outline: The <operation> reply has a conforming envelope
    Given a valid <operation> request
    And it carries an EchoToken
    When the request is sent
    Then the envelope conforms

    @op:activityavailability
    Examples: activity availability
      | operation |
      | activity availability     |

    @op:hotelavailability
    Examples: hotel availability
      | operation |
      | hotel availability        |

    @op:activitysearch
    Examples: activity search
      | operation |
      | activity search           |

    @op:hotelnbc
    Examples: hotel descriptive data
      | operation |
      | hotel descriptive data    |

    @op:activitynbc
    Examples: activity descriptive data
      | operation |
      | activity descriptive data |

    @op:bookread
    Examples: booking read
      | operation |
      | booking read              |

    @op:bookcancel
    Examples: booking cancel
      | operation |
      | booking cancel            |

    @op:activitybook
    Examples: activity booking
      | operation |
      | activity booking          |

    @op:transferavailability
    Examples: transfer availability
      | operation |
      | transfer availability     |
