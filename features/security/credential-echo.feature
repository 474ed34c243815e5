# Spec: Authentication ("Credentials travel in the body of every request, in the POS element, as two
# Source children"): credentials travel one way. That no reply carries them back, in any form, is
# this project's security profile (SHOULD). Every reply of every scenario is looked at (the World
# does it on each send); here each operation is asked once with valid and once with wrong
# credentials. Booking read and cancel name a reference that does not exist: refusals count too.
Feature: No credential echo
  No reply, success or refusal, carries the caller's credentials.

  @req:SEC-NO-CREDENTIAL-ECHO @all-operations
  Scenario Outline: No <operation> reply carries the caller's credentials
    Given a valid <operation> request
    When the request is sent
    And the request is sent again with a wrong MessagePassword
    Then no reply carries the caller's credentials

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
