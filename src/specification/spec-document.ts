// The spec document the catalogue quotes, named by its SHA-256: a certificate binds its verdict to
// the exact words the requirements rest on without reading the spec (the suite never does; only
// the quote test does, and it checks this hash against the file). When the spec changes, the quote
// test fails until the quotes are checked again and this hash is updated.
import { createHash } from 'node:crypto';
import { REQUIREMENTS } from './requirements';

/** The spec the requirements quote: its file name and the SHA-256 of its bytes. */
export const SPEC_DOCUMENT = {
  name: 'gateway-spec.md',
  sha256: 'fffa0d58d0c754ff49bae9c1944f011ef7def24f093f45a49f6cde7b666dcecd',
} as const;

/** The SHA-256 of the spec's words as the catalogue quotes them: each requirement's ID and quote, one a line, in catalogue order. */
export function quotesSha256(): string {
  const lines = REQUIREMENTS.flatMap((r) => (r.basis.kind === 'spec' ? [`${r.id}\t${r.basis.quote}`] : []));
  return createHash('sha256').update(lines.join('\n'), 'utf8').digest('hex');
}
