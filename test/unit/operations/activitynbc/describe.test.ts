// What activity descriptive data shows of an activity for discovery: the start time and duration
// of the activity asked for, and nothing from a refusal.
import { before, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { scheduleDescribed } from '../../../../src/operations/activitynbc/describe';
import { exchange, loadXml, rs } from '../../../support/contracts';

before(loadXml);

test('what the descriptive data shows: OperationTime/@Start and Summary/@Duration of the activity asked for, nothing from a refusal', () => {
  const nbc = (content: string) =>
    exchange(
      'activitynbc',
      rs('OTA_ProductDescriptiveInfoRS', `<Success/><ProductDescriptiveContents>${content}</ProductDescriptiveContents>`),
    );
  const described = nbc(
    '<TourActivityDescriptiveContent TourActivityID="OTHER"><Schedule><Summary Duration="PT2H"/></Schedule></TourActivityDescriptiveContent>' +
      '<TourActivityDescriptiveContent TourActivityID="D1"><Schedule><Summary Start="--04-01" End="--10-31" Duration="PT7H"/>' +
      '<Detail><OperationTimes><OperationTime Mon="true" Start="08:30"/></OperationTimes></Detail></Schedule></TourActivityDescriptiveContent>',
  );
  assert.deepEqual(scheduleDescribed(described, 'd1'), { time: '08:30:00', minutes: 420 });
  assert.deepEqual(scheduleDescribed(described, 'NOPE'), {});
  const refused = exchange(
    'activitynbc',
    rs('OTA_ProductDescriptiveInfoRS', '<Errors><Error Type="3" Code="320">unknown</Error></Errors>'),
  );
  assert.deepEqual(scheduleDescribed(refused, 'D1'), {});
});
