# Spec: Endpoints, POST {base_url}/bookcancel ("The operation cancels or partially cancels an
# existing booking. The way a partial cancellation is expressed in the request: not shown."). This
# class is claimed only with the form the target declares (test data, booking.partialCancellation;
# item-reference: the item's UniqueID Type 37 beside the booking's Type 36, the Type 37 the activity
# booking gave the item).
@op:bookcancel @op:activitybook @op:bookread
Feature: Partial cancellation
  Cancels one item of a booking of several, and only that item.

  @creates-booking @req:CXL-PARTIAL
  Scenario: Cancelling one item of a booking cancels only that item
    Given a booking of two activity items
    When item 1 of the booking is cancelled
    Then the request is served, as CXL-PARTIAL requires
    When the booking is read
    Then item 1 is shown cancelled and the others live, as CXL-PARTIAL requires
    And the booking is shown live, as CXL-PARTIAL requires
