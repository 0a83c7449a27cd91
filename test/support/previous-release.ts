import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const repo = join(__dirname, '..', '..');

/** The previous release: the commit named in .ci/previous-release, moved at each release. */
export const PREVIOUS_RELEASE = readFileSync(join(repo, '.ci/previous-release'), 'utf8').trim();

/**
 * The previous release's sources (git archive of the commit) in a new temporary folder, run from source with this
 * tree's node_modules (`root` of support/processes.ts). The caller removes the folder.
 */
export function previousRelease(): string {
  const dir = mkdtempSync(join(tmpdir(), 'metacatalog-previous-'));
  execFileSync('sh', ['-c', `git -C "${repo}" archive "${PREVIOUS_RELEASE}" | tar -x -C "${dir}"`]);
  symlinkSync(join(repo, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}
