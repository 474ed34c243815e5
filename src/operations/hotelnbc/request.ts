// Hotel descriptive data requests (POST /hotelnbc): the edits scenarios make to the sample.
import type { OtaRequest } from '../../xml/requests';

export const setHotelCode = (r: OtaRequest, code: string) =>
  r.setAttribute('ota:HotelDescriptiveInfos/ota:HotelDescriptiveInfo', 'HotelCode', code);
