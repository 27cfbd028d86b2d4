// One framed Thrift connection to a DataNode: sends requests (generated-code frames or the codec's
// prebuilt insert frames), matches replies to requests by seqid, bounds every request by a
// timeout, and fails every request in flight once the socket breaks.
import type net from "node:net";
import type tls from "node:tls";
import { ConnectionError, EncodeError, TimeoutError, type EndPoint, type Status } from "./errors.js";
import type { TSStatus } from "./gen/client_types.js";
import { oneOfOption, positiveOption } from "./options.js";
import { statusError, toStatus } from "./status.js";
import { RpcCodec, type ReplyHeader, type WireProtocol } from "./thrift/rpc-codec.js";
import type { RpcArgs, RpcMethod, RpcResult } from "./thrift/rpc-signatures.js";
import { readReplyHead, type ReplyHead } from "./thrift/status-reply.js";
import { connectSocket } from "./transport/connect.js";
import { FrameReader } from "./transport/frame-reader.js";

export interface ConnectionOptions {
  host: string;
  port: number;
  /** true, or Node TLS options, for TLS. */
  tls?: boolean | tls.ConnectionOptions;
  /** "binary" (default) or "compact" (the Java client's enableRPCCompression). */
  protocol?: WireProtocol;
  /** Default 10,000 ms. */
  connectTimeoutMs?: number;
  /**
   * Time allowed for each reply; a request without a reply by then fails with TimeoutError and the connection is
   * closed. Default 60,000 ms.
   */
  requestTimeoutMs?: number;
  /** Largest reply frame accepted (default 64 MiB, as the Java client). */
  maxFrameSize?: number;
  /**
   * Largest request frame sent (length prefix excluded): the server's dn_thrift_max_frame_size,
   * 512 MiB by default. A larger request is refused with an EncodeError before any byte is sent:
   * the server would close the connection on it.
   */
  maxRequestFrameSize?: number;
  /** Connection.open only: aborting while connecting destroys the socket and rejects with an AbortError. */
  signal?: AbortSignal;
}

export const CONNECTION_DEFAULTS = {
  protocol: "binary" as WireProtocol,
  connectTimeoutMs: 10_000,
  requestTimeoutMs: 60_000,
  maxFrameSize: 64 * 1024 * 1024,
  /** IoTDB 2.0.x's default dn_thrift_max_frame_size (its floor is 8 MiB). */
  maxRequestFrameSize: 512 * 1024 * 1024,
};

const WIRE_PROTOCOLS: readonly WireProtocol[] = ["binary", "compact"];

/** The connection's settings, checked (an OptionError names a bad one) and defaulted. */
export type ResolvedConnectionOptions = Required<
  Pick<ConnectionOptions, "protocol" | "connectTimeoutMs" | "requestTimeoutMs" | "maxFrameSize" | "maxRequestFrameSize">
>;

/**
 * The connection's part of a session's options, as a session resolves them at construction (and
 * Connection again, as it can be made on its own): `protocol` is exactly "binary" or "compact",
 * so every reader of the connection gets the one resolved value.
 */
export function resolveConnectionOptions(options: Omit<ConnectionOptions, "host" | "port">): ResolvedConnectionOptions {
  return {
    protocol: oneOfOption("protocol", options.protocol ?? CONNECTION_DEFAULTS.protocol, WIRE_PROTOCOLS),
    connectTimeoutMs: positiveOption(
      "connectTimeoutMs",
      options.connectTimeoutMs ?? CONNECTION_DEFAULTS.connectTimeoutMs,
      "ms",
    ),
    requestTimeoutMs: positiveOption(
      "requestTimeoutMs",
      options.requestTimeoutMs ?? CONNECTION_DEFAULTS.requestTimeoutMs,
      "ms",
    ),
    maxFrameSize: positiveOption("maxFrameSize", options.maxFrameSize ?? CONNECTION_DEFAULTS.maxFrameSize, "bytes"),
    maxRequestFrameSize: positiveOption(
      "maxRequestFrameSize",
      options.maxRequestFrameSize ?? CONNECTION_DEFAULTS.maxRequestFrameSize,
      "bytes",
    ),
  };
}

/** Bytes of one complete frame, owned by the sender until release() (the Writer's OwnedBytes). */
export interface FrameBytes {
  readonly bytes: Uint8Array;
  release(): void;
}

interface Pending {
  method: RpcMethod;
  resolve(result: unknown): void;
  reject(error: Error): void;
  /** performance.now() by which the reply must be there. */
  deadline: number;
  timeoutMs: number;
  /** The result is a TSStatus the caller takes as a checked Status (sendInsert): an error status rejects. */
  asStatus: boolean;
}

const MAX_SEQID = 0x7fffffff;

