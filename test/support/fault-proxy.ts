/**
 * A TCP proxy for fault tests: forwards to a real server until `freeze()`, after which it accepts connections
 * and holds every byte in both directions (a stalled database: nothing is refused, nothing is answered);
 * `thaw()` forwards again.
 */
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

export interface FaultProxy {
  port: number;
  freeze(): void;
  thaw(): void;
  close(): Promise<void>;
}

export async function faultProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<FaultProxy> {
  const sockets = new Set<Socket>();
  let frozen = false;
  const pairs: Array<[Socket, Socket]> = [];
  const server = createServer((client) => {
    const upstream = connect(targetPort, targetHost);
    sockets.add(client).add(upstream);
    pairs.push([client, upstream]);
    const drop = (): void => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    if (frozen) {
      client.pause();
      upstream.pause();
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    port: (server.address() as AddressInfo).port,
    freeze() {
      frozen = true;
      // Paused sockets keep what they received in their buffers: nothing reaches the other side.
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    thaw() {
      frozen = false;
      for (const [client, upstream] of pairs) {
        if (client.destroyed || upstream.destroyed) continue;
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
        upstream.resume();
      }
    },
    close: () =>
      new Promise<void>((done) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
      }),
  };
}
