// POST /activitynbc: descriptive data of tour activities (the gateway's own
// OTA_ProductDescriptiveInfoRQ/RS; built in the style of OTA_HotelDescriptiveInfoRS).
import type { Activity } from '../data';
import { WEEKDAYS } from '../dates';
import { err } from '../errors';
import { el, kids, path, tel, type XNode } from '../xml';
import { categoryAndType, DAY_ATTR, participantPolicy, takesNoPickup } from './activities';
import { address, attr, stateProv } from './common';
import type { Ctx, Operation } from './types';

function descriptiveContent(activity: Activity, lang: string | undefined, ctx: Ctx): string {
  const days: Record<string, string> = {};
  for (const d of WEEKDAYS) days[DAY_ATTR[d]] = String(activity.schedule.days.includes(d));
  return el(
    'TourActivityDescriptiveContent',
    { TourActivityID: activity.id, SupplierProductCode: activity.supplierProductCode, Name: activity.name, LanguageCode: lang },
    el('BasicInfo', { TourActivityID: activity.id, SupplierProductCode: activity.supplierProductCode, Name: activity.name }),
    categoryAndType(activity),
    el(
      'Description',
      {},
      tel('ShortDescription', {}, activity.shortDescription),
      tel('LongDescription', {}, activity.longDescription),
      el(
        'Multimedia',
        {},
        el(
          'MultimediaDescription',
          {},
          el(
            'ImageItems',
            {},
            activity.images.map((u) => el('ImageItem', {}, el('ImageFormat', {}, tel('URL', {}, u)))),
          ),
        ),
      ),
      tel('URL', {}, activity.url),
    ),
    el(
      'Location',
      {},
      address(activity.city, stateProv(activity.region, ctx.variants), activity.country),
      el('Region', { RegionName: activity.region }),
    ),
    el(
      'Schedule',
      {},
      el('Summary', {
        Start: `--${activity.schedule.from}`,
        End: `--${activity.schedule.to}`,
        Duration: `PT${activity.schedule.durationHours}H`,
      }),
      el('Detail', {}, el('OperationTimes', {}, el('OperationTime', { ...days, Start: activity.schedule.startTime }))),
    ),
    // Pickups at their time (a ticket under variant tickets-without-pickup: its meeting point, no pickup).
    takesNoPickup(activity, ctx.variants)
      ? el('PickupDropoff', { LocationName: `${activity.city} meeting point`, PickupInd: 'false' })
      : activity.pickupHotels.map((h) =>
          el(
            'PickupDropoff',
            { LocationName: h, PickupInd: 'true' },
            el('Schedule', {}, el('OperationTimes', {}, el('OperationTime', { ...days, Start: activity.schedule.pickupTime }))),
          ),
        ),
    el(
      'Services',
      {},
      activity.services.map((s) => el('Service', { SupplierServiceCode: s.code, Name: s.name })),
    ),
    el(
      'Policies',
      {},
      participantPolicy(activity, ctx.variants, false),
      el('Cancel', {
        Description: `Free cancellation until ${activity.cancellation.freeUntilHours} hours before the start; then ${activity.cancellation.penaltyPercent}% of the price`,
      }),
    ),
  );
}

export const activityNbc: Operation = {
  name: 'activitynbc',
  rq: 'OTA_ProductDescriptiveInfoRQ',
  rs: 'OTA_ProductDescriptiveInfoRS',
  version: '2016.2',
  handle(req: XNode, ctx: Ctx) {
    const { data, faults } = ctx;
    const infos = kids(path(req, 'ProductDescriptiveInfos'), 'TourActivityDescriptiveInfo');
    if (infos.length === 0) throw err.missing('ProductDescriptiveInfos/TourActivityDescriptiveInfo');
    // Variant no-optional-echoes: the request language is not echoed.
    const lang = ctx.variants.has('no-optional-echoes') ? undefined : req.attrs.PrimaryLangID;
    const out: string[] = [];
    for (const info of infos) {
      const id = attr(info, 'TourActivityID', 'TourActivityDescriptiveInfo');
      let idx = data.activities.findIndex((a) => a.id.toUpperCase() === id.toUpperCase());
      // Mistake (activitynbc-unknown-served): an unknown ID falls back to the first activity.
      if (idx < 0 && faults.has('activitynbc-unknown-served')) idx = 0;
      if (idx < 0) {
        const refused = err.unknown(`TourActivityID ${id} is unknown`);
        // Mistake (activitynbc-unknown-with-data): the refusal carries an activity's data in its extensions.
        if (faults.has('activitynbc-unknown-with-data'))
          refused.data = el('TPA_Extensions', {}, descriptiveContent(data.activities[0], lang, ctx));
        throw refused;
      }
      // Mistakes: activitynbc-other-activity (an off-by-one in the catalogue lookup), activitynbc-first-activity (always the first).
      const activity = faults.has('activitynbc-other-activity')
        ? data.activities[(idx + 1) % data.activities.length]
        : data.activities[faults.has('activitynbc-first-activity') ? 0 : idx];
      // Mistake (activitynbc-code-only): the catalogue row is never joined to its descriptive content.
      out.push(
        faults.has('activitynbc-code-only')
          ? el('TourActivityDescriptiveContent', { TourActivityID: activity.id })
          : descriptiveContent(activity, lang, ctx),
      );
    }
    return {
      content: el('ProductDescriptiveContents', {}, out),
      rootAttrs: { PrimaryLangID: lang && /^[a-zA-Z]{1,8}(-[a-zA-Z0-9]{1,8})*$/.test(lang) ? lang : undefined },
    };
  },
};
