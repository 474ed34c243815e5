# Spec: Authentication ("Credentials travel in the body of every request, in the POS element, as two
# Source children": RequestorID Type=22 with ID, ID_Context and an optional Instance, RequestorID
# Type=88 with ID and MessagePassword); Endpoints, common rule 4; /activityavailability ("RequestorID
# of Type 22 may carry Instance (string)"). Serving both with and without Instance is a MUST. That a
# request with wrong or missing credentials is refused is OpenTravel convention (SHOULD): the spec
# never says so, and leaves the conditions of errors "not shown".
# Booking read and cancel name a reference that does not exist here; that wrong credentials do not
# reach an existing booking is checked in features/booking/authentication.feature.
# The test environment's IP whitelisting (AUTH-WHITELIST) cannot be observed from one machine.
Feature: Authentication
  Credentials travel in POS as two Sources; a request without valid credentials is refused.

  @req:REQ-INSTANCE-OPTIONAL
  Scenario Outline: The <operation> request that carries <instance> is served
    Given a valid <operation> request
    And it carries <instance>
    When the request is sent
    Then the request is served, as REQ-INSTANCE-OPTIONAL requires

    @op:activityavailability
    Examples: activity availability
      | operation             | instance              |
      | activity availability | the optional Instance |
      | activity availability | no Instance           |

    @op:hotelavailability
    Examples: hotel availability
      | operation          | instance              |
      | hotel availability | the optional Instance |
      | hotel availability | no Instance           |

    @op:activitysearch
    Examples: activity search
      | operation       | instance              |
      | activity search | the optional Instance |
      | activity search | no Instance           |

    @op:hotelnbc
    Examples: hotel descriptive data
      | operation              | instance              |
      | hotel descriptive data | the optional Instance |
      | hotel descriptive data | no Instance           |

    @op:activitynbc
    Examples: activity descriptive data
      | operation                 | instance              |
      | activity descriptive data | the optional Instance |
      | activity descriptive data | no Instance           |

    @op:transferavailability
    Examples: transfer availability
      | operation             | instance              |
      | transfer availability | the optional Instance |
      | transfer availability | no Instance           |

    @op:activitybook
    Examples: activity booking
      | operation        | instance              |
      | activity booking | the optional Instance |
      | activity booking | no Instance           |

  @req:AUTH-PASSWORD @all-operations
  Scenario Outline: The <operation> request with a wrong MessagePassword is refused
    Given a valid <operation> request
    And the MessagePassword is wrong
    When the request is sent as it is
    Then the request is refused, as AUTH-PASSWORD requires

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

  @req:AUTH-USER @all-operations
  Scenario Outline: The <operation> request with a wrong Type 88 ID is refused
    Given a valid <operation> request
    And the Type 88 ID is wrong
    When the request is sent as it is
    Then the request is refused, as AUTH-USER requires

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

  @req:AUTH-REQUESTOR @all-operations
  Scenario Outline: The <operation> request with a wrong Type 22 ID is refused
    Given a valid <operation> request
    And the Type 22 ID is wrong
    When the request is sent as it is
    Then the request is refused, as AUTH-REQUESTOR requires

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

  @req:AUTH-CONTEXT @all-operations
  Scenario Outline: The <operation> request with a wrong ID_Context is refused
    Given a valid <operation> request
    And the ID_Context is wrong
    When the request is sent as it is
    Then the request is refused, as AUTH-CONTEXT requires

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

  @req:AUTH-POS-REQUIRED @all-operations
  Scenario Outline: The <operation> request without POS is refused
    Given a valid <operation> request
    And the POS is left out
    When the request is sent as it is
    Then the request is refused, as AUTH-POS-REQUIRED requires

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

  @req:AUTH-TWO-SOURCES @all-operations
  Scenario Outline: The <operation> request whose POS holds only the Type 22 Source is refused
    Given a valid <operation> request
    And the POS holds only its Type 22 Source
    When the request is sent as it is
    Then the request is refused, as AUTH-TWO-SOURCES requires

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

  @req:AUTH-TWO-SOURCES @all-operations
  Scenario Outline: The <operation> request whose POS holds only the Type 88 Source is refused
    Given a valid <operation> request
    And the POS holds only its Type 88 Source
    When the request is sent as it is
    Then the request is refused, as AUTH-TWO-SOURCES requires

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
