// Two processes on one PGlite folder silently lose each other's writes, so the folder is locked by its server with
// the kernel's flock(2) on DATA_DIR/pglite.lock, called in-process through the koffi FFI. A pid says nothing across
// PID namespaces (two containers on one volume are each pid 1) or hosts, while a kernel lock is held by the open file
// itself, whatever the pid, and the kernel lets it go the moment the holder dies, even on SIGKILL. The file names the
// holder (pid, host) for the refusal's message only. Where no kernel lock can be taken (the binding or libc does not
// load, the file system refuses flock) the server refuses to start: there is no weaker fallback.
import { closeSync, ftruncateSync, mkdirSync, openSync, readFileSync, readlinkSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type * as Koffi from 'koffi';

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

/** No kernel lock can be taken on the folder, so nothing would stop a second server: this one does not start. */
export class DataDirUnlockableError extends Error {
  constructor(
    readonly dataDir: string,
    /** Why, e.g. "flock(2) failed with ENOLCK (errno 37)". */
    readonly reason: string,
  ) {
    super(
      `The data folder ${dataDir} cannot be locked: ${reason}. Without the kernel's lock a second server on the same ` +
        'folder would lose acknowledged bookings, so this server does not start. Put DATA_DIR on a local file system ' +
        'that supports flock(2), or start with DATABASE_URL pointing at a PostgreSQL server.',
    );
    this.name = 'DataDirUnlockableError';
  }
}

export interface DataDirLock {
  path: string;
  release(): void;
}

/** flock(2) and the errno it left, as the kernel (through libc) gives them. */
export interface KernelFlock {
  flock(fd: number, operation: number): number;
  errno(): number;
  /** The platform's errno numbers by name (EWOULDBLOCK, EINTR, ...). */
  errnoNames: Record<string, number>;
}

// <sys/file.h>: the same values on every platform Node runs on.
const LOCK_EX = 2;
const LOCK_NB = 4;

let kernel: KernelFlock | Error | undefined;

/** libc's flock through koffi, loaded once; an Error says why it could not be (no binary for this platform, no libc). */
export function kernelFlock(): KernelFlock | Error {
  if (kernel) return kernel;
  try {
    const koffi = createRequire(import.meta.url)('koffi') as typeof Koffi;
    // The process's own symbols: libc is linked into node, whichever libc (glibc, musl) it is.
    const flock = koffi.load(null).func('int flock(int fd, int operation)') as (fd: number, operation: number) => number;
    kernel = { flock, errno: () => koffi.errno(), errnoNames: koffi.os.errno };
  } catch (error) {
    kernel = new Error(`flock(2) could not be loaded through koffi (${(error as Error).message.split('\n')[0]})`);
  }
  return kernel;
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

/** An exclusive lock on the open file `fd` without waiting: 'taken', 'held' by another open file, or why it failed. */
function flockExclusive(flock: KernelFlock, fd: number): 'taken' | 'held' | { failed: string } {
  const { EWOULDBLOCK, EAGAIN, EINTR } = flock.errnoNames;
  // A non-blocking flock is interrupted only by a signal arriving during the call itself: try again.
  for (let attempt = 0; attempt < 5; attempt++) {
    if (flock.flock(fd, LOCK_EX | LOCK_NB) === 0) return 'taken';
    const errno = flock.errno();
    if (errno === EWOULDBLOCK || errno === EAGAIN) return 'held';
    if (errno === EINTR) continue;
    const name = Object.entries(flock.errnoNames).find(([, value]) => value === errno)?.[0] ?? 'an unknown error';
    return { failed: `flock(2) failed with ${name} (errno ${errno})` };
  }
  return { failed: 'flock(2) was interrupted on every try' };
}

export function lockDataDir(dataDir: string, options: { pid?: number; kernel?: KernelFlock | Error } = {}): DataDirLock {
  const flock = options.kernel ?? kernelFlock();
  if (flock instanceof Error) throw new DataDirUnlockableError(dataDir, flock.message);
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'pglite.lock');
  // Opened without truncating: until we hold the lock, the file speaks for its holder.
  const fd = openSync(path, 'a+', 0o600);
  const outcome = flockExclusive(flock, fd);
  if (outcome !== 'taken') {
    closeSync(fd);
    if (outcome === 'held') throw new DataDirLockedError(dataDir, readHolder(path));
    throw new DataDirUnlockableError(dataDir, outcome.failed);
  }
  ftruncateSync(fd, 0);
  writeSync(fd, `${describeHolder(options.pid ?? process.pid)}\n`);
  let released = false;
  return {
    path,
    release() {
      if (released) return;
      released = true;
      // The file stays: removing it while another starter has it open would let two hold locks on two files.
      ftruncateSync(fd, 0);
      closeSync(fd);
    },
  };
}
