// The nine operations, by path.
import { activityAvailability } from './activityavailability';
import { activityBook } from './activitybook';
import { activityNbc } from './activitynbc';
import { activitySearch } from './activitysearch';
import { bookCancel } from './bookcancel';
import { bookRead } from './bookread';
import { hotelAvailability } from './hotelavailability';
import { hotelNbc } from './hotelnbc';
import { transferAvailability } from './transferavailability';
import type { Operation } from './types';

export const OPERATIONS: readonly Operation[] = [
  activityAvailability,
  hotelAvailability,
  activitySearch,
  hotelNbc,
  activityNbc,
  bookRead,
  bookCancel,
  activityBook,
  transferAvailability,
];
