import type { Server } from 'node:http';
import type { AppContext } from '../context';

/**
 * Place for the realtime support chat (chat issue): a socket.io server attached to the HTTP server, with the
 * @socket.io/redis-adapter when REDIS_URL is set, rooms named from the chat PREFIX plus the user id or guest id.
 * Nothing is attached yet; main.ts already calls this hook so the chat work only fills it in.
 */
export interface Realtime {
  close(): Promise<void>;
}

export function attachRealtime(_server: Server, _ctx: AppContext): Realtime {
  return { close: async () => undefined };
}
