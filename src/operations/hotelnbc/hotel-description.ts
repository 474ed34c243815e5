// Corroboration from hotel descriptive data: where a hotel is, as the gateway's own /hotelnbc
// says, for rules whose reply names the hotel by its code only (HAV-PLACE, AAV-LOCATION,
// ASR-AREA). A refused, broken or unreadable reply describes nothing: its problem is kept, and
// the rule that asked stays at cannot tell with it.
import type { Description } from '../../contracts/corroboration';
import { describedBy } from '../../contracts/descriptive-reply';
import type { ReplyProfilePlaces } from '../../contracts/reader';
import type { Exchange } from '../../contracts/rule';
import { FACTS } from './contract';

export const hotelDescription = (exchange: Exchange, code: string, source: string, profile: ReplyProfilePlaces = {}): Description =>
  describedBy(
    exchange,
    { kind: 'hotel', code },
    source,
    { item: FACTS.hotel, code: FACTS.code, country: FACTS.country, region: FACTS.region },
    profile,
  );