/** Written after a frame the socket could not take at once, so that its callback says when the frame went out. */
const FLUSH_MARK = Buffer.alloc(0);

export class Connection {
  readonly endpoint: EndPoint;
  /** The protocol spoken on this connection, as its RPC codec resolved the option (RpcCodec#protocol). */
  readonly protocol: WireProtocol;
  readonly requestTimeoutMs: number;
  readonly maxRequestFrameSize: number;
  private readonly socket: net.Socket;
  private readonly codec: RpcCodec;
  private readonly reader: FrameReader;
  private readonly pending = new Map<number, Pending>();
  private readonly closeListeners: ((error: ConnectionError | undefined) => void)[] = [];
  private seqid = 0;
  /** False after keepProcessAlive(false): the socket is unref'd whenever no request is in flight. */
  private keepAliveIdle = true;
  private closeReason: ConnectionError | undefined;
  /**
   * One timer for every request in flight, due at the earliest deadline it was armed for: a
   * setTimeout/clearTimeout pair per request cost more than the rest of the request bookkeeping.
   * Unreferenced: while a request waits, the socket keeps the process alive.
   */
  private deadlineTimer: NodeJS.Timeout | undefined;
  private deadlineTimerAt = Infinity;

  /** Connects (TCP or TLS) within the connect timeout. */
  static async open(options: ConnectionOptions): Promise<Connection> {
    const { connectTimeoutMs } = resolveConnectionOptions(options); // bad options fail before a socket exists
    const connected = await connectSocket({
      host: options.host,
      port: options.port,
      tls: options.tls,
      connectTimeoutMs,
      signal: options.signal,
    });
    const connection = new Connection(connected.socket, options);
    // A plain TCP socket reads into the process's shared buffer or the frame being assembled (no 'data' events).
    connected.sharedReads?.attach({
      receive: connection.receive,
      room: () => connection.reader.room(),
      filled: connection.filled,
    });
    return connection;
  }

  /**
   * Wraps an already connected socket, reading its 'data' events (Connection.open is the usual
   * way: it connects within the connect timeout and reads a TCP socket into a shared buffer).
   */
  constructor(socket: net.Socket, options: ConnectionOptions) {
    this.socket = socket;
    this.endpoint = { host: options.host, port: options.port };
    const { protocol, requestTimeoutMs, maxFrameSize, maxRequestFrameSize } = resolveConnectionOptions(options);
    this.requestTimeoutMs = requestTimeoutMs;
    this.maxRequestFrameSize = maxRequestFrameSize;
    this.codec = new RpcCodec(protocol);
    this.protocol = this.codec.protocol; // one value for the generated code, insert frames and insert replies
    this.reader = new FrameReader(maxFrameSize, (frame, inChunk) => this.onFrame(frame, inChunk));
    socket.on("data", this.receive);
    let socketError: Error | undefined;
    socket.on("error", (e) => (socketError = e));
    socket.on("close", () => {
      const detail = socketError ? `: ${socketError.message}` : " by the server";
      this.fail(new ConnectionError(`connection to ${this.where} closed${detail}`, { cause: socketError }));
    });
  }

  /**
   * Takes incoming bytes; a chunk may be a shared read buffer, valid only during the call (FrameReader copies what it
   * keeps).
   */
  private readonly receive = (chunk: Buffer): void => {
    try {
      this.reader.push(chunk);
    } catch (e) {
      this.fail(new ConnectionError(`${this.where}: ${(e as Error).message}`, { cause: e }));
    }
  };

  /** Takes `n` bytes a socket read put into the frame being assembled (FrameReader.room()). */
  private readonly filled = (n: number): void => {
    try {
      this.reader.filled(n);
    } catch (e) {
      this.fail(new ConnectionError(`${this.where}: ${(e as Error).message}`, { cause: e }));
    }
  };

  /** True once the connection is closed or broken; every later request fails with ConnectionError. */
  get closed(): boolean {
    return this.closeReason !== undefined;
  }

  /**
   * Gives back the memory of a reply read from this connection (`bytes`: a view of it, e.g. a
   * TsBlock of a query result) once nothing made from the reply views it any more, so that a later
   * large reply is read into it (FrameReader.recycle). Memory that is not such a reply is ignored.
   */
  recycleReply(bytes: Uint8Array): void {
    this.reader.recycle(bytes.buffer);
  }

  /** Requests sent and not answered yet. */
  get inFlight(): number {
    return this.pending.size;
  }

  /**
   * Calls `listener` once when the connection ends: with the ConnectionError when it broke, with
   * undefined when close() ended it.
   */
  onClose(listener: (error: ConnectionError | undefined) => void): void {
    if (this.closeReason !== undefined)
      queueMicrotask(() => listener(this.closeReason === CLOSED_BY_CLIENT ? undefined : this.closeReason));
    else this.closeListeners.push(listener);
  }

