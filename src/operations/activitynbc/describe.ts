// Corroboration from activity descriptive data: where an activity is and which hotels it serves,
// as the gateway's own /activitynbc says, for rules whose reply shows neither (AAV-LOCATION,
// ASR-AREA). A refused, broken or silent reply describes nothing: its problem is kept.
import type { Description } from '../../contracts/corroboration';
import { describedBy } from '../../contracts/described-by';
import type { ReplyProfilePlaces } from '../../contracts/reader';
import type { Exchange } from '../../contracts/rule';
import { FACTS } from './contract';

export const activityDescription = (x: Exchange, code: string, source: string, profile: ReplyProfilePlaces = {}): Description =>
  describedBy(
    x,
    { kind: 'activity', code },
    source,
    { item: FACTS.activity, code: FACTS.id, country: FACTS.country, region: FACTS.area, hotels: FACTS.hotels },
    profile,
  );
