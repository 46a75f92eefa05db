import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { lockDataFolder } from '../../src/db/folder-lock';

const folder = () => path.join(mkdtempSync(path.join(tmpdir(), 'pglite-lock-')), 'pglite');

describe('lockDataFolder', () => {
  it('refuses a second holder while the first process runs, and frees the folder on release', async () => {
    const dataDir = folder();
    // Another process holds the lock: a child that lives until killed.
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    try {
      writeFileSync(`${dataDir}.lock`, String(other.pid));
      expect(() => lockDataFolder(dataDir)).toThrow(`is in use by process ${other.pid}`);
    } finally {
      other.kill('SIGKILL');
      await new Promise((resolve) => other.once('exit', resolve));
    }
    // Its process is gone: the stale lock is taken over.
    const release = lockDataFolder(dataDir);
    expect(readFileSync(`${dataDir}.lock`, 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  });
});
