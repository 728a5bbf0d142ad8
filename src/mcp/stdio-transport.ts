/**
 * MCP over stdio, one JSON-RPC message per line. Unlike the SDK's transport, which closes itself (and so ended
 * `bulwark mcp` with exit code 0, silently) when one line exceeds its buffer, a line that is too long or not
 * JSON gets a JSON-RPC error on stdout and a line on stderr, and the server keeps reading.
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** The longest line accepted (the SDK's default buffer). */
export const MAX_LINE_BYTES = 10 * 1024 * 1024;

export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  readonly #input: NodeJS.ReadableStream;
  readonly #output: NodeJS.WritableStream;
  readonly #log: (line: string) => void;
  readonly #maxLine: number;
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  /** Inside a line that is already too long: drop bytes until its end. */
  #skipping = false;
  #closed = false;

  constructor(
    input: NodeJS.ReadableStream,
    output: NodeJS.WritableStream,
    log: (line: string) => void,
    maxLine = MAX_LINE_BYTES,
  ) {
    this.#input = input;
    this.#output = output;
    this.#log = log;
    this.#maxLine = maxLine;
  }

  async start(): Promise<void> {
    this.#input.on('data', this.#onData);
    this.#input.once('end', this.#onEnd);
  }

  readonly #onData = (chunk: Buffer | string): void => {
    let data = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    for (let newline = data.indexOf(10); newline >= 0; newline = data.indexOf(10)) {
      this.#take(data.subarray(0, newline), true);
      data = data.subarray(newline + 1);
    }
    if (data.length > 0) this.#take(data, false);
  };

  readonly #onEnd = (): void => void this.close();

  #take(part: Buffer, endsLine: boolean): void {
    if (!this.#skipping) {
      if (this.#pendingBytes + part.length > this.#maxLine) {
        this.#pending = [];
        this.#pendingBytes = 0;
        this.#skipping = true;
        this.#reject(-32600, `Request too large: a message may be at most ${this.#maxLine} bytes`);
      } else {
        this.#pending.push(part);
        this.#pendingBytes += part.length;
      }
    }
    if (!endsLine) return;
    if (this.#skipping) {
      this.#skipping = false;
      return;
    }
    const line = Buffer.concat(this.#pending).toString('utf8').replace(/\r$/, '');
    this.#pending = [];
    this.#pendingBytes = 0;
    if (line.trim() !== '') this.#deliver(line);
  }

  #deliver(line: string): void {
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      return this.#reject(-32700, 'Parse error: the line is not valid JSON');
    }
    const parsed = JSONRPCMessageSchema.safeParse(json);
    if (!parsed.success) return this.#reject(-32600, 'Invalid Request: not a JSON-RPC 2.0 message');
    this.onmessage?.(parsed.data);
  }

  #reject(code: number, message: string): void {
    this.#log(`bulwark mcp: ${message}`);
    void this.send({ jsonrpc: '2.0', id: null, error: { code, message } } as unknown as JSONRPCMessage);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.#output.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.#output.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#input.off('data', this.#onData);
    this.#input.off('end', this.#onEnd);
    this.#pending = [];
    this.onclose?.();
  }
}
