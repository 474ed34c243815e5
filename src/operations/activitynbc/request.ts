// Activity descriptive data requests (POST /activitynbc): the edits scenarios make to the sample.
import type { OtaRequest } from '../../xml/requests';

export const setTourActivityId = (r: OtaRequest, id: string) =>
  r.setAttribute('ota:ProductDescriptiveInfos/ota:TourActivityDescriptiveInfo', 'TourActivityID', id);
