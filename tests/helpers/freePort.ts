/**
 * A TCP port nobody listens on right now, for a server a test or benchmark starts itself.
 *
 * It is drawn below the range the system hands out to outgoing connections and to `listen(0)`
 * (Linux: 32768-60999; macOS and Windows: 49152 and up). A port from that range can be taken
 * between this probe and the server's listen by any connection the suite opens meanwhile (a
 * PostgreSQL client, a fetch): a CI-like run failed on EADDRINUSE that way. Below it, only another
 * server that listens on a port of its choosing can take it.
 */
import net from 'node:net';

const LOWEST = 20_000;
const BELOW_EPHEMERAL = 32_768;
const TRIES = 50;

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * The ports this process handed out: a test that asks for two before it listens on either would
 * otherwise be given the same port twice now and then (one unit run here failed on EADDRINUSE in
 * such a test; whether by this or by another file's server taking the port, the run did not tell).
 */
const handedOut = new Set<number>();

export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < TRIES; attempt += 1) {
    const port = LOWEST + Math.floor(Math.random() * (BELOW_EPHEMERAL - LOWEST));
    if (handedOut.has(port) || !(await isFree(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no free port between ${LOWEST} and ${BELOW_EPHEMERAL} after ${TRIES} tries`);
}
