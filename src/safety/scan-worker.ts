// A worker thread of src/safety/parallel-scan.ts: scans its share of the files, posts the findings.
import { parentPort, workerData } from 'node:worker_threads';
import { scanFiles } from './scanning';

const { files, secrets } = workerData as { files: string[]; secrets: string[] };
parentPort!.postMessage(scanFiles(files, secrets));
