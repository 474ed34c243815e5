// Dialect variants: the dual of the faults (../faults/). Each switch changes the FORM of replies,
// never their SUBSTANCE, in a way that an independent gateway honouring every statement of the
// spec may legitimately differ from this sandbox (the spec: "Response body structure of every
// endpoint: not shown", "Error responses ...: not shown"). The suite run against the sandbox with
// any variant (or a compatible combination) must still say CONFORMS.
//
// Each variant is applied where the behaviour happens: grep for `variants.has('<name>')`.
// XSD citations are to the OpenTravel 2016B schemas (../shared/ota-xsd/2016B). A variant that
// makes some reply depart from those schemas declares 'ALIGN-XSD' (a SHOULD of the suite) in
// expectedWarnings; every other variant keeps every standard reply schema-valid.
// sandbox/VARIANTS.md has the table: what changes, why it is legitimate, where each fact goes.

import { SwitchSet } from '../switches';
import { ACTIVITY_VARIANTS } from './activities';
import { BOOKING_VARIANTS } from './booking';
import { DESCRIPTIVE_VARIANTS } from './descriptive';
import { ENVELOPE_VARIANTS } from './envelope';
import { ERROR_VARIANTS } from './errors';
import { HOTEL_VARIANTS } from './hotels';
import { SEARCH_VARIANTS } from './searches';
import { SERIALISATION_VARIANTS } from './serialisation';
import { TRANSFER_VARIANTS } from './transfers';
import type { VariantDef } from './variant';

export type { VariantDef } from './variant';

// One file per area, so that variants of different areas are added without touching the same
// file; the catalogue is their concatenation, in this order. `as const` keeps every name a literal:
// VariantName is a real union and a misspelt `variants.has('...')` is a type error.
export const VARIANTS = [
  ...SERIALISATION_VARIANTS,
  ...ENVELOPE_VARIANTS,
  ...ERROR_VARIANTS,
  ...SEARCH_VARIANTS,
  ...HOTEL_VARIANTS,
  ...ACTIVITY_VARIANTS,
  ...BOOKING_VARIANTS,
  ...DESCRIPTIVE_VARIANTS,
  ...TRANSFER_VARIANTS,
] as const;

export type VariantName = (typeof VARIANTS)[number]['name'];

/** The catalogue, widened for easy iteration (testData is optional on every entry). */
export const VARIANT_LIST: readonly (VariantDef & { readonly name: VariantName })[] = VARIANTS;

/**
 * Pairs that contradict each other and are refused together: a document in another encoding than
 * UTF-8 needs its declaration and cannot begin with a UTF-8 byte order mark; only one encoding at a
 * time; a declaration that disagrees with the header needs a declaration and no BOM; two homes for
 * the item status; two forms of partial cancellation.
 */
export const EXCLUSIVE_VARIANTS: readonly (readonly [VariantName, VariantName])[] = [
  ['latin1-encoding', 'utf8-bom'],
  ['latin1-encoding', 'no-xml-declaration'],
  ['item-status-attribute', 'status-in-tpa-extensions'],
  ['partial-by-segment', 'partial-by-segment-range'],
  ['charset-header-wins', 'latin1-encoding'],
  ['charset-header-wins', 'utf8-bom'],
  ['charset-header-wins', 'no-xml-declaration'],
  ['charset-header-wins', 'iso-8859-15-encoding'],
  ['charset-header-wins', 'windows-1251-encoding'],
  ['iso-8859-15-encoding', 'latin1-encoding'],
  ['iso-8859-15-encoding', 'utf8-bom'],
  ['iso-8859-15-encoding', 'no-xml-declaration'],
  ['iso-8859-15-encoding', 'windows-1251-encoding'],
  ['windows-1251-encoding', 'latin1-encoding'],
  ['windows-1251-encoding', 'utf8-bom'],
  ['windows-1251-encoding', 'no-xml-declaration'],
];

/** An unknown variant name, or a pair that cannot be combined. */
export class VariantError extends Error {}

/** Deep merge of plain objects; arrays and other values of `b` replace those of `a`. */
function merge(record: Record<string, unknown>, table: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...record };
  for (const [k, v] of Object.entries(table)) {
    const cur = out[k];
    const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
    out[k] = isObj(cur) && isObj(v) ? merge(cur, v) : v;
  }
  return out;
}

/** The set of variants switched on for one sandbox instance. */
export class Variants extends SwitchSet<VariantName> {
  constructor(names: readonly string[] = []) {
    super(
      'variant',
      VARIANTS.map((v) => v.name),
      names,
      (m) => new VariantError(m),
    );
    for (const [a, b] of EXCLUSIVE_VARIANTS) {
      if (this.has(a) && this.has(b)) throw new VariantError(`variants ${a} and ${b} cannot be combined`);
    }
  }
  /** The test data the switched-on variants need, merged in catalogue order. */
  get testData(): Record<string, unknown> {
    let out: Record<string, unknown> = {};
    for (const v of VARIANT_LIST) if (this.has(v.name) && v.testData) out = merge(out, v.testData);
    return out;
  }
}
