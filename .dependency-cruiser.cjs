// Import rules, checked by `npm run lint:deps` (part of `npm run lint`, so of `npm test`).
// docs/architecture.md draws the same layers.
//
// The suite's layers, bottom to top: a layer imports only the layers below it (type-only imports
// count too). core imports nothing of the project.
//
//   steps/          cucumber step definitions (glue: sentences -> world, operations, contracts)
//   src/cucumber    the cucumber adapter: World, hooks, judge, evidence
//   src/run         the run: runner, arguments, config, test-data loading, run context, merge, cleanup
//   src/reporting   outcomes, verdict, reports (console, JUnit, conformance report, Allure)
//   src/operations  one folder per operation: its request edits and its reply contract
//   src/contracts   reading replies by meaning, rules, envelope and value checks
//   src/safety      masking, secret scanning, booking ledger, run guard
//   src/transport   HTTP exchange with the gateway
//   src/xml         XML documents, schemas, requests built from the samples
//   src/spec        the spec as data: operations, requirements
//   src/core        errors (SuiteFault -> exit 2), dates, test-data and outcome types
//
// scripts/ (tools, the bench among them) may import anything, and the
// product (src/) never imports scripts/. The sandbox (sandbox/) is one gateway among many: it and
// the suite never import each other, except the sandbox's public entries: its default credentials
// (sandbox/src/credentials.ts) and its start (sandbox/src/index.ts).
const LAYERS = ['core', 'spec', 'xml', 'transport', 'safety', 'contracts', 'operations', 'reporting', 'run', 'cucumber'];
const TOP = ['^steps/'];

const layerRules = LAYERS.map((layer, i) => ({
  name: `layer-${layer}`,
  comment: `src/${layer} imports only the layers below it (${LAYERS.slice(0, i).join(', ') || 'none'})`,
  severity: 'error',
  from: { path: `^src/${layer}/` },
  to: { path: [...LAYERS.slice(i + 1).map((l) => `^src/${l}/`), ...TOP] },
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
