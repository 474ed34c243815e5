// Reproducers: shell scripts that send a scenario's requests again with curl, outside the suite,
// built from the evidence stream (the masked request head and body of each exchange). The
// password is never in them: the script reads $OTA_PASSWORD (XML-escaped for the body) and the
// other credentials travel as they were sent. The base URL defaults to the one the run used and
// may be overridden with $OTA_BASE_URL.
import type { ExchangeEvidence } from './collect';
import { parseRequestHead } from './stream';

/** One request as the stream holds it, ready to send again. */
export interface ReproducibleRequest {
  /** How the script names it: the exchange's number ("3"), or attempt and number ("2.3"). */
  label: string;
  operation: string;
  /** The run's base URL (without the operation's path). */
  baseUrl: string;
  /** The operation's path, "/hotelavailability". */
  path: string;
  headers: Record<string, string>;
  /** The request body as attached: MessagePassword masked, every other byte as sent. */
  maskedBody: string;
}

/** The request of an exchange, when the stream holds its head and body. */
export function reproducibleRequest(evidence: ExchangeEvidence, label = String(evidence.n)): ReproducibleRequest | undefined {
  if (evidence.requestHead === undefined || evidence.request === undefined) return undefined;
  const { url, headers } = parseRequestHead(evidence.requestHead);
  const path = `/${evidence.operation}`;
  const baseUrl = url.endsWith(path) ? url.slice(0, -path.length) : url;
  return { label, operation: evidence.operation, baseUrl, path: url.endsWith(path) ? path : '', headers, maskedBody: evidence.request };
}

/** The placeholder the masked request carries where MessagePassword was. */
const MASKED = /(MessagePassword\s*=\s*)(["'])\*{8}\2/g;

/** Quotes a string for a POSIX shell (single quotes). */
const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** A line of a comment: no line break, no control character. */
const comment = (s: string) => s.replace(/[\u0000-\u001f\u007f]+/g, ' ');

const PRELUDE = [
  '# Needs OTA_PASSWORD (never written here); OTA_BASE_URL overrides the target of the run.',
  'set -euo pipefail',
  ': "${OTA_PASSWORD:?set OTA_PASSWORD to the gateway password}"',
  `PW=$(printf '%s' "$OTA_PASSWORD" | sed -e 's/&/\\&amp;/g' -e 's/</\\&lt;/g' -e 's/"/\\&quot;/g' -e "s/'/\\&apos;/g")`,
];

/** The shell lines that send one request (the body split around the password, so no expansion touches the rest). */
function sendLines(reproducibleRequest: ReproducibleRequest): string[] {
  const headers = { 'content-type': 'application/xml; charset=utf-8', ...reproducibleRequest.headers };
  const parts = reproducibleRequest.maskedBody.split(MASKED);
  const pieces: string[] = [];
  for (let i = 0; i < parts.length; i += 3) {
    pieces.push(`printf '%s' ${shellQuote(parts[i])}`);
    if (i + 2 < parts.length)
      pieces.push(`printf '%s%s%s%s' ${shellQuote(parts[i + 1])} ${shellQuote(parts[i + 2])} "$PW" ${shellQuote(parts[i + 2])}`);
  }
  const base = reproducibleRequest.baseUrl.replace(/["$`\\]/g, '\\$&');
  return [
    '{',
    ...pieces.map((p) => `  ${p}`),
    `} | curl -sS -i -X POST "\${OTA_BASE_URL:-${base}}${reproducibleRequest.path}" ${Object.entries(headers)
      .map(([k, v]) => `-H ${shellQuote(`${k}: ${v}`)}`)
      .join(' ')} --data-binary @-`,
  ];
}

/** A script that sends one request (as Allure shows it beside its exchange). */
export function curlReproducer(reproducibleRequest: ReproducibleRequest): string {
  return [
    '#!/usr/bin/env bash',
    `# Reproduces the ${reproducibleRequest.operation} request of the conformance run: ${reproducibleRequest.path || reproducibleRequest.baseUrl}.`,
    ...PRELUDE,
    ...sendLines(reproducibleRequest),
    '',
  ].join('\n');
}

/**
 * A script that sends a scenario's requests again: every request of its last attempt by default,
 * in order, or those named on its command line (`bash <file> 2 3`; `1.2` is attempt 1's second).
 */
export function scenarioReproducer(
  scenario: { name: string; id: string },
  requests: readonly ReproducibleRequest[],
  defaults: readonly string[],
): string {
  const cases = requests.flatMap((r) => [
    `    ${shellQuote(r.label)})`,
    `      echo ${shellQuote(`# exchange ${r.label}: ${r.operation} POST ${r.path}`)} >&2`,
    ...sendLines(r).map((l) => `      ${l}`),
    '      ;;',
  ]);
  const labels = requests.map((r) => r.label).join(' ');
  return [
    '#!/usr/bin/env bash',
    `# Reproduces the requests of the scenario "${comment(scenario.name)}" (${comment(scenario.id)}) of the conformance run.`,
    `# Usage: bash <this file> [exchange...]: the exchanges ${defaults.join(' ')} by default, in order; this scenario's: ${labels}.`,
    ...PRELUDE,
    'send() {',
    '  case "$1" in',
    ...cases,
    `    *) echo "no exchange $1 in this scenario (it has: ${labels})" >&2; return 2 ;;`,
    '  esac',
    '}',
    `if [ "$#" -eq 0 ]; then set -- ${defaults.map(shellQuote).join(' ')}; fi`,
    'first=1',
    'for n in "$@"; do',
    '  if [ -z "$first" ]; then printf \'\\n\'; fi',
    '  first=',
    '  send "$n"',
    'done',
    '',
  ].join('\n');
}
