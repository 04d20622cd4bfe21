import type { Server } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

/** A keep-alive socket with nothing in flight for this long, once draining, is closed. */
const IDLE_CLOSE_MS = 1000;
const REAP_INTERVAL_MS = 100;

/** A closed socket whose client never closes its side is destroyed after this long. */
const HALF_CLOSED_MS = 2000;

interface SocketState {
  inFlight: number;
  lastActive: number;
  endedAt?: number;
}

/**
 * Tracks the server's sockets so that a shutdown can close them without resetting a client
 * (docs/operations.md "Shutdown"). Node's own `server.close()` destroys every idle keep-alive
 * socket at once, and a client that writes its next request at that moment reads a reset. Here
 * the listener stops accepting, a request that still arrives on an open socket is answered
 * (503 `Connection: close`, by the app's drain hook), a response in flight closes its socket
 * after it, and a socket is closed only after it has been idle for IDLE_CLOSE_MS, with a FIN.
 */
export function trackConnections(server: Server, now = () => Date.now()) {
  const sockets = new Map<Socket, SocketState>();
  server.on('connection', (socket: Socket) => {
    sockets.set(socket, { inFlight: 0, lastActive: now() });
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('request', (request, response) => {
    const state = sockets.get(request.socket);
    if (!state) {
      return;
    }
    state.inFlight++;
    state.lastActive = now();
    response.once('close', () => {
      state.inFlight--;
      state.lastActive = now();
    });
  });

  /**
   * Stops accepting connections and resolves once every open one is closed: idle ones after
   * IDLE_CLOSE_MS, busy ones after their last response. Call `closeAll` to stop waiting.
   */
  function drain(): Promise<void> {
    const started = now();
    const closed = new Promise<void>((resolve) => {
      // net.Server's close, not http.Server's: the latter also destroys idle sockets at once.
      NetServer.prototype.close.call(server, () => resolve());
    });
    const reaper = setInterval(() => {
      const at = now();
      for (const [socket, state] of sockets) {
        const idleSince = Math.max(state.lastActive, started);
        if (state.endedAt !== undefined) {
          if (at - state.endedAt >= HALF_CLOSED_MS) {
            socket.destroy();
          }
        } else if (state.inFlight === 0 && at - idleSince >= IDLE_CLOSE_MS) {
          state.endedAt = at;
          socket.end();
        }
      }
    }, REAP_INTERVAL_MS);
    return closed.finally(() => clearInterval(reaper));
  }

  return {
    drain,
    /** Sockets still open (in flight or idle). */
    open: () => sockets.size,
    closeAll() {
      for (const socket of sockets.keys()) {
        socket.destroy();
      }
    },
  };
}
