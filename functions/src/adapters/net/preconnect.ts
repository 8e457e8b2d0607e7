import type { Socket } from 'node:net';
import type buildConnector from 'undici/types/connector';

type Connector = buildConnector.connector;
type ConnectOptions = buildConnector.Options;

/** How long a connection opened ahead waits for its request before it is closed. */
export const PARKED_CONNECTION_MS = 10_000;

const keyOf = ({ protocol, hostname, port }: Pick<ConnectOptions, 'protocol' | 'hostname' | 'port'>) =>
  `${protocol}//${hostname}:${port || (protocol === 'https:' ? '443' : '80')}`;

const usable = (socket: Socket) => !socket.destroyed && socket.writable && !socket.readableEnded;

/**
 * An undici connector that can open a connection before its request exists: `preconnect(url)`
 * starts the DNS lookup, TCP and TLS handshakes now (through the same connector, so the outbound
 * guard's lookup applies), and the first request to that origin takes the socket instead of
 * opening its own, waiting for a handshake still under way rather than starting a second one.
 * A connection nobody takes within `parkedMs` is closed. undici has no such API of its
 * own (nodejs/undici#317); a `HEAD` request as a warm-up would be a real request to the provider,
 * which some answer with `Connection: close`.
 */
export function withPreconnect(
  connect: Connector,
  parkedMs = PARKED_CONNECTION_MS,
): { connect: Connector; preconnect: (url: URL) => void } {
  const parked = new Map<string, { socket: Promise<Socket | undefined>; at: number }>();
  return {
    connect(options, callback) {
      const key = keyOf(options);
      const ready = options.httpSocket ? undefined : parked.get(key);
      if (!ready) return connect(options, callback);
      parked.delete(key);
      // Timers stop while a Lambda is frozen between invocations; the clock does not.
      const fresh = Date.now() - ready.at < parkedMs;
      void ready.socket.then((socket) => {
        if (socket && fresh && usable(socket)) return callback(null, socket);
        socket?.destroy();
        connect(options, callback);
      });
    },
    preconnect(url) {
      const protocol = url.protocol;
      if (protocol !== 'http:' && protocol !== 'https:') return;
      // undici's Client connects IPv6 literals without their brackets: the same here.
      const hostname = url.hostname.replace(/^\[|\]$/g, '');
      const options: ConnectOptions = { protocol, hostname, host: url.host, port: url.port };
      const key = keyOf(options);
      if (parked.has(key)) return;
      const socket = new Promise<Socket | undefined>((resolve) =>
        // A failed opening is left to the request, which connects (and fails) on its own.
        connect(options, (error, opened) => resolve(error ? undefined : (opened ?? undefined))),
      );
      const entry = { socket, at: Date.now() };
      parked.set(key, entry);
      setTimeout(() => {
        if (parked.get(key) !== entry) return;
        parked.delete(key);
        void socket.then((unused) => unused?.destroy());
      }, parkedMs).unref();
    },
  };
}
