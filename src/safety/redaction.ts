// Masking (masking.ts) and scanning (scanning.ts) under the one name their importers know.
export { MASK, Redactor } from './masking';
export { base64Fragments, type IgnoredSecret, type SecretEncoding } from './secret-forms';
export { formatFindings, listFiles, scanFiles, scanForSecrets, type SecretFinding } from './scanning';
