// Import rules, checked by `npm run lint:deps` (part of `npm run lint`, so of `npm test`).
// docs/architecture.md draws the same layers.
//
// The suite's layers, bottom to top: a layer imports only the layers below it (type-only imports
// count too); two folders on one floor may import each other. core imports nothing of the project.
//
//   steps/            cucumber step definitions (glue: sentences -> world, operation entries)
//   src/commands      the user's commands apart from the run: init, merge, diff, report (one folder each)
//   src/cucumber      the cucumber adapter: World, hooks, judge, evidence
//   src/run           the run: runner, arguments, config, test-data loading, run context, guard
//   src/bookings      (same floor as src/run) the booking ledger and the clean-up: start, end, sweep
//   src/cassette      record and replay of a run's exchanges
//   src/reporting     outcomes, verdict, reports (console, JUnit, conformance report, Allure)
//   src/operations    one folder per operation: its request edits and its reply contract, read
//                     from outside only through its entry, src/operations/<op>/index.ts
//   src/contracts     reading replies by meaning, rules, envelope and value checks
//   src/safety        masking, secret scanning
//   src/transport     HTTP exchange with the gateway
//   src/xml           XML documents, schemas, requests built from the samples
//   src/specification the spec as data: operations, requirements (assembled from each operation's
//                     statements, src/operations/<op>/requirements.ts: see OPERATION_STATEMENTS)
//   src/core          errors (SuiteFault -> exit 2), dates, test-data and outcome types, JSON Schema
//
// scripts/ (tools, the bench among them) may import anything, and the
// product (src/) never imports scripts/. The sandbox (sandbox/) is one gateway among many: it and
// the suite never import each other, except the sandbox's public entries: its default credentials
// (sandbox/src/credentials.ts) and its start (sandbox/src/index.ts).
const LAYERS = [
  ['core'],
  ['specification'],
  ['xml'],
  ['transport'],
  ['safety'],
  ['contracts'],
  ['operations'],
  ['reporting'],
  ['cassette'],
  ['run', 'bookings'],
  ['cucumber'],
  ['commands'],
];
const TOP = ['^steps/'];

// The one sanctioned upward import: the requirement catalogue (src/specification/requirements.ts) is assembled
// from the statement files of each operation, kept beside its rules so that what is checked for one
// operation is in one folder. Those files are data (they import only the definition helpers), so the
// exception adds no path from src/spec to any code above it; catalogue-assembly and
// statements-are-data below keep it that narrow.
const OPERATION_STATEMENTS = '^src/operations/[^/]+/requirements\\.ts$';
const DEFINITION_HELPERS = '^src/specification/catalogue/define\\.ts$';

const OPERATION_ENTRY = '^src/operations/[^/]+/index\\.ts$';

const layerRules = LAYERS.map((floor, i) => ({
  name: `layer-${floor.join('-')}`,
  comment: `src/${floor.join(', src/')} import only the layers below (${LAYERS.slice(0, i).flat().join(', ') || 'none'})`,
  severity: 'error',
  from: { path: `^src/(${floor.join('|')})/` },
  to: {
    path: [...LAYERS.slice(i + 1).flatMap((f) => f.map((l) => `^src/${l}/`)), ...TOP],
    ...(floor.includes('specification') ? { pathNot: OPERATION_STATEMENTS } : {}),
  },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'No import cycle, type-only imports included.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...layerRules,
    {
      name: 'domain-not-cucumber',
      comment: 'Operations and contracts never import the cucumber adapter: they define the small interface they need.',
      severity: 'error',
      from: { path: '^src/(operations|contracts)/' },
      to: { path: '^src/cucumber/' },
    },
    {
      name: 'operation-not-operation',
      comment:
        "An operation folder never imports another's: what operations share (booking facts, tour-activity facts, value forms) lives in src/contracts. Files at the root of src/operations (the index, the decided-by table) may import every folder.",
      severity: 'error',
      from: { path: '^src/operations/([^/]+)/' },
      to: { path: '^src/operations/[^/]+/', pathNot: '^src/operations/$1/' },
    },
    {
      name: 'operation-entry',
      comment:
        "Outside an operation's folder, the folder is read only through its entry (src/operations/<op>/index.ts): what the World, the steps, the commands and the other layers may use of it. Its own unit tests (test/unit/operations/<op>/) may read its internals; the statement files are read by the catalogue assembly (catalogue-assembly).",
      severity: 'error',
      from: { pathNot: '^(src|test/unit)/operations/[^/]+/' },
      to: { path: '^src/operations/[^/]+/', pathNot: [OPERATION_ENTRY, OPERATION_STATEMENTS] },
    },
    {
      name: 'operation-entry-in-tests',
      comment: "An operation's unit tests read another operation only through its entry.",
      severity: 'error',
      from: { path: '^test/unit/operations/([^/]+)/' },
      to: { path: '^src/operations/[^/]+/', pathNot: [OPERATION_ENTRY, OPERATION_STATEMENTS, '^src/operations/$1/'] },
    },
    {
      name: 'catalogue-assembly',
      comment:
        "An operation's statements (src/operations/<op>/requirements.ts) are read only through the catalogue: src/specification/requirements.ts assembles the requirements, src/operations/decided-by.ts the decided-by tables.",
      severity: 'error',
      from: { path: '^(src|steps)/', pathNot: '^src/(specification/requirements|operations/decided-by)\\.ts$' },
      to: { path: OPERATION_STATEMENTS },
    },
    {
      name: 'statements-are-data',
      comment:
        'The statement files of the catalogue (src/specification/catalogue/, src/operations/<op>/requirements.ts) import nothing but the definition helpers: the sanctioned import of the spec layer reaches data, never code above it.',
      severity: 'error',
      from: { path: ['^src/specification/catalogue/', OPERATION_STATEMENTS], pathNot: DEFINITION_HELPERS },
      to: { pathNot: DEFINITION_HELPERS },
    },
    {
      name: 'product-not-tools',
      comment: 'The product (src/, steps/) never imports the tools (scripts/).',
      severity: 'error',
      from: { path: '^(src|steps)/' },
      to: { path: '^scripts/' },
    },
    {
      name: 'suite-not-sandbox',
      comment: 'The suite reaches the sandbox only through its public entries: default credentials and start.',
      severity: 'error',
      from: { path: '^(src|steps)/' },
      to: { path: '^sandbox/', pathNot: '^sandbox/src/(index|credentials)\\.ts$' },
    },
    {
      name: 'sandbox-not-suite',
      comment: 'The sandbox shares no code with the suite.',
      severity: 'error',
      from: { path: '^sandbox/' },
      to: { path: '^(src|steps|scripts|test)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|build|reports)/' },
    // Type-only imports count: a cycle through types is still a cycle for the reader.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    moduleSystems: ['cjs', 'es6'],
  },
};
