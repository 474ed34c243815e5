// Replies of every standard operation (Success, Errors, each booking status) validate against the
// OpenTravel 2016B schemas. The schema folder comes from OTA_XSD_DIR (default ../shared/ota-xsd/2016B);
// a missing folder fails loudly unless OTA_XSD_DIR is explicitly set to an empty string.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, it } from 'node:test';
import type { RunningSandbox } from '../src/index';
import { XsdSet, xsdDir } from '../src/xsd';
import { initQuery, start } from './helpers';
import { xsdCases, type XsdCase } from './xsd-cases';

const dir = xsdDir();
let sb: RunningSandbox;
let xsd: XsdSet | undefined;

before(async () => {
  await initQuery();
  sb = await start();
  if (dir) xsd = await XsdSet.open(dir);
});
after(async () => {
  xsd?.dispose();
  await sb.close();
});

it(
  'the XSD folder is configured and present (OTA_XSD_DIR="" disables this check explicitly)',
  { skip: dir === undefined ? 'OTA_XSD_DIR is set to an empty string' : false },
  () => {
    assert.ok(existsSync(dir!), `XSD folder ${dir} does not exist: set OTA_XSD_DIR, or OTA_XSD_DIR="" to disable schema validation`);
  },
);

// The base URL is known only once `before` ran, so the cases are built lazily.
const cases = (() => {
  let built: XsdCase[] | undefined;
  return (i: number) => (built ??= xsdCases(sb.baseUrl))[i];
})();

xsdCases('').forEach(({ name, root }, index) => {
  it(`${name} validates against ${root}.xsd`, { skip: dir === undefined ? 'OTA_XSD_DIR is set to an empty string' : false }, async () => {
    // Order matters (booking states), so the cases run sequentially in this file.
    const { body } = await cases(index).get();
    const problems = xsd!.validate(body, root);
    assert.deepEqual(problems, [], `${name}:\n${problems.join('\n')}\n${body.slice(0, 800)}`);
  });
});