  /** @internal The seqid for the next request; prebuilt frames must carry it. Counts from 1 like TServiceClient. */
  nextSeqid(): number {
    this.seqid = this.seqid === MAX_SEQID ? 1 : this.seqid + 1;
    return this.seqid;
  }

  /** @internal Calls `method(args)` through the generated code and resolves with its (unchecked) result. */
  call<M extends RpcMethod>(method: M, args: RpcArgs<M>, timeoutMs?: number): Promise<RpcResult<M>> {
    if (this.closeReason !== undefined) return Promise.reject(this.closedError(method));
    const seqid = this.nextSeqid();
    const frame = this.codec.encodeCall(method, seqid, args);
    return this.request(method, seqid, frame, undefined, timeoutMs, false);
  }

  /**
   * @internal
   * Sends a complete prebuilt frame (length prefix included) that carries `seqid` from
   * nextSeqid(), in one socket write; its buffer is released in the write callback.
   */
  send<M extends RpcMethod>(method: M, seqid: number, frame: FrameBytes, timeoutMs?: number): Promise<RpcResult<M>> {
    if (this.closeReason !== undefined) {
      frame.release();
      return Promise.reject(this.closedError(method));
    }
    return this.request(method, seqid, frame.bytes, frame, timeoutMs, false);
  }

  /**
   * @internal
   * send() for a method whose result is a TSStatus (the inserts), resolving with it as a Status
   * when it is a success (redirect hints included) and rejecting with an IoTDBError otherwise.
   * The usual reply is read by hand (thrift/status-reply.ts); any other goes through the generated reader.
   */
  sendInsert(method: RpcMethod, seqid: number, frame: FrameBytes, timeoutMs?: number): Promise<Status> {
    if (this.closeReason !== undefined) {
      frame.release();
      return Promise.reject(this.closedError(method));
    }
    return this.request(method, seqid, frame.bytes, frame, timeoutMs, true) as Promise<Status>;
  }

  /**
   * Whether the socket keeps the Node process running while no request is in flight (true by
   * default, as any socket; see net.Socket.unref()). A request in flight always does.
   */
  keepProcessAlive(keep: boolean): void {
    this.keepAliveIdle = keep;
    if (keep || this.pending.size > 0) this.socket.ref();
    else this.socket.unref();
  }

  /** Closes the socket; requests in flight fail with ConnectionError. Idempotent. */
  close(): void {
    if (this.closeReason !== undefined) return;
    this.fail(CLOSED_BY_CLIENT);
  }

  private get where(): string {
    return `${this.endpoint.host}:${this.endpoint.port}`;
  }

  private request<M extends RpcMethod>(
    method: M,
    seqid: number,
    bytes: Uint8Array,
    owned: FrameBytes | undefined,
    timeoutMs = this.requestTimeoutMs,
    asStatus: boolean,
  ): Promise<RpcResult<M>> {
    if (this.pending.has(seqid)) {
      owned?.release();
      return Promise.reject(new Error(`seqid ${seqid} is already in flight; take seqids from nextSeqid()`));
    }
    if (bytes.length - 4 > this.maxRequestFrameSize) {
      owned?.release();
      return Promise.reject(
        new EncodeError(
          `${method}: the request frame of ${bytes.length - 4} bytes exceeds maxRequestFrameSize ${this.maxRequestFrameSize} ` +
            `(the server's dn_thrift_max_frame_size; it would close the connection); nothing was sent: split the data into smaller requests`,
        ),
      );
    }
    if (!this.keepAliveIdle && this.pending.size === 0) this.socket.ref();
    return new Promise<RpcResult<M>>((resolve, reject) => {
      const deadline = performance.now() + timeoutMs;
      this.pending.set(seqid, {
        method,
        resolve: resolve as (r: unknown) => void,
        reject,
        deadline,
        timeoutMs,
        asStatus,
      });
      if (deadline < this.deadlineTimerAt) this.armDeadlineTimer(deadline);
      // One write per request. A frame the socket took whole during write() (copied into the
      // kernel, or by TLS into its records: the usual case, nothing left in writableLength) is
      // released at once: a write callback costs a tick per request (bench/client insert cases).
      // Otherwise the callback of an empty write queued behind it says when it went out (or failed).
      this.socket.write(bytes);
      if (owned === undefined) return;
      if (this.socket.writableLength === 0) owned.release();
      else this.socket.write(FLUSH_MARK, () => owned.release());
    });
  }

