// Where a connection's incoming bytes arrive. A plain TCP socket reads into one buffer shared by
// every connection of the process (net.connect's `onread`) instead of Node allocating a buffer
// per read: that allocation was a measurable part of a small request's cost (bench/client,
// insert-tablet-1k-*). A chunk from the shared buffer is valid only until the receiver returns:
// it must consume it synchronously or copy what it keeps (FrameReader copies partial frames;
// Connection copies a whole frame it hands to the generated Thrift reader). Reads run one at a
// time on the event loop, so one buffer serves every socket. While a frame spread over reads is
// being assembled, the next read goes straight into the rest of it instead (the receiver's room):
// bench/client fetch-5000x10, whose ~375 KB replies were otherwise copied from the shared buffer.
// A TLS socket keeps 'data' events, whose chunks are its own.
import type net from "node:net";

/** Bytes one read may fill: a socket read's usual size, so a large reply takes few reads. */
const SHARED_READ_BUFFER_BYTES = 64 * 1024;
let sharedReadBuffer: Buffer | undefined;

/** What a connection does with the bytes its socket reads. */
export interface ChunkReceiver {
  /** A chunk read into the shared buffer: valid only during the call. */
  receive(chunk: Buffer): void;
  /** Where the next read may put its bytes instead (the rest of a frame being assembled), else undefined. */
  room(): Buffer | undefined;
  /** The last read put `n` bytes at the start of the buffer room() gave. */
  filled(n: number): void;
}

function sharedBuffer(): Buffer {
  return (sharedReadBuffer ??= Buffer.allocUnsafe(SHARED_READ_BUFFER_BYTES));
}

/**
 * net.connect's `onread` option: each read goes into the receiver's room or the shared buffer (Node
 * asks for the next read's buffer after each read), and is forwarded to the receiver attached once
 * the connection exists; bytes that arrive before that are copied and kept for it.
 */
export class SharedBufferReads {
  private receiver: ChunkReceiver | undefined;
  private early: Buffer[] = [];

  readonly onread = {
    buffer: (): Buffer => this.receiver?.room() ?? sharedBuffer(),
    callback: (bytesRead: number, buffer: Buffer): boolean => {
      if (buffer !== sharedReadBuffer) {
        this.receiver!.filled(bytesRead);
        return true;
      }
      const chunk = buffer.subarray(0, bytesRead);
      if (this.receiver !== undefined) this.receiver.receive(chunk);
      else this.early.push(Buffer.from(chunk));
      return true;
    },
  };

  attach(receiver: ChunkReceiver): void {
    this.receiver = receiver;
    for (const chunk of this.early.splice(0)) receiver.receive(chunk);
  }
}

/**
 * A connected socket; a plain TCP one reads into the shared buffer (attach a listener once), a TLS one emits 'data'.
 */
export interface ConnectedSocket {
  socket: net.Socket;
  sharedReads: SharedBufferReads | undefined;
}
