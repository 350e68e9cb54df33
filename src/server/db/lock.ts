// Two processes on one PGlite folder silently lose each other's writes, so the folder is locked by its server. The
// lock is the kernel's (flock on DATA_DIR/pglite.lock), not a pid in a file (issue 18): a pid says nothing across
// PID namespaces (two containers on one volume are each pid 1) or hosts, while a kernel lock is held by the open file
// itself, whatever the pid, and the kernel lets it go the moment the holder dies, even on SIGKILL. The file names
// the holder (pid, host) for the refusal's message only. Where the `flock` command is missing (not Linux), a pid
// file is the fallback, with its known limits.
import { spawnSync } from 'node:child_process';
import { closeSync, ftruncateSync, mkdirSync, openSync, readFileSync, readlinkSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    /** Who holds it, as the lock file says ("process 123 on host web-1"), or null when it says nothing readable. */
    readonly holder: string | null,
  ) {
    super(
      `The data folder ${dataDir} is in use by another Vivu server (${holder ?? 'a process that did not say which'}). ` +
        'Stop that server first, or start this one with DATA_DIR set to another folder, ' +
        'or with DATABASE_URL pointing at a PostgreSQL server.',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  path: string;
  /** 'flock': the kernel's lock; 'pidfile': the fallback where flock is missing. */
  kind: 'flock' | 'pidfile';
  release(): void;
}

/** The PID namespace of this process (`pid:[4026531836]`), so a holder in another one is named as such. */
function pidNamespace(): string {
  try {
    return readlinkSync('/proc/self/ns/pid');
  } catch {
    return '';
  }
}

/** What the lock file says of its holder. */
function describeHolder(pid: number): string {
  const namespace = pidNamespace();
  return `process ${pid} on host ${hostname()}${namespace ? ` in PID namespace ${namespace}` : ''}`;
}

function readHolder(path: string): string | null {
  try {
    const text = readFileSync(path, 'utf8').trim();
    return text ? text.split('\n')[0]?.slice(0, 300) || null : null;
  } catch {
    return null;
  }
}

/**
 * flock(1) on our descriptor, passed to it as its fd 3: the child locks the open file description it shares with
 * us and exits, and the lock stays with that description (ours) until we close it or die. 'taken', 'held' by
 * someone else, or 'unavailable' (no flock command).
 */
function flockDescriptor(fd: number): 'taken' | 'held' | 'unavailable' {
  const HELD = 75;
  const result = spawnSync('flock', ['--nonblock', '--conflict-exit-code', String(HELD), '3'], {
    stdio: ['ignore', 'ignore', 'pipe', fd],
  });
  if (result.error) return 'unavailable';
  if (result.status === 0) return 'taken';
  if (result.status === HELD) return 'held';
  throw new Error(`flock failed on the data folder's lock: ${result.stderr?.toString().trim() || `exit ${result.status}`}`);
}

export function lockDataDir(dataDir: string, pid: number = process.pid): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'pglite.lock');
  // Opened without truncating: until we hold the lock, the file speaks for its holder.
  const fd = openSync(path, 'a+', 0o600);
  const outcome = flockDescriptor(fd);
  if (outcome === 'held') {
    closeSync(fd);
    throw new DataDirLockedError(dataDir, readHolder(path));
  }
  if (outcome === 'unavailable') {
    closeSync(fd);
    return pidFileLock(dataDir, path, pid);
  }
  ftruncateSync(fd, 0);
  writeSync(fd, `${describeHolder(pid)}\n`);
  let released = false;
  return {
    path,
    kind: 'flock',
    release() {
      if (released) return;
      released = true;
      // The file stays: removing it while another starter has it open would let two hold locks on two files.
      ftruncateSync(fd, 0);
      closeSync(fd);
    },
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The fallback without flock: a pid file taken with O_EXCL; a dead holder's file is taken over. Same host only. */
function pidFileLock(dataDir: string, lockPath: string, pid: number): DataDirLock {
  const path = `${lockPath}.pid`;
  const ownerOf = () => {
    try {
      const owner = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
      return Number.isInteger(owner) && owner > 0 ? owner : null;
    } catch {
      return null;
    }
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, `${pid}\n`);
      closeSync(fd);
      return {
        path,
        kind: 'pidfile',
        release() {
          if (ownerOf() === pid) unlinkSync(path);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = ownerOf();
    if (owner !== null && owner !== pid && isAlive(owner)) throw new DataDirLockedError(dataDir, `process ${owner}`);
    try {
      unlinkSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new Error(`Could not take the lock ${path}: another process keeps creating it.`);
}
