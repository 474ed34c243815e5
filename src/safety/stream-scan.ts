// The secret scan of the evidence stream while the run writes it, on a thread of its own: the
// stream is most of what a run writes (several MB of cucumber messages), and the run's own thread
// is busy with the scenarios, so its scan after the run was most of the scan phase. The lines are
// scanned exactly as they are written, in the chunks the after-run scan would read
// (WrittenFileScan): the findings are those of scanning the finished file. A stream that stays
// small is scanned on this thread at its end (a thread costs more to start than it saves).
import { extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { WrittenFileScan, type SecretFinding } from './scanning';

const WORKER = join(__dirname, `stream-scan-worker${extname(__filename)}`);
/** Bytes held before a thread is started, and then per message to it. */
const BATCH = 1024 * 1024;

/** A file scanned as it was written: its findings, as the scan of the finished file gives them. */
export interface ScannedFile {
  file: string;
  findings: SecretFinding[];
}

export class StreamScan {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private worker: Worker | undefined;
  private result: Promise<SecretFinding[]> | undefined;

  /** `file`: the name the findings give it (as the scan of its folder names it). */
  constructor(
    private readonly file: string,
    private readonly secrets: readonly string[],
  ) {}

  /** The next text written to the file. */
  write = (text: string): void => {
    const bytes = Buffer.from(text, 'utf8');
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
    if (this.pendingBytes >= BATCH) this.post();
  };

  /** The file is complete: its findings; undefined when the scan failed (the file is then scanned again after the run). */
  async end(): Promise<ScannedFile | undefined> {
    if (!this.worker) {
      const scan = new WrittenFileScan(this.file, this.secrets);
      this.pending.forEach((b) => scan.write(b));
      this.pending = [];
      return { file: this.file, findings: scan.end() };
    }
    this.post();
    this.worker.postMessage('end');
    try {
      return { file: this.file, findings: await this.result! };
    } catch {
      return undefined;
    }
  }

  private post(): void {
    if (!this.worker) {
      this.worker = new Worker(WORKER, { workerData: { file: this.file, secrets: this.secrets } });
      const worker = this.worker;
      this.result = new Promise((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.once('exit', (code) => reject(new Error(`stream scan: the thread stopped with exit code ${code}`)));
      });
      this.result.catch(() => undefined); // awaited by end()
    }
    if (this.pendingBytes === 0) return;
    const batch = Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    const own = batch.byteOffset === 0 && batch.byteLength === batch.buffer.byteLength;
    this.worker.postMessage(batch, own ? [batch.buffer as ArrayBuffer] : []);
  }
}
