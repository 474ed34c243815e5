# Spec: Endpoints, POST {base_url}/bookcancel ("The operation cancels or partially cancels an
# existing booking. The way a partial cancellation is expressed in the request: not shown."). The
# form is the one the target declares (test data, booking.partialCancellation) or, declared none,
# the first the run finds served (each tried in turn on a booking made for the purpose), one of
# OpenTravel 2016B's OTA_CancelRQ: item-reference, the item's UniqueID Type 37 (the one the
# activity booking gave it) beside the booking's Type 36; segment, Segment/@ItinSegNbr; segment-range,
# Segment/@FirstItinSegNbr and @LastItinSegNbr. A Segment names the item by the number a read showed,
# or else by its place in the order booked (a guess, whose refusal is cannot tell). The read before
# the cancel is what an item no longer listed afterwards is contrasted with.
@op:bookcancel @op:activitybook @op:bookread
Feature: Partial cancellation
  Cancels one item of a booking of several, and only that item.

  @creates-booking @req:CXL-PARTIAL
  Scenario: Cancelling one item of a booking cancels only that item
    Given a booking of two activity items
    And the booking is read
    When item 1 of the booking is cancelled
    Then the request is served, as CXL-PARTIAL requires
    When the booking is read
    Then item 1 is shown cancelled and the others live, as CXL-PARTIAL requires
    And the booking is shown live, as CXL-PARTIAL requires