  /** `inChunk`: the frame is a view of a read buffer that the next read reuses (FrameReader). */
  private onFrame(frame: Buffer, inChunk: boolean): void {
    if (this.closeReason !== undefined) return;
    const head = readReplyHead(frame, this.protocol);
    if (head !== undefined) {
      const pending = this.pending.get(head.seqid);
      const status = pending?.asStatus ? head.status(pending.method) : undefined;
      if (status !== undefined) {
        this.answered(head.seqid);
        settleStatus(pending!, status);
        return;
      }
      // A query's next batch: its body read by hand (fetch-reply.ts, bench read-fetch-5x64k). The
      // TsBlocks are views of the frame, so a frame in the shared read buffer is copied first.
      if (pending?.method === "fetchResultsV2") {
        let body: ReplyHead | undefined = head;
        if (inChunk) {
          frame = Buffer.from(frame);
          inChunk = false;
          body = readReplyHead(frame, this.protocol);
        }
        const resp = body?.fetchResults(pending.method);
        if (resp !== undefined) {
          this.answered(head.seqid);
          pending.resolve(resp);
          return;
        }
      }
    }
    // The generated reader may keep views of the frame (binary fields): it gets a copy of its own.
    if (inChunk) frame = Buffer.from(frame);
    let header: ReplyHeader;
    try {
      header = this.codec.readHeader(frame);
    } catch (e) {
      this.fail(new ConnectionError(`${this.where}: ${(e as Error).message}`, { cause: e }));
      return;
    }
    const pending = this.pending.get(header.seqid);
    if (pending === undefined || pending.method !== header.name) {
      const expected = pending === undefined ? "no request in flight has it" : `expected a reply to ${pending.method}`;
      this.fail(
        new ConnectionError(
          `${this.where}: reply ${header.name} with seqid ${header.seqid}: ${expected} (seqid mismatch)`,
        ),
      );
      return;
    }
    this.answered(header.seqid);
    let result: unknown;
    try {
      result = this.codec.readResult(pending.method, header);
    } catch (e) {
      const error = new ConnectionError(`${this.where}: ${(e as Error).message}`, { cause: e });
      pending.reject(error);
      this.fail(error);
      return;
    }
    if (pending.asStatus) settleStatus(pending, toStatus(result as TSStatus));
    else pending.resolve(result);
  }

  /** A reply to `seqid` arrived: it is no longer in flight (and the last one lets an unref'd socket idle). */
  private answered(seqid: number): void {
    this.pending.delete(seqid);
    if (!this.keepAliveIdle && this.pending.size === 0) this.socket.unref();
  }

  private armDeadlineTimer(at: number): void {
    if (this.deadlineTimer !== undefined) clearTimeout(this.deadlineTimer);
    this.deadlineTimerAt = at;
    this.deadlineTimer = setTimeout(
      () => this.checkDeadlines(),
      Math.max(1, Math.ceil(at - performance.now())),
    ).unref();
  }

  /** Fails the connection on the first request past its deadline; else re-arms for the earliest one. */
  private checkDeadlines(): void {
    this.deadlineTimer = undefined;
    this.deadlineTimerAt = Infinity;
    const now = performance.now();
    let next = Infinity;
    for (const [seqid, pending] of this.pending) {
      if (pending.deadline <= now) {
        this.onTimeout(seqid, pending);
        return;
      }
      next = Math.min(next, pending.deadline);
    }
    if (next !== Infinity) this.armDeadlineTimer(next);
  }

  private onTimeout(seqid: number, pending: Pending): void {
    const timeoutMs = pending.timeoutMs;
    this.pending.delete(seqid);
    pending.reject(new TimeoutError(`${pending.method} to ${this.where}: no reply within ${timeoutMs} ms`, timeoutMs));
    // The reply stream's position is unknown now (a hung server would also hold every later
    // request), so the connection is given up, as the Java client does on a socket timeout.
    this.fail(new ConnectionError(`connection to ${this.where} closed after ${pending.method} timed out`));
  }

  private fail(reason: ConnectionError): void {
    if (this.closeReason !== undefined) return;
    this.closeReason = reason;
    this.socket.destroy();
    clearTimeout(this.deadlineTimer);
    this.deadlineTimer = undefined;
    for (const [seqid, pending] of this.pending) {
      this.pending.delete(seqid);
      pending.reject(this.closedError(pending.method));
    }
    const reported = reason === CLOSED_BY_CLIENT ? undefined : reason;
    for (const listener of this.closeListeners.splice(0)) listener(reported);
  }

  private closedError(method: RpcMethod): ConnectionError {
    const reason = this.closeReason!;
    if (reason === CLOSED_BY_CLIENT) return new ConnectionError(`${method}: the connection to ${this.where} is closed`);
    return new ConnectionError(`${method}: ${reason.message}`, { cause: reason });
  }
}

function settleStatus(pending: Pending, status: Status): void {
  const error = statusError(status, pending.method);
  if (error === undefined) pending.resolve(status);
  else pending.reject(error);
}

/** Marks a close() by the client, as opposed to a broken connection. */
const CLOSED_BY_CLIENT = new ConnectionError("closed by the client");
