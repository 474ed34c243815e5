# Spec: Endpoints (each path has its root element), common rule 3 (namespace), Versioning.
# The spec gives no error format: an OTA Errors reply is OpenTravel convention. A refusal is an XML
# Errors reply with no Success and no data; a 5xx or an HTML page is not a refusal.
Feature: Refusal of malformed requests
  A request the gateway cannot accept is answered with an Errors reply, not Success, not a 5xx,
  not HTML.

  @req:EP-REJECT-NAMESPACE
  Scenario Outline: A <operation> request in another namespace is refused
    Given a valid <operation> request
    When the request is sent with its root in another namespace
    Then the gateway refuses it with an Errors reply

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

  @req:EP-REJECT-VERSION
  Scenario Outline: A <operation> request with a Version outside the Versioning table is refused
    Given a valid <operation> request
    When the request is sent with Version "1.0"
    Then the gateway refuses it with an Errors reply

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

  @req:EP-REJECT-ROOT
  Scenario Outline: A <operation> request under another operation's root is refused
    Given a valid <operation> request
    When the request is sent under the root of another operation
    Then the gateway refuses it with an Errors reply

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

  @req:EP-REJECT-MALFORMED
  Scenario Outline: A <operation> body that is not well-formed XML is refused
    Given a valid <operation> request
    When a body that is not well-formed XML is sent
    Then the gateway refuses it with an Errors reply

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
