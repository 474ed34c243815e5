// The fault × variant matrix: every fault runs with every dialect variant that touches
// one of the operations its scenarios use, and with combined variants (whole dialects such as the
// README's worked example, Acme), and must still fail every requirement it declares. A fault proven
// only in the sandbox's own dialect proves little about gateways that write replies differently.
import { FAULTS, type FaultDef } from '../../sandbox/src/faults';
import { EXCLUSIVE_VARIANTS, VARIANTS, type VariantDef } from '../../sandbox/src/variants';
import { OPERATIONS, type OperationName } from '../../src/specification/operations';

/** Whole dialects: compatible variants switched on together. */
export const VARIANT_COMBINATIONS: readonly { name: string; variants: readonly string[] }[] = [
  {
    // docs/gateway.md "Worked example: a gateway that is not the sandbox"
    name: 'acme',
    variants: [
      'book-resstatus-book',
      'cancel-status-words',
      'prefixed-namespace',
      'http-4xx-errors',
      'internal-and-client-refs',
      'schedule-summary',
      'participant-category-ota',
      'no-optional-echoes',
    ],
  },
  {
    // Another serialiser altogether: Latin-1, pretty-printed with comments and CDATA, reordered, gzip
    name: 'other-serialiser',
    variants: [
      'latin1-encoding',
      'pretty-comments-cdata',
      'reordered-siblings',
      'single-quoted-attributes',
      'expanded-empty-elements',
      'gzip-content-encoding',
    ],
  },
  {
    // Another refusal and status style: OTA_ErrorRS, text-only errors, statuses in TPA_Extensions
    name: 'other-refusals',
    variants: ['error-rs', 'error-text-only', 'status-in-tpa-extensions', 'zoned-timestamp', 'zoned-dates', 'no-warning-when-empty'],
  },
];

/** A run of one dialect: a variant alone, or a combination as a whole. */
export type DialectRun = VariantDef & { switchedOn: readonly string[] };

/** Each combination as one dialect, declaring the warnings its variants declare. */
export function combinedDialects(): DialectRun[] {
  return VARIANT_COMBINATIONS.map((c) => ({
    name: c.name,
    description: `combined dialect: ${c.variants.join(', ')}`,
    expectedWarnings: [...new Set(c.variants.flatMap((n) => VARIANTS.find((v) => v.name === n)?.expectedWarnings ?? []))],
    switchedOn: c.variants,
  }));
}

/** The booking story's operations: those the booking faults change (activity booking, booking read, booking cancel). */
export const BOOKING_OPERATIONS: ReadonlySet<string> = new Set(FAULTS.filter((f) => f.area === 'booking').flatMap((f) => f.operations));

/** The operation that finds the tour activity a request names, for the operations that need one (steps/request.steps.ts). */
const FINDS_ACTIVITY: OperationName = 'activityavailability';

/**
 * What a booking scenario runs: the story's operations, and the one that finds the activity when
 * one of them names an activity (the operations table's needsActivity).
 */
function bookingStory(): Set<string> {
  const story = new Set(BOOKING_OPERATIONS);
  if ([...BOOKING_OPERATIONS].some((o) => OPERATIONS[o as OperationName]?.needsActivity)) story.add(FINDS_ACTIVITY);
  return story;
}

/** Operations a fault's scenarios use: its own, and the whole booking story when it is part of it. */
export function operationsOf(faultDef: FaultDef): Set<string> {
  const ops = new Set<string>(faultDef.operations);
  if (faultDef.area === 'booking' || faultDef.operations.some((o) => BOOKING_OPERATIONS.has(o))) for (const o of bookingStory()) ops.add(o);
  return ops;
}

const touches = (ops: Set<string>, variantOps: readonly string[] | undefined) =>
  ops.has('*') || !variantOps || variantOps.some((o) => ops.has(o));

export interface Cell {
  fault: FaultDef;
  /** column label: a variant name or a combination name */
  column: string;
  variants: readonly string[];
}

export const COLUMNS: readonly string[] = [...VARIANTS.map((v) => v.name), ...VARIANT_COMBINATIONS.map((c) => c.name)];

/** Every cell of the matrix: a fault with each variant touching its operations, and each combination. */
export function matrixCells(faults: readonly FaultDef[] = FAULTS, variants: readonly VariantDef[] = VARIANTS): Cell[] {
  const cells: Cell[] = [];
  for (const fault of faults) {
    const ops = operationsOf(fault);
    for (const variant of variants)
      if (touches(ops, variant.operations)) cells.push({ fault: fault, column: variant.name, variants: [variant.name] });
    for (const c of VARIANT_COMBINATIONS) cells.push({ fault: fault, column: c.name, variants: c.variants });
  }
  return cells;
}

/** The fixed sample npm test runs: each fault once, with a column chosen by its catalogue position (stable, spread over the columns). */
export function matrixSample(faults: readonly FaultDef[] = FAULTS): Cell[] {
  return faults.map((fault, index) => {
    const cells = matrixCells([fault]);
    return cells[(index * 7) % cells.length];
  });
}

/** A combination with an exclusive pair is a mistake of this file: say so before any run. */
export function checkCombinations(): string[] {
  const known = new Set<string>(VARIANTS.map((v) => v.name));
  const problems: string[] = [];
  for (const c of VARIANT_COMBINATIONS) {
    for (const variant of c.variants) if (!known.has(variant)) problems.push(`combination ${c.name}: unknown variant ${variant}`);
    for (const [a, b] of EXCLUSIVE_VARIANTS)
      if (c.variants.includes(a) && c.variants.includes(b)) problems.push(`combination ${c.name}: ${a} and ${b} cannot be combined`);
  }
  return problems;
}

/** Faults as rows, columns as columns: 'x' caught, 'MISS' missed, '.' not run (variant touches none of its operations). */
export function matrixTable(results: readonly { cell: Cell; caught: boolean }[]): string {
  const faults = [...new Set(results.map((r) => r.cell.fault.name))];
  const columns = COLUMNS.filter((c) => results.some((r) => r.cell.column === c));
  const at = new Map(results.map((r) => [`${r.cell.fault.name}\u0000${r.cell.column}`, r.caught]));
  const width = Math.max(5, ...faults.map((f) => f.length));
  const head = `${'fault'.padEnd(width)}  ${columns.map((_, i) => String(i + 1).padStart(4)).join('')}`;
  const rows = faults.map(
    (f) =>
      `${f.padEnd(width)}  ${columns
        .map((column) => {
          const v = at.get(`${f}\u0000${column}`);
          return (v === undefined ? '.' : v ? 'x' : 'MISS').padStart(4);
        })
        .join('')}`,
  );
  const legend = columns.map((c, i) => `${i + 1} ${c}`).join(', ');
  return [
    head,
    ...rows,
    `columns: ${legend}`,
    `x caught, MISS missed, . not run (the variant touches none of the fault's operations)`,
  ].join('\n');
}
