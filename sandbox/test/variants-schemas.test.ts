// Every standard reply kind validated against the 2016B schemas under each dialect variant: a variant that
// declares ALIGN-XSD may depart only in the reply kinds listed in SCHEMA_DEPARTURES, and must depart.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { VARIANT_LIST, Variants, type VariantName } from '../src/variants';
import { XsdSet, xsdDir } from '../src/xsd';
import { initQuery, one, start } from './helpers';
import { DEFAULT_FORMS, xsdCases, type BookingForms } from './xsd-cases';

/** Reply kinds (xsd-cases names) a variant declaring ALIGN-XSD may make schema-invalid, and why. */
const SCHEMA_DEPARTURES: Partial<Record<VariantName, RegExp>> = {
  // OTA_ErrorRS is empty in 2016B.
  'error-rs': /Errors|not well-formed/,
  // ParticipantCategory/@Quantity and numeric QualifierInfo text.
  'participant-category-ota': /^activityavailability Success$|^activitybook (Quote|Commit)$/,
  // Location/Region with text.
  'pickupless-tickets': /^activityavailability Success$|^activitysearch Success$/,
  'tickets-without-pickup': /^activityavailability Success$|^activitysearch Success$/,
  // "Canceled" is not in TransactionStatusType / PMS_ResStatusType.
  'cancel-status-words': /^bookcancel Cancelled|^bookread Cancelled$/,
  // Service/@Status is not in ServiceType.
  'item-status-attribute': /^bookread (Reserved|Cancelled)$/,
  // GroundService has no @RPH.
  'vendor-service-rph': /^transferavailability Success$/,
  // Errors beside Success: every RS is a choice of one or the other.
  'empty-errors-element': / Success|Warning|^activitybook (Quote|Commit)$|^bookread (Reserved|Cancelled)$|^bookcancel (Pending|Cancelled)/,
  // OTA_TourActivityBookRS requires ReservationDetails beside Success.
  'book-reply-success-only': /^activitybook Commit$/,
};

const dir = xsdDir();

describe(
  'dialect variants: standard replies against the 2016B schemas',
  { skip: dir === undefined ? 'OTA_XSD_DIR is set to an empty string' : false },
  () => {
    let xsd: XsdSet;
    before(async () => {
      await initQuery();
      xsd = await XsdSet.open(dir!);
    });
    after(() => xsd?.dispose());

    /** Names of the cases whose reply does not validate (against the schema of its actual root). */
    async function invalidCases(variants: string[]): Promise<string[]> {
      const sb = await start({ variants });
      try {
        const forms = { ...DEFAULT_FORMS, ...(new Variants(variants).testData.booking as Partial<BookingForms> | undefined) };
        const bad: string[] = [];
        for (const xsdCase of xsdCases(sb.baseUrl, forms)) {
          const reply = await xsdCase.get();
          if (xsd.validate(reply.raw, one(reply.raw, 'local-name(/*)')!).length) bad.push(xsdCase.name);
        }
        return bad;
      } finally {
        await sb.close();
      }
    }

    for (const v of VARIANT_LIST) {
      const departs = v.expectedWarnings.includes('ALIGN-XSD');
      it(`${v.name}: ${departs ? 'departs from the schemas only where declared' : 'every standard reply stays schema-valid'}`, async () => {
        const bad = await invalidCases([v.name]);
        if (!departs) {
          assert.deepEqual(bad, []);
          return;
        }
        const allowed = SCHEMA_DEPARTURES[v.name];
        assert.ok(allowed, `${v.name} declares ALIGN-XSD: list where it departs in SCHEMA_DEPARTURES`);
        assert.ok(bad.length > 0, `${v.name} declares ALIGN-XSD but every reply validates`);
        assert.deepEqual(
          bad.filter((n) => !allowed.test(n)),
          [],
          'departures outside the declared reply kinds',
        );
      });
    }
  },
);
