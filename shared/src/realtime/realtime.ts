import type { Socket } from 'socket.io-client';
import { distinctUntilChanged, map } from 'rxjs';
import { session$ } from '../auth/session';
import { bus } from '../bus/bus';
import type { WalletChangeReason } from '../bus/events';

/** What the server pushes on the members' namespace (server/src/platform/realtime). */
interface ServerToMember {
  'wallet:changed': (payload: { reason?: unknown }) => void;
  'deposit:qr': (payload: { qrcodeId?: unknown; status?: unknown }) => void;
}

const REASONS: readonly WalletChangeReason[] = [
  'deposit',
  'withdraw',
  'transfer',
  'game',
  'bonus',
  'refund',
  'invite',
  'spin',
  'refresh',
];

/** Handshake refusals that a retry cannot cure: the session is over (the HTTP client signs the member out). */
const FINAL_REFUSALS = new Set(['UNAUTHORIZED', 'invalid-token', 'INACTIVE_USER']);

export interface RealtimeOptions {
  /** The server's origin; the page's own by default. */
  url?: string;
  /** First reconnection delay; doubles (with jitter) up to `maxDelayMs`. */
  delayMs?: number;
  maxDelayMs?: number;
}

/**
 * The member's realtime channel (docs/realtime.md): while a session exists, one socket.io connection to the
 * `/member` namespace with the session's token; the server joins it to the member's own room. What it hears
 * becomes bus events (`wallet:changed`, `deposit:qr`), so every part refreshes without polling. It reconnects
 * with backoff; after any reconnection it announces `wallet:changed` (reason `refresh`) because pushes sent while
 * it was away are not replayed. A new token (password change) reconnects with it; sign-out closes it.
 * The host starts it once; it answers a function that stops it.
 */
/** socket.io's client, fetched the first time a session exists: a signed-out page (e.g. `/login`) never loads it. */
const loadClient = () => import(/* webpackChunkName: "socket-io" */ 'socket.io-client');

export function startRealtime(options: RealtimeOptions = {}): () => void {
  let socket: Socket<ServerToMember> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  /** Bumped by every open and close: a client that finishes loading after a newer open or a close is not used. */
  let generation = 0;

  const close = (): void => {
    generation += 1;
    clearTimeout(retry);
    retry = undefined;
    socket?.removeAllListeners();
    socket?.disconnect();
    socket = undefined;
  };

  const open = (token: string): void => {
    close();
    const current = generation;
    loadClient().then(
      ({ io }) => {
        if (current === generation) connect(io, token);
      },
      (error: unknown) => console.error('The realtime channel could not be loaded', error),
    );
  };

  const connect = (io: (typeof import('socket.io-client'))['io'], token: string): void => {
    const s: Socket<ServerToMember> = io(`${options.url ?? ''}/member`, {
      path: '/socket.io/',
      // A WebSocket at once (one handshake, no long-polling round trips on the page's first load); HTTP
      // long-polling when a WebSocket cannot be opened (a proxy that refuses upgrades).
      transports: ['websocket', 'polling'],
      tryAllTransports: true,
      auth: { token },
      reconnectionDelay: options.delayMs ?? 1000,
      reconnectionDelayMax: options.maxDelayMs ?? 15_000,
      randomizationFactor: 0.5,
    });
    socket = s;
    let attempts = 0;
    let connectedBefore = false;
    s.on('connect', () => {
      attempts = 0;
      // Back after a gap: what was pushed meanwhile is lost, so everything showing money reloads.
      if (connectedBefore) bus.emit('wallet:changed', { reason: 'refresh' });
      connectedBefore = true;
    });
    s.on('connect_error', (err: Error & { data?: { code?: unknown } }) => {
      const code = typeof err.data?.code === 'string' ? err.data.code : undefined;
      if (code !== undefined && FINAL_REFUSALS.has(code)) {
        close();
        return;
      }
      // A refusal by the server's middleware is not retried by socket.io itself: retry here, with backoff.
      if (code !== undefined && !s.active) {
        attempts += 1;
        const base = Math.min((options.delayMs ?? 1000) * 2 ** attempts, options.maxDelayMs ?? 15_000);
        retry = setTimeout(() => s.connect(), base * (0.5 + Math.random()));
      }
    });
    s.on('disconnect', (reason) => {
      // The server closed it (its session ended): no reconnection; the next API call signs the member out.
      if (reason === 'io server disconnect') close();
    });
    s.on('wallet:changed', (payload) => {
      const reason = REASONS.find((r) => r === payload?.reason) ?? 'refresh';
      bus.emit('wallet:changed', { reason });
    });
    s.on('deposit:qr', (payload) => {
      if (typeof payload?.qrcodeId === 'string' && payload.status === 'PAID')
        bus.emit('deposit:qr', { qrcodeId: payload.qrcodeId, status: 'PAID' });
    });
  };

  const subscription = session$
    .pipe(
      map((session) => session?.token ?? null),
      distinctUntilChanged(),
    )
    .subscribe((token) => (token ? open(token) : close()));

  return () => {
    subscription.unsubscribe();
    close();
  };
}
