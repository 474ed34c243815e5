# Spec: What the service does ("Requests are XML documents whose root element is in the namespace
# {ota_namespace}"); Endpoints (each path has its root); common rule 1 ("The body is an XML
# document."); Versioning. The spec leaves refusals open ("Error responses, error codes and the
# conditions that cause them: not shown."): refusing such requests is OpenTravel convention
# (SHOULD), in any form (an Errors element, OTA_ErrorRS, a 4xx status), never a 5xx or an HTML
# page. A Version outside the Versioning table may be served or refused ("Deprecation policy and
# behaviour for other Version values: not shown."): reported for information only.
# Booking read and cancel name a booking reference that does not exist here: the refusal is
# expected all the same.
Feature: Refusal of requests outside the spec
  A request the gateway cannot take is refused with no data.

  @req:EP-REJECT-NAMESPACE @req:EP-ERROR-TYPE @all-operations
  Scenario Outline: The <operation> request in another namespace is refused
    Given a valid <operation> request
    When the request is sent with its root in another namespace
    Then the request is refused, as EP-REJECT-NAMESPACE requires

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

    @op:bookread
    Examples: booking read
      | operation    |
      | booking read |

    @op:bookcancel
    Examples: booking cancel
      | operation      |
      | booking cancel |

  @req:EP-REJECT-ROOT @req:EP-ERROR-TYPE @all-operations
  Scenario Outline: The <operation> request under another operation's root is refused
    Given a valid <operation> request
    When the request is sent under the root of another operation
    Then the request is refused, as EP-REJECT-ROOT requires

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

    @op:bookread
    Examples: booking read
      | operation    |
      | booking read |

    @op:bookcancel
    Examples: booking cancel
      | operation      |
      | booking cancel |

  @req:EP-REJECT-MALFORMED @req:EP-ERROR-TYPE @all-operations
  Scenario Outline: The <operation> body that is not well-formed XML is refused
    Given a valid <operation> request
    When a body that is not well-formed XML is sent
    Then the request is refused, as EP-REJECT-MALFORMED requires

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

    @op:bookread
    Examples: booking read
      | operation    |
      | booking read |

    @op:bookcancel
    Examples: booking cancel
      | operation      |
      | booking cancel |

  @req:EP-REJECT-VERSION @all-operations
  Scenario Outline: Whether the <operation> request with a Version outside the Versioning table is refused
    Given a valid <operation> request
    When the request is sent with Version "1.0"
    Then the request is refused, as EP-REJECT-VERSION requires

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

    @op:bookread
    Examples: booking read
      | operation    |
      | booking read |

    @op:bookcancel
    Examples: booking cancel
      | operation      |
      | booking cancel |
