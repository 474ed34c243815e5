// How a test starts a node process that loads the project's TypeScript: with the caching require
// hook the unit tests themselves run under (scripts/register-ts.js).
import { join } from 'node:path';

export const LOAD_TYPESCRIPT: readonly string[] = ['-r', join(__dirname, '..', '..', 'scripts', 'register-ts.js')];
