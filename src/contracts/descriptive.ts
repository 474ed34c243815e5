// Contracts of the descriptive-data (NBC) operations: hotel and tour activity.
// Where each fact sits: docs/reply-profile.md, sections 5 and 6.
import { finding, list, onDoc, rule, type Contract, type Exchange, type Finding } from './rule';

const filled = (vs: string[]) => vs.some((v) => v.trim() !== '');

const HOTEL = '/*/ota:HotelDescriptiveContents/ota:HotelDescriptiveContent';

export const hotelDescriptive: Contract = {
  op: 'hotelnbc',
  success: () => 'HNBC-SUBJECT',
  rules: [
    rule('HNBC-SUBJECT', 'the hotel requested is described, and only it', (x) =>
      onDoc(x, 'HNBC-SUBJECT', (doc) => {
        const wanted = x.request.values('//ota:HotelDescriptiveInfo/@HotelCode');
        const got = doc.values(`${HOTEL}/@HotelCode`);
        return got.length === wanted.length && got.every((c, i) => c === wanted[i])
          ? []
          : [finding('HNBC-SUBJECT', `${HOTEL}/@HotelCode`, list(wanted), list(got))];
      }),
    ),
    rule('HNBC-CONTENT', "the hotel's name and descriptive content are given", (x) =>
      onDoc(x, 'HNBC-CONTENT', (doc) => {
        const out: Finding[] = [];
        if (!filled(doc.values(`${HOTEL}/@HotelName | ${HOTEL}/ota:HotelInfo/ota:HotelName`)))
          out.push(finding('HNBC-CONTENT', `${HOTEL}/@HotelName`, "the hotel's name", '(absent)'));
        const content = doc.values(
          [
            `${HOTEL}/ota:HotelInfo/ota:Descriptions//ota:DescriptiveText`,
            `${HOTEL}/ota:MultimediaDescriptions//ota:Description`,
            `${HOTEL}/ota:ContactInfos//ota:AddressLine`,
            `${HOTEL}/ota:HotelInfo/ota:Services/ota:Service/@Code`,
          ].join(' | '),
        );
        if (!filled(content))
          out.push(finding('HNBC-CONTENT', `${HOTEL}/ota:HotelInfo`, 'a description, address or facility', '(none)'));
        return out;
      }),
    ),
  ],
};

const ACTIVITY = '/*/ota:ProductDescriptiveContents/ota:TourActivityDescriptiveContent';

export const activityDescriptive: Contract = {
  op: 'activitynbc',
  success: () => 'ANBC-SUBJECT',
  rules: [
    rule('ANBC-SUBJECT', 'the activity requested is described, and only it', (x) =>
      onDoc(x, 'ANBC-SUBJECT', (doc) => {
        const wanted = x.request.values('//ota:TourActivityDescriptiveInfo/@TourActivityID');
        const got = doc.values(`${ACTIVITY}/@TourActivityID`);
        return got.length === wanted.length && got.every((c, i) => c === wanted[i])
          ? []
          : [finding('ANBC-SUBJECT', `${ACTIVITY}/@TourActivityID`, list(wanted), list(got))];
      }),
    ),
    rule('ANBC-CONTENT', "the activity's name and description are given", (x) =>
      onDoc(x, 'ANBC-CONTENT', (doc) => {
        const out: Finding[] = [];
        if (!filled(doc.values(`${ACTIVITY}/@Name | ${ACTIVITY}/ota:BasicInfo/@Name`)))
          out.push(finding('ANBC-CONTENT', `${ACTIVITY}/@Name`, "the activity's name", '(absent)'));
        if (!filled(doc.values(`${ACTIVITY}/ota:Description/ota:ShortDescription | ${ACTIVITY}/ota:Description/ota:LongDescription`)))
          out.push(finding('ANBC-CONTENT', `${ACTIVITY}/ota:Description`, 'a description', '(none)'));
        return out;
      }),
    ),
  ],
};
