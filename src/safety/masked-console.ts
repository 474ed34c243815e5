// Nothing a run prints reaches the console raw: process.stdout.write and process.stderr.write are
// wrapped with the redactor's scrub, so the runner's own lines, cucumber's formatters, warnings,
// stack traces and anything a step logs are masked like attachments are. Each process masks its
// own output (cucumber's parallel workers write straight to the inherited terminal), so the
// runner and every worker install it.
import type { Redactor } from './masking';

type Write = typeof process.stdout.write;

let redactor: Redactor | undefined;
let installed = false;

function wrap(stream: NodeJS.WriteStream): void {
  const original = stream.write.bind(stream) as (...args: unknown[]) => boolean;
  const masked = function (this: unknown, chunk: unknown, ...rest: unknown[]): boolean {
    const r = redactor;
    if (r && r.secrets.length > 0) {
      if (typeof chunk === 'string') chunk = r.scrub(chunk);
      else if (chunk instanceof Uint8Array && chunk.length > 0) {
        const text = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('utf8');
        const clean = r.scrub(text);
        if (clean !== text) {
          chunk = clean;
          if (typeof rest[0] === 'string') rest[0] = 'utf8';
        }
      }
    }
    return original(chunk, ...rest);
  };
  stream.write = masked as Write;
}

/**
 * Masks every later write to stdout and stderr of this process with `r` (replacing the redactor of
 * an earlier call: the secrets are the same, the last configuration wins).
 */
export function maskConsole(r: Redactor): void {
  redactor = r;
  if (installed) return;
  installed = true;
  wrap(process.stdout);
  wrap(process.stderr);
}

/** Scrubs with the console's redactor; identity before maskConsole was called. */
export function scrubText(text: string): string {
  return redactor ? redactor.scrub(text) : text;
}
