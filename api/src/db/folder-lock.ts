import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

/**
 * One process per PGlite folder (issue 19): PGlite is PostgreSQL in this process, with nothing to
 * stop a second process from opening the same files and corrupting them. `<folder>.lock` holds the
 * owner's pid, created exclusively; a lock whose process is gone (killed) is taken over.
 * Returns the release function.
 */
export function lockDataFolder(dataDir: string): () => void {
  const lockFile = `${dataDir.replace(/\/+$/, '')}.lock`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockFile, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(lockFile, 'utf8') === String(process.pid)) unlinkSync(lockFile);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockFile, 'utf8'));
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner)) {
        throw new Error(
          `The database folder ${dataDir} is in use by process ${owner}: stop it first (one process per PGlite folder), or use DATABASE_URL.`,
        );
      }
      unlinkSync(lockFile); // left by a process that no longer runs
    }
  }
  throw new Error(`Could not lock the database folder ${dataDir}.`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
