// A base URL under which every operation answers 404 is the wrong address, not nine failures of
// the gateway: the run says so and exits 2 before any scenario.
import { after, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describeRun, removeTempDirs, runConformance, targetEnv } from './helpers';

after(removeTempDirs);

test('every operation answering 404: could not run, exit 2, one line naming the base URL', async () => {
  let posts = 0;
  // Answers the preflight GET, and 404 to every POST: a web server, not the gateway's base.
  const srv = createServer((req, res) => {
    if (req.method === 'POST') posts++;
    req.resume();
    res.writeHead(req.method === 'GET' ? 200 : 404, { 'content-type': 'text/plain' }).end(req.method === 'GET' ? 'hello' : 'not found');
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(srv.address() as AddressInfo).port}/wrong`;
  try {
    const runResult = await runConformance({ env: targetEnv(url) });
    assert.equal(runResult.code, 2, describeRun(runResult));
    assert.match(runResult.stderr, /every operation answers 404 under .*\/wrong/);
    assert.equal(posts, 9, 'one probe per operation, and no scenario');
  } finally {
    srv.close();
  }
});
