// Which facts decide each MUST requirement that a contract rule judges from reply content, for
// every operation: each operation's table sits beside its statements and rules
// (src/operations/<op>/requirements.ts, `decidedBy`). docs/requirements.md renders it (npm run
// docs); test/unit/specification/requirements-basis.test.ts checks every fact id exists and every MUST rule
// of a contract has its entry.
import type { DecidedBy } from '../specification/catalogue/define';
import type { RequirementId } from '../specification/requirements';
import { decidedBy as hotelavailability } from './hotelavailability/requirements';
import { decidedBy as activityavailability } from './activityavailability/requirements';
import { decidedBy as activitysearch } from './activitysearch/requirements';
import { decidedBy as hotelnbc } from './hotelnbc/requirements';
import { decidedBy as activitynbc } from './activitynbc/requirements';
import { decidedBy as transferavailability } from './transferavailability/requirements';
import { decidedBy as activitybook } from './activitybook/requirements';
import { decidedBy as bookread } from './bookread/requirements';
import { decidedBy as bookcancel } from './bookcancel/requirements';

export const DECIDED_BY: Partial<Record<RequirementId, DecidedBy>> = {
  ...hotelavailability,
  ...activityavailability,
  ...activitysearch,
  ...hotelnbc,
  ...activitynbc,
  ...transferavailability,
  ...activitybook,
  ...bookread,
  ...bookcancel,
};
