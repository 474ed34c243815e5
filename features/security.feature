# Spec: Authentication; Endpoints, common rule 4. Credentials travel in POS as two Sources:
# RequestorID Type=22 (ID, ID_Context, optional Instance) and RequestorID Type=88 (ID, MessagePassword).
Feature: Security
  A request without valid credentials in POS is refused with an Errors reply and no data.
  (The test environment's IP whitelisting, AUTH-WHITELIST, cannot be observed from one machine:
  the preflight reports a refused connection instead.)

  @req:AUTH-PASSWORD
  Scenario Outline: A <operation> request with a wrong MessagePassword is refused
    Given a valid <operation> request
    And the MessagePassword is wrong
    When the request is sent as it is
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

  @req:AUTH-USER
  Scenario Outline: A <operation> request with a wrong Type 88 ID is refused
    Given a valid <operation> request
    And the Type 88 ID is wrong
    When the request is sent as it is
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

  @req:AUTH-CONTEXT
  Scenario Outline: A <operation> request with a wrong ID_Context is refused
    Given a valid <operation> request
    And the ID_Context is wrong
    When the request is sent as it is
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

  @req:AUTH-POS-REQUIRED
  Scenario Outline: A <operation> request without POS is refused
    Given a valid <operation> request
    And the POS is left out
    When the request is sent as it is
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

  @req:AUTH-TWO-SOURCES
  Scenario Outline: A <operation> request whose POS holds one Source only is refused
    Given a valid <operation> request
    And the POS holds only its first Source
    When the request is sent as it is
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
