// The warm pool of a whole `npm run test:unit` (scripts/run-unit-tests.js starts it): one worker
// per core, shared by every test file, on a local socket. A connection sends one request (JSON)
// and half-closes; the answer is the run's result (JSON), then the connection ends.
import { createServer } from 'node:net';
import { WarmPool, type WarmRequest } from './pool';

const socket = process.argv[2];
const pool = new WarmPool();
const server = createServer({ allowHalfOpen: true }, (socket) => {
  let body = '';
  socket.setEncoding('utf8');
  socket.on('data', (d: string) => (body += d));
  socket.on('error', () => undefined); // a test file that died mid-run: its run still ends, unread
  socket.on('end', () => {
    void pool
      .run(JSON.parse(body) as WarmRequest)
      .then((r) => socket.end(JSON.stringify(r)))
      .catch((e: unknown) => socket.end(JSON.stringify({ code: 2, signal: null, timedOut: false, stdout: '', stderr: String(e) })));
  });
});
server.listen(socket, () => process.send?.('ready'));
const stop = () => {
  server.close();
  void pool.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('disconnect', stop);
