// The files a change touched, as git sees them: committed on this branch since it left main (the
// merge base; HEAD itself on main), staged, unstaged and new (untracked, not ignored). Deleted
// files are left out: there is nothing left to check in them.
import { execFileSync } from 'node:child_process';
import { PROJECT_ROOT } from '../../src/run/config';

const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: PROJECT_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
const lines = (s: string) => s.split('\n').filter(Boolean);

/** The revision a change is measured from: the merge base with `main`, else HEAD. */
export function defaultBase(): string {
  try {
    return git('merge-base', 'HEAD', 'main');
  } catch {
    return 'HEAD';
  }
}

/** Changed files against `base`, relative to the project root. Throws when this is not a git checkout. */
export function changedFiles(base: string): string[] {
  const tracked = lines(git('diff', '--name-only', '--diff-filter=d', '--relative', base));
  const untracked = lines(git('ls-files', '--others', '--exclude-standard'));
  return [...new Set([...tracked, ...untracked])].sort();
}
