// A data folder's PGlite on a thread of its own: PGlite runs PostgreSQL as WebAssembly on the thread that calls it,
// so on the server's thread a burst of bookings held every other request, `/api/health` included, for up to a second.
// Here the server's thread only sends each statement to the database's thread and takes the answer back, and keeps
// serving requests meanwhile. The client below answers the part of PGlite's interface that Drizzle uses (`query`,
// `exec`, `transaction`, `close`); the database is PGlite's single session, so statements are taken one at a time,
// and a transaction holds the session from its BEGIN to its COMMIT or ROLLBACK, as PGlite's own client does.
import { Worker } from 'node:worker_threads';
import { asksOnlyText, DRIZZLE_TEXT_TYPES } from './pglite-text';

/** What a statement answers: PGlite's own result (rows, fields, affected rows), as the thread sent it. */
export interface ThreadResults<T = Record<string, unknown>> {
  rows: T[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

export interface ThreadQueryOptions {
  rowMode?: 'array' | 'object';
  /**
   * Drizzle's parsers keep some types as PostgreSQL's text (timestamps, dates, intervals and their arrays): each is the
   * identity. A function cannot cross to the thread: the database is opened with those of pglite-text.ts, and the
   * thread keeps as text each type of any other parsers given here.
   */
  parsers?: Record<number, unknown>;
}

/** The session inside a transaction: its statements go straight to the database, which the transaction holds. */
export interface ThreadTransaction {
  query<T>(sql: string, params?: unknown[], options?: ThreadQueryOptions): Promise<ThreadResults<T>>;
  exec(sql: string): Promise<ThreadResults[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

type Request =
  | { op: 'query'; sql: string; params: unknown[]; rowMode: 'array' | 'object'; text: number[] }
  | { op: 'exec'; sql: string }
  | { op: 'close' };

type Reply = { id: number; result: unknown } | { id: number; error: Record<string, unknown> } | { ready: true };

/**
 * The thread's code, evaluated as a script (it then imports PGlite by the path it is handed): a file of its own would
 * need a build step of its own, and the tests run the sources. Each request is answered in the order it came; a
 * refusal's fields (PostgreSQL's SQLSTATE `code`, `constraint`, `detail`…) travel with its message.
 */
const THREAD_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
if (workerData.clock) {
  const RealDate = Date;
  const realNow = RealDate.now.bind(RealDate);
  const now = () => realNow() + Number(Atomics.load(workerData.clock, 0));
  globalThis.Date = new Proxy(RealDate, {
    construct: (target, args, newTarget) => Reflect.construct(target, args.length ? args : [now()], newTarget),
    apply: () => new RealDate(now()).toString(),
    get: (target, key, receiver) => (key === 'now' ? now : Reflect.get(target, key, receiver)),
  });
}
(async () => {
  const { PGlite } = await import(workerData.pglite);
  const same = (value) => value;
  const db = new PGlite(workerData.folder, {
    startParams: workerData.startParams,
    parsers: Object.fromEntries(workerData.textTypes.map((oid) => [oid, same])),
  });
  try {
    await db.waitReady;
  } catch (error) {
    parentPort.postMessage({ id: 0, error: { message: String(error && error.message || error) } });
    return;
  }
  const plain = (error) => {
    const fields = { message: String(error && error.message || error) };
    for (const [key, value] of Object.entries(error || {}))
      if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
    return fields;
  };
  let turn = Promise.resolve();
  parentPort.on('message', (request) => {
    turn = turn.then(async () => {
      try {
        let result;
        if (request.op === 'query')
          result = await db.query(
            request.sql,
            request.params,
            request.text.length === 0
              ? { rowMode: request.rowMode }
              : { rowMode: request.rowMode, parsers: Object.fromEntries(request.text.map((oid) => [oid, same])) },
          );
        else if (request.op === 'exec') result = await db.exec(request.sql);
        else {
          await db.close();
          result = null;
        }
        parentPort.postMessage({ id: request.id, result });
      } catch (error) {
        parentPort.postMessage({ id: request.id, error: plain(error) });
      }
    });
  });
  parentPort.postMessage({ ready: true });
})().catch((error) => parentPort.postMessage({ id: 0, error: { message: String(error && error.message || error) } }));
`;

/**
 * Where a process runs its clock ahead of real time (the browser tests' server, tests/e2e/serve.mjs, to pass a payment
 * window without waiting it out), the milliseconds ahead, shared: the database's thread runs its clock as far ahead,
 * so the database's now() stays the server's, as it was with the database on the server's thread. A server that
 * does not set it (production) passes no clock, and the thread keeps the real one.
 */
const CLOCK_OFFSET = Symbol.for('vivu.clock-offset-ms');

function sharedClockOffset(): BigInt64Array | undefined {
  const offset = (globalThis as Record<symbol, unknown>)[CLOCK_OFFSET];
  return offset instanceof BigInt64Array && offset.buffer instanceof SharedArrayBuffer ? offset : undefined;
}

/** A refusal from the database's thread, with the fields PGlite gave it. */
function errorFrom(fields: Record<string, unknown>): Error {
  const { message, ...rest } = fields;
  return Object.assign(new Error(String(message)), rest);
}

export class PgliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  #next = 1;
  /** The session's turn: each statement outside a transaction, and each transaction whole, waits for the one before. */
  #turn: Promise<unknown> = Promise.resolve();
  #ended: Error | undefined;
  readonly waitReady: Promise<void>;

  private constructor(folder: string, startParams: string[]) {
    this.#worker = new Worker(THREAD_CODE, {
      eval: true,
      workerData: {
        folder,
        startParams,
        textTypes: DRIZZLE_TEXT_TYPES,
        pglite: import.meta.resolve('@electric-sql/pglite'),
        clock: sharedClockOffset(),
      },
    });
    let ready!: () => void;
    let failed!: (error: Error) => void;
    this.waitReady = new Promise<void>((resolve, reject) => {
      ready = resolve;
      failed = reject;
    });
    this.#worker.on('message', (reply: Reply) => {
      if ('ready' in reply) return ready();
      if (reply.id === 0 && 'error' in reply) return failed(errorFrom(reply.error));
      const waiting = this.#pending.get(reply.id);
      if (!waiting) return;
      this.#pending.delete(reply.id);
      if ('error' in reply) waiting.reject(errorFrom(reply.error));
      else waiting.resolve(reply.result);
    });
    const end = (error: Error) => {
      this.#ended ??= error;
      failed(error);
      for (const waiting of this.#pending.values()) waiting.reject(error);
      this.#pending.clear();
    };
    this.#worker.on('error', end);
    this.#worker.on('exit', (code) => end(new Error(`The database's thread ended (exit code ${code})`)));
  }

  /** Starts the database of `folder` (a cluster made already) on its thread. */
  static async open(folder: string, startParams: string[]): Promise<PgliteThread> {
    const thread = new PgliteThread(folder, startParams);
    try {
      await thread.waitReady;
    } catch (error) {
      await thread.#worker.terminate();
      throw error;
    }
    return thread;
  }

  #send(request: Request): Promise<unknown> {
    if (this.#ended) return Promise.reject(this.#ended);
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  #inTurn<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#turn.then(work);
    this.#turn = run.catch(() => {});
    return run;
  }

  #query<T>(sql: string, params: unknown[] = [], options: ThreadQueryOptions = {}): Promise<ThreadResults<T>> {
    return this.#send({
      op: 'query',
      sql,
      params,
      rowMode: options.rowMode ?? 'object',
      // Parsers the database was opened with are not sent again (asked for each statement, they cost PGlite's merge).
      text: asksOnlyText(options.parsers) ? [] : Object.keys(options.parsers ?? {}).map(Number),
    }) as Promise<ThreadResults<T>>;
  }

  #exec(sql: string): Promise<ThreadResults[]> {
    return this.#send({ op: 'exec', sql }) as Promise<ThreadResults[]>;
  }

  query<T>(sql: string, params?: unknown[], options?: ThreadQueryOptions): Promise<ThreadResults<T>> {
    return this.#inTurn(() => this.#query<T>(sql, params, options));
  }

  exec(sql: string): Promise<ThreadResults[]> {
    return this.#inTurn(() => this.#exec(sql));
  }

  /** Runs `callback` in a transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    return this.#inTurn(async () => {
      await this.#exec('BEGIN');
      let closed = false;
      const tx: ThreadTransaction = {
        query: (sql, params, options) => this.#query(sql, params, options),
        exec: (sql) => this.#exec(sql),
        rollback: async () => {
          await this.#exec('ROLLBACK');
          closed = true;
        },
        get closed() {
          return closed;
        },
      };
      try {
        const result = await callback(tx);
        if (!closed) await this.#exec('COMMIT');
        return result;
      } catch (error) {
        if (!closed) await this.#exec('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        closed = true;
      }
    });
  }

  /** Closes the database (after the statements already sent) and ends its thread. */
  async close(): Promise<void> {
    try {
      await this.#inTurn(() => this.#send({ op: 'close' }));
    } finally {
      await this.#worker.terminate();
    }
  }
}
