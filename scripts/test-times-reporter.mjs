// A node:test reporter that adds up the time of each test file's top-level tests and writes them,
// slowest first, as JSON to its destination (scripts/run-unit-tests.js passes it when
// OTA_TEST_TIMES names a file). Where the unit tests' time goes, for `npm run bench -- --contributor`.
export default async function* testTimes(source) {
  const byFile = new Map();
  for await (const event of source) {
    if ((event.type === 'test:pass' || event.type === 'test:fail') && event.data.nesting === 0 && event.data.file) {
      const ms = event.data.details?.duration_ms ?? 0;
      byFile.set(event.data.file, (byFile.get(event.data.file) ?? 0) + ms);
    }
  }
  const files = [...byFile].sort((a, b) => b[1] - a[1]).map(([file, ms]) => ({ file, ms: Math.round(ms) }));
  yield `${JSON.stringify({ files }, null, 2)}\n`;
}
