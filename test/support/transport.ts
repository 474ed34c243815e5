// What the transport's unit tests share: bounds generous enough that a loaded machine never flakes
// a reply that should succeed (SHORT for the tests that wait for a timeout on purpose), a request,
// the options of postXml, a hostile server per test, and a port where nothing listens.
import assert from 'node:assert/strict';
import * as net from 'node:net';
import { DEFAULT_RETRY, type TransportLimits } from '../../src/transport/limits';
import type { PostOptions } from '../../src/transport/post-xml';
import { TransportError } from '../../src/transport/transport-error';
import { startHostileServer, type Behaviour, type RunningServer } from './hostile-server';

export const LIMITS: TransportLimits = { connectTimeoutMs: 2000, requestTimeoutMs: 5000, maxReplyBytes: 256 * 1024 };
export const SHORT: TransportLimits = { ...LIMITS, requestTimeoutMs: 600 };
export const REQ = '<OTA_HotelAvailRQ xmlns="http://www.opentravel.org/OTA/2003/05" Version="2008.1"/>';
export const opts = (o: Partial<PostOptions> = {}): PostOptions => ({
  operation: 'hotelavailability',
  limits: LIMITS,
  retry: DEFAULT_RETRY,
  ...o,
});

export async function withServer<T>(behaviour: Behaviour, fn: (srv: RunningServer, url: string) => Promise<T>): Promise<T> {
  const srv = await startHostileServer(behaviour);
  try {
    return await fn(srv, `${srv.url}/hotelavailability`);
  } finally {
    await srv.close();
  }
}

export async function rejects(promise: Promise<unknown>): Promise<TransportError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof TransportError, `expected TransportError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected a TransportError');
}

/** A port on 127.0.0.1 where nothing listens (bound and released). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}
