import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, DataDirUnlockableError, kernelFlock, lockDataDir, type KernelFlock } from './lock';

let dir: string;
/** A PATH holding node alone: no flock command, nor anything else the lock could run. */
let bareBin: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'vivu-lock-'));
  bareBin = mkdtempSync(join(tmpdir(), 'vivu-bin-'));
  symlinkSync(process.execPath, join(bareBin, 'node'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(bareBin, { recursive: true, force: true });
});

/** The real kernel's flock, with errno answers replaced from the given list (then the real ones again). */
function kernelAnswering(errnos: string[]): KernelFlock & { calls: number } {
  const real = kernelFlock();
  if (real instanceof Error) throw real;
  const scripted = {
    calls: 0,
    errnoNames: real.errnoNames,
    flock(fd: number, operation: number) {
      scripted.calls++;
      return errnos.length > 0 ? -1 : real.flock(fd, operation);
    },
    errno() {
      const name = errnos.shift();
      return name ? real.errnoNames[name]! : real.errno();
    },
  };
  return scripted;
}

describe('the data folder lock', () => {
  it('loads flock(2) itself, through the FFI, with the platform errno numbers', () => {
    const kernel = kernelFlock();
    expect(kernel).not.toBeInstanceOf(Error);
    expect((kernel as KernelFlock).errnoNames.EWOULDBLOCK).toBe(process.platform === 'linux' ? 11 : expect.any(Number));
  });

  it('holds the kernel lock with no command on the PATH, names its holder, and empties the file on release', () => {
    const path = process.env.PATH;
    process.env.PATH = bareBin;
    try {
      const lock = lockDataDir(dir);
      expect(readFileSync(lock.path, 'utf8')).toMatch(new RegExp(`^process ${process.pid} on host ${hostname()}`));
      // A second holder in the same process is refused too: the lock is the open file's, not the pid's.
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(`(process ${process.pid} on host ${hostname()}`);
      lock.release();
      expect(readFileSync(lock.path, 'utf8')).toBe('');
      lockDataDir(dir).release();
    } finally {
      process.env.PATH = path;
    }
  });

  it('refuses a folder another process holds, naming it, and takes it the moment that process is killed', async () => {
    const script = `
      const { lockDataDir } = await import(${JSON.stringify(new URL('./lock.ts', import.meta.url).href)});
      lockDataDir(${JSON.stringify(dir)});
      process.stdout.write('locked');
      setInterval(() => {}, 1000);`;
    const holder = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env: { ...process.env, PATH: bareBin },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      await new Promise<void>((resolve, reject) => {
        holder.stdout.on('data', (chunk: Buffer) => (chunk.toString().includes('locked') ? resolve() : undefined));
        holder.on('exit', (code) => reject(new Error(`the holder exited (${code})`)));
      });
      expect(() => lockDataDir(dir)).toThrow(
        new RegExp(`${dir} is in use by another Vivu server \\(process ${holder.pid} on host`),
      );
      const exited = new Promise((resolve) => holder.on('exit', resolve));
      holder.kill('SIGKILL');
      await exited;
      const lock = lockDataDir(dir);
      expect(readFileSync(lock.path, 'utf8')).toMatch(new RegExp(`^process ${process.pid} `));
      lock.release();
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('takes a folder whose lock file names a process that is gone, or says nothing readable', () => {
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    for (const content of [`${dead}\n`, `process ${dead} on host elsewhere\n`, 'garbage']) {
      writeFileSync(join(dir, 'pglite.lock'), content);
      const lock = lockDataDir(dir);
      expect(readFileSync(lock.path, 'utf8')).toMatch(new RegExp(`^process ${process.pid} `));
      lock.release();
    }
  });

  it('refuses to start, saying why, where the kernel will not lock the file, and leaves the file as it was', () => {
    writeFileSync(join(dir, 'pglite.lock'), 'process 7 on host elsewhere\n');
    const kernel = kernelAnswering(['ENOLCK']);
    const refusal = (() => {
      try {
        lockDataDir(dir, { kernel });
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(DataDirUnlockableError);
    expect((refusal as Error).message).toContain(
      `The data folder ${dir} cannot be locked: flock(2) failed with ENOLCK (errno ${kernel.errnoNames.ENOLCK})`,
    );
    expect(readFileSync(join(dir, 'pglite.lock'), 'utf8')).toBe('process 7 on host elsewhere\n');
    // The file was closed again: nothing of the refused attempt holds it.
    lockDataDir(dir).release();
  });

  it('refuses to start where flock(2) cannot be loaded at all, with the loader’s reason', () => {
    const missing = new Error('flock(2) could not be loaded through koffi (no binary for this platform)');
    expect(() => lockDataDir(join(dir, 'never-made'), { kernel: missing })).toThrow(
      /cannot be locked: flock\(2\) could not be loaded through koffi \(no binary for this platform\)\. .*does not start/,
    );
  });

  it('tries again when a signal interrupts the call, and still tells a held lock from a failure', () => {
    const interrupted = kernelAnswering(['EINTR', 'EINTR']);
    const lock = lockDataDir(dir, { kernel: interrupted });
    expect(interrupted.calls).toBe(3);
    expect(() => lockDataDir(dir, { kernel: kernelAnswering(['EINTR']) })).toThrow(DataDirLockedError);
    lock.release();
    expect(() => lockDataDir(dir, { kernel: kernelAnswering(Array(5).fill('EINTR')) })).toThrow(
      'flock(2) was interrupted on every try',
    );
  });
});
