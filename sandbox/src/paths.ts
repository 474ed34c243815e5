// The sandbox's folders, found from this file whether it runs as TypeScript (sandbox/src) or
// compiled once (build/sandbox/src). The sandbox shares no code with the suite, so it finds them itself.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The folder with package.json, upwards from here. */
export const REPO_ROOT = (() => {
  for (let dir = __dirname; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${__dirname}`);
  }
})();

export const DEFAULT_DATA_DIR = join(REPO_ROOT, 'sandbox', 'data');
