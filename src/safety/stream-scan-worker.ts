// The thread of src/safety/stream-scan.ts: scans the stream's bytes as they come, posts the
// findings when told the file is complete.
import { parentPort, workerData } from 'node:worker_threads';
import { WrittenFileScan } from './scanning';

const { file, secrets } = workerData as { file: string; secrets: string[] };
const scan = new WrittenFileScan(file, secrets);
parentPort!.on('message', (m: Uint8Array | 'end') => {
  if (m === 'end') {
    parentPort!.postMessage(scan.end());
    parentPort!.close();
  } else scan.write(Buffer.from(m.buffer, m.byteOffset, m.byteLength));
});
