// Each dialect variant of the descriptive-data (NBC) replies changes the form it claims and not the
// substance (sandbox/src/variants/descriptive.ts): the same requests go to a default sandbox and to
// one with the variant, and both replies are read by meaning.
import assert from 'node:assert/strict';
import type { DESCRIPTIVE_VARIANTS } from '../../src/variants/descriptive';
import type { XNode } from '../../src/xml';
import { one } from '../helpers';
import { both, canon, count, type VariantEffects } from './support';

export const DESCRIPTIVE_EFFECTS: VariantEffects<typeof DESCRIPTIVE_VARIANTS> = {
  'hotel-descriptions-multimedia': async (pair) => {
    const [d, v] = await both(pair, 'hotelnbc');
    const hdc = '//ota:HotelDescriptiveContent';
    assert.equal(count(v.raw, `${hdc}/ota:HotelInfo/ota:HotelName | ${hdc}/ota:HotelInfo/ota:Descriptions`), 0);
    assert.equal(one(v.raw, `${hdc}/@HotelName`), one(d.raw, `${hdc}/ota:HotelInfo/ota:HotelName`));
    assert.equal(
      one(v.raw, `${hdc}//ota:TextItem/ota:Description`),
      one(d.raw, `${hdc}/ota:HotelInfo/ota:Descriptions/ota:DescriptiveText`),
    );
    const dropped = (n: XNode) => n.name === 'HotelName' || n.name === 'Descriptions';
    assert.equal(canon(v.raw), canon(d.raw, { drop: dropped }), 'nothing else changed');
  },
};
