// A reproducer for every exchange: a shell script that sends the exact request again with curl,
// outside the suite. The password is never in it: the script reads $OTA_PASSWORD (XML-escaped
// for the body) and the other credentials travel as they were sent. The base URL defaults to the
// one the run used and may be overridden with $OTA_BASE_URL.
import type { Exchange } from '../transport/exchange';

/** The placeholder the masked request carries where MessagePassword was. */
const MASKED = /(MessagePassword\s*=\s*)(["'])\*{8}\2/g;

/** Quotes a string for a POSIX shell (single quotes). */
const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * The script for one exchange. `maskedBody` is the request as attached (MessagePassword masked);
 * every other byte of the body is sent as it was.
 */
export function curlReproducer(x: Exchange, maskedBody: string, baseUrl: string): string {
  const headers = { 'content-type': 'application/xml; charset=utf-8', ...(x.reply.exchange?.request.headers ?? {}) };
  // The body is split around the password so no shell expansion ever touches the rest of it.
  const parts = maskedBody.split(MASKED);
  const pieces: string[] = [];
  for (let i = 0; i < parts.length; i += 3) {
    pieces.push(`printf '%s' ${shellQuote(parts[i])}`);
    if (i + 2 < parts.length)
      pieces.push(`printf '%s%s%s%s' ${shellQuote(parts[i + 1])} ${shellQuote(parts[i + 2])} "$PW" ${shellQuote(parts[i + 2])}`);
  }
  return [
    '#!/usr/bin/env bash',
    `# Reproduces the ${x.op.name} request of the conformance run: ${x.op.path}.`,
    '# Needs OTA_PASSWORD (never written here); OTA_BASE_URL overrides the target of the run.',
    'set -euo pipefail',
    ': "${OTA_PASSWORD:?set OTA_PASSWORD to the gateway password}"',
    `BASE_URL="\${OTA_BASE_URL:-${baseUrl.replace(/["$`\\]/g, '\\$&')}}"`,
    `PW=$(printf '%s' "$OTA_PASSWORD" | sed -e 's/&/\\&amp;/g' -e 's/</\\&lt;/g' -e 's/"/\\&quot;/g' -e "s/'/\\&apos;/g")`,
    '{',
    ...pieces.map((p) => `  ${p}`),
    `} | curl -sS -i -X POST "$BASE_URL${x.op.path}" ${Object.entries(headers)
      .map(([k, v]) => `-H ${shellQuote(`${k}: ${v}`)}`)
      .join(' ')} --data-binary @-`,
    '',
  ].join('\n');
}
