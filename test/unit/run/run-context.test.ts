// The embedded sandbox shares the run's event loop: on a loaded host the loop stalls past a short
// keep-alive, and a connection the client reuses as the sandbox closes it is reset with no reply.
// So it keeps idle connections open for the run, unless SANDBOX_KEEP_ALIVE_MS says otherwise.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../../src/run/config';
import { EMBEDDED_KEEP_ALIVE_MS, startEmbeddedSandbox } from '../../../src/run/run-context';

async function announcedKeepAlive(): Promise<string | null> {
  const sandbox = await startEmbeddedSandbox(loadConfig({}));
  try {
    const reply = await fetch(`${sandbox.baseUrl}/hotelavailability`, { method: 'POST', body: '<x/>' });
    await reply.arrayBuffer();
    return reply.headers.get('keep-alive');
  } finally {
    await sandbox.stop();
  }
}

test('the embedded sandbox keeps idle connections open for the run, or as SANDBOX_KEEP_ALIVE_MS says', async () => {
  const saved = process.env.SANDBOX_KEEP_ALIVE_MS;
  try {
    delete process.env.SANDBOX_KEEP_ALIVE_MS;
    assert.equal(await announcedKeepAlive(), `timeout=${EMBEDDED_KEEP_ALIVE_MS / 1000}`);
    process.env.SANDBOX_KEEP_ALIVE_MS = '7000';
    assert.equal(await announcedKeepAlive(), 'timeout=7');
  } finally {
    if (saved === undefined) delete process.env.SANDBOX_KEEP_ALIVE_MS;
    else process.env.SANDBOX_KEEP_ALIVE_MS = saved;
  }
});
