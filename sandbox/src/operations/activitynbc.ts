// POST /activitynbc: descriptive data of tour activities (the gateway's own
// OTA_ProductDescriptiveInfoRQ/RS; built in the style of OTA_HotelDescriptiveInfoRS).
import type { Activity } from '../data';
import { WEEKDAYS } from '../dates';
import { err } from '../errors';
import { el, kids, path, tel, type XNode } from '../xml';
import { categoryAndType, DAY_ATTR, participantPolicy, takesNoPickup } from './activities';
import { address, attr, stateProv } from './common';
import type { Ctx, Operation } from './types';

function descriptiveContent(a: Activity, lang: string | undefined, ctx: Ctx): string {
  const days: Record<string, string> = {};
  for (const d of WEEKDAYS) days[DAY_ATTR[d]] = String(a.schedule.days.includes(d));
  return el(
    'TourActivityDescriptiveContent',
    { TourActivityID: a.id, SupplierProductCode: a.supplierProductCode, Name: a.name, LanguageCode: lang },
    el('BasicInfo', { TourActivityID: a.id, SupplierProductCode: a.supplierProductCode, Name: a.name }),
    categoryAndType(a),
    el(
      'Description',
      {},
      tel('ShortDescription', {}, a.shortDescription),
      tel('LongDescription', {}, a.longDescription),
      el(
        'Multimedia',
        {},
        el(
          'MultimediaDescription',
          {},
          el(
            'ImageItems',
            {},
            a.images.map((u) => el('ImageItem', {}, el('ImageFormat', {}, tel('URL', {}, u)))),
          ),
        ),
      ),
      tel('URL', {}, a.url),
    ),
    el('Location', {}, address(a.city, stateProv(a.region, ctx.variants), a.country), el('Region', { RegionName: a.region })),
    el(
      'Schedule',
      {},
      el('Summary', { Start: `--${a.schedule.from}`, End: `--${a.schedule.to}`, Duration: `PT${a.schedule.durationHours}H` }),
      el('Detail', {}, el('OperationTimes', {}, el('OperationTime', { ...days, Start: a.schedule.startTime }))),
    ),
    // Pickups at their time (a ticket under variant tickets-without-pickup: its meeting point, no pickup).
    takesNoPickup(a, ctx.variants)
      ? el('PickupDropoff', { LocationName: `${a.city} meeting point`, PickupInd: 'false' })
      : a.pickupHotels.map((h) =>
          el(
            'PickupDropoff',
            { LocationName: h, PickupInd: 'true' },
            el('Schedule', {}, el('OperationTimes', {}, el('OperationTime', { ...days, Start: a.schedule.pickupTime }))),
          ),
        ),
    el(
      'Services',
      {},
      a.services.map((s) => el('Service', { SupplierServiceCode: s.code, Name: s.name })),
    ),
    el(
      'Policies',
      {},
      participantPolicy(a, ctx.variants, false),
      el('Cancel', {
        Description: `Free cancellation until ${a.cancellation.freeUntilHours} hours before the start; then ${a.cancellation.penaltyPercent}% of the price`,
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
      const a = faults.has('activitynbc-other-activity')
        ? data.activities[(idx + 1) % data.activities.length]
        : data.activities[faults.has('activitynbc-first-activity') ? 0 : idx];
      // Mistake (activitynbc-code-only): the catalogue row is never joined to its descriptive content.
      out.push(
        faults.has('activitynbc-code-only')
          ? el('TourActivityDescriptiveContent', { TourActivityID: a.id })
          : descriptiveContent(a, lang, ctx),
      );
    }
    return {
      content: el('ProductDescriptiveContents', {}, out),
      rootAttrs: { PrimaryLangID: lang && /^[a-zA-Z]{1,8}(-[a-zA-Z0-9]{1,8})*$/.test(lang) ? lang : undefined },
    };
  },
};
