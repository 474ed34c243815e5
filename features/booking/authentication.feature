# Spec: Authentication ("Credentials travel in the body of every request, in the POS element").
# Wrong credentials must not reach a booking that exists: the read or cancel is refused without
# showing it, and a proper read afterwards shows it live (OpenTravel convention, SHOULD).
Feature: Wrong credentials do not reach an existing booking

  @creates-booking @req:AUTH-BOOKING-UNTOUCHED @op:bookread
  Scenario: A read of an existing booking with a wrong MessagePassword is refused
    Given a booking of an available activity
    When the booking is read with a wrong MessagePassword
    Then the request is refused, as AUTH-BOOKING-UNTOUCHED requires

  @creates-booking @req:AUTH-BOOKING-UNTOUCHED @op:bookcancel @op:bookread
  Scenario: A cancel of an existing booking with a wrong MessagePassword is refused and the booking stays live
    Given a booking of an available activity
    When the booking is cancelled with a wrong MessagePassword
    Then the request is refused, as AUTH-BOOKING-UNTOUCHED requires
    When the booking is read
    Then the booking is shown live, as AUTH-BOOKING-UNTOUCHED requires
