/** Socket clients for the server tests that prove a channel over a real connection. */
import { io as connectSocket, type Socket } from 'socket.io-client';
import { REALTIME_PATH, type ClientToServerEvents, type ServerToClientEvents } from '../../src/shared/realtime';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** How long a test waits for a message or an acknowledgement. */
export const SOCKET_WAIT_MS = 5_000;

/**
 * Opens a socket to `url` (websocket only, no reconnection, the given headers: a session cookie,
 * an Origin) and waits for the handshake's outcome; the socket goes into `opened`, which the test
 * disconnects when it ends.
 */
export function openTestSocket(url: string, headers: Record<string, string>, opened: ClientSocket[]): Promise<ClientSocket> {
  const socket: ClientSocket = connectSocket(url, { path: REALTIME_PATH, transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: headers });
  opened.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Waits until `condition` holds, checking every 10 ms; fails naming `what` after SOCKET_WAIT_MS. */
export async function waitFor(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + SOCKET_WAIT_MS;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
