// Where a connection's incoming bytes arrive. A plain TCP socket reads into one buffer shared by
// every connection of the process (net.connect's `onread`) instead of Node allocating a buffer
// per read: that allocation was a measurable part of a small request's cost (bench/client,
// insert-tablet-1k-*). A chunk from the shared buffer is valid only until the listener returns:
// the listener must consume it synchronously or copy what it keeps (FrameReader copies partial
// frames; Connection copies a whole frame it hands to the generated Thrift reader). Reads run one
// at a time on the event loop, so one buffer serves every socket. A TLS socket keeps 'data'
// events, whose chunks are its own.
import type net from "node:net";

/** Bytes one read may fill: a socket read's usual size, so a large reply takes few reads. */
const SHARED_READ_BUFFER_BYTES = 64 * 1024;
let sharedReadBuffer: Buffer | undefined;

export type ChunkListener = (chunk: Buffer) => void;

/**
 * net.connect's `onread` option, forwarding each read to the listener attached once the
 * connection exists; bytes that arrive before that are copied and kept for it.
 */
export class SharedBufferReads {
  private listener: ChunkListener | undefined;
  private early: Buffer[] = [];

  readonly onread = {
    buffer: (): Buffer => (sharedReadBuffer ??= Buffer.allocUnsafe(SHARED_READ_BUFFER_BYTES)),
    callback: (bytesRead: number, buffer: Buffer): boolean => {
      const chunk = buffer.subarray(0, bytesRead);
      if (this.listener !== undefined) this.listener(chunk);
      else this.early.push(Buffer.from(chunk));
      return true;
    },
  };

  attach(listener: ChunkListener): void {
    this.listener = listener;
    for (const chunk of this.early.splice(0)) listener(chunk);
  }
}

/**
 * A connected socket; a plain TCP one reads into the shared buffer (attach a listener once), a TLS one emits 'data'.
 */
export interface ConnectedSocket {
  socket: net.Socket;
  sharedReads: SharedBufferReads | undefined;
}
