// A call the server refuses for lack of capacity rather than for anything the caller did: 503 with Retry-After and
// the contract's "server is busy" message (http/errors.ts answers it wherever it is thrown).

export class ServerBusy extends Error {
  constructor(
    /** When trying again is worth it. */
    readonly retryAfterSeconds: number,
    what: string,
  ) {
    super(`server busy: ${what}`);
    this.name = 'ServerBusy';
  }
}
