import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Db } from '../../platform/db';
import type { Database } from '../../platform/db/schema';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { isUniqueViolation } from '../../platform/ids';
import { reserveOrThrow, type RateLimitStore } from '../../platform/rate-limit';
import { ChatFiles } from './chat-files';
import type { ChatMime } from './file-types';
import { GuestTokens } from './guest-tokens';
import {
  senderKey,
  type ChatMessage,
  type ChatOptions,
  type Claims,
  type Conversation,
  type CustomerIdentity,
  type HistoryQuery,
  type Identity,
  type MessageType,
  type ReadEvent,
  type SendInput,
  type StoredFile,
} from './model';
import { checkMessage, type MediaPayload } from './payloads';
import { chatDb, type ChatTables } from './tables';

type Listener<T> = (event: T) => void;
type MessageRow = Selectable<ChatTables['chat_messages']>;
type ConversationRow = Selectable<ChatTables['chat_conversations']>;

const GUEST_ID = /^g_[A-Za-z0-9_-]{22}$/;
/** A device token: opaque, printable, at most 255 characters. */
const DEVICE_TOKEN = /^[\x21-\x7e]{1,255}$/;
const MAX_AFTER = 200;

const iso = (d: Date | string): string => new Date(d).toISOString();
const sideOf = (identity: Identity): 'customer' | 'agent' =>
  identity.kind === 'agent' ? 'agent' : 'customer';

/**
 * The support chat (docs/chat.md): conversations derived from the caller's identity, messages with a
 * per-conversation sequence assigned in the inserting statement, read receipts, files with signed URLs.
 * `onMessage` / `onRead` fire after the change committed (the realtime namespace fans them out). Whether a caller
 * may act on a conversation is the routes' business: customers only ever reach `conversationFor(own identity)`.
 */
export class ChatService {
  readonly prefix: string;
  private readonly db: Kysely<Database & ChatTables>;
  private readonly guests: GuestTokens;
  private readonly files: ChatFiles;
  private readonly messageListeners = new Set<Listener<ChatMessage>>();
  private readonly readListeners = new Set<Listener<ReadEvent>>();

  constructor(
    db: Db,
    private readonly clock: Clock,
    private readonly rateLimit: RateLimitStore,
    readonly options: ChatOptions,
  ) {
    this.db = chatDb(db);
    this.prefix = options.prefix;
    this.guests = new GuestTokens(rateLimit, options);
    this.files = new ChatFiles(this.db, clock, rateLimit, options);
  }

  /** Subscribes to committed messages; returns the unsubscribe function. */
  onMessage(listener: Listener<ChatMessage>): () => void {
    this.messageListeners.add(listener);
    return () => this.messageListeners.delete(listener);
  }

  /** Subscribes to read receipts; returns the unsubscribe function. */
  onRead(listener: Listener<ReadEvent>): () => void {
    this.readListeners.add(listener);
    return () => this.readListeners.delete(listener);
  }

  private emit<T>(listeners: Set<Listener<T>>, event: T): void {
    for (const l of listeners) {
      try {
        l(event);
      } catch {
        // A listener's failure (a closed socket) must not turn a stored message into an error for its sender.
      }
    }
  }

  /** A new guest: `{ guestId, guestToken }` (10 per IP per hour → REQUEST_LIMIT). */
  newGuest(ip: string): Promise<{ guestId: string; guestToken: string }> {
    return this.guests.newGuest(ip);
  }

  /** The guest a token stands for (`<guestId>.<HMAC>`), or null when it is malformed or forged. */
  guestFromToken(token: string): { kind: 'guest'; guestId: string } | null {
    return this.guests.fromToken(token);
  }

  /** The room of a customer (PREFIX + memberId / guestId). */
  roomOf(identity: CustomerIdentity): string {
    return this.prefix + (identity.kind === 'member' ? identity.memberId : identity.guestId);
  }

  /**
   * The id (room) of the customer's own conversation, without creating it: what the HTTP reads (history, the read
   * mark) use, so that reading writes nothing; a conversation not started yet reads as empty. (A socket's join
   * opens the conversation: an agent may then answer a customer who has the widget open.)
   */
  conversationIdFor(identity: CustomerIdentity): string {
    if (identity.kind === 'guest' && !GUEST_ID.test(identity.guestId))
      throw new AppError('UNAUTHORIZED', 401);
    return this.roomOf(identity);
  }

  /**
   * What a customer's body names (`userId`, `guestId`, `session_id`, a join's `room`, `sender`) must be its own:
   * its member id, its guest id, its room, `customer`. Otherwise 403 KEY_INVALID (nothing read, written or joined).
   * The room is always derived from the identity, never from these fields.
   */
  checkClaims(identity: CustomerIdentity, claims: Claims): void {
    const room = this.roomOf(identity);
    const own = (value: unknown, mine: string | undefined) => value === undefined || value === mine;
    const ok =
      own(claims.userId, identity.kind === 'member' ? identity.memberId : undefined) &&
      own(claims.guestId, identity.kind === 'guest' ? identity.guestId : undefined) &&
      own(claims.session_id, room) &&
      own(claims.room, room) &&
      own(claims.sender, 'customer');
    if (!ok) throw new AppError('KEY_INVALID', 403);
  }

  /** The customer's own conversation, created on first use (their first message or file). */
  async conversationFor(identity: CustomerIdentity): Promise<Conversation> {
    const id = this.conversationIdFor(identity);
    const now = this.clock.now();
    await this.db
      .insertInto('chat_conversations')
      .values({
        id,
        kind: identity.kind,
        member_id: identity.kind === 'member' ? identity.memberId : null,
        guest_id: identity.kind === 'guest' ? identity.guestId : null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const conversation = await this.conversation(id);
    if (!conversation) throw new Error(`conversation ${id} vanished`);
    return conversation;
  }

  /** One conversation by its room name, or undefined. */
  async conversation(conversationId: string): Promise<Conversation | undefined> {
    const rows = await this.db
      .selectFrom('chat_conversations')
      .selectAll()
      .where('id', '=', conversationId)
      .execute();
    return (await this.describe(rows))[0];
  }

  /** Conversations with at least one message, latest activity first (agents; the latest 500). */
  async conversations(): Promise<Conversation[]> {
    const rows = await this.db
      .selectFrom('chat_conversations')
      .selectAll()
      .where('last_seq', '>', 0)
      .orderBy('updated_at', 'desc')
      .limit(500)
      .execute();
    return this.describe(rows);
  }

  /**
   * Conversations waiting for an agent: at least one customer message no agent has read (the partial index
   * chat_messages_unread holds only unread messages).
   */
  async waitingCount(): Promise<number> {
    const row = await this.db
      .selectFrom('chat_messages')
      .select(sql<number>`count(distinct conversation_id)`.as('n'))
      .where('sender', '=', 'customer')
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Conversation rows with their member's phone and name, last message and unread count (three queries). */
  private async describe(rows: ConversationRow[]): Promise<Conversation[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const memberIds = rows.flatMap((r) => (r.member_id ? [r.member_id] : []));
    const members = memberIds.length
      ? await this.db
          .selectFrom('members')
          .select(['id', 'username', 'name'])
          .where('id', 'in', memberIds)
          .execute()
      : [];
    const lastRows = await this.db
      .selectFrom('chat_messages as m')
      .innerJoin('chat_conversations as c', (j) =>
        j.onRef('c.id', '=', 'm.conversation_id').onRef('c.last_seq', '=', 'm.seq'),
      )
      .selectAll('m')
      .where('m.conversation_id', 'in', ids)
      .execute();
    const unread = await this.db
      .selectFrom('chat_messages')
      .select(['conversation_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('conversation_id', 'in', ids)
      .where('sender', '=', 'customer')
      .where('read_at', 'is', null)
      .groupBy('conversation_id')
      .execute();
    return rows.map((r) => {
      const member = members.find((m) => m.id === r.member_id);
      const last = lastRows.find((m) => m.conversation_id === r.id);
      return {
        id: r.id,
        kind: r.kind,
        memberId: r.member_id,
        guestId: r.guest_id,
        phone: member?.username ?? null,
        name: member?.name ?? null,
        lastMessage: last ? this.view(last) : null,
        lastSeq: r.last_seq,
        unread: Number(unread.find((u) => u.conversation_id === r.id)?.n ?? 0),
        createdAt: iso(r.created_at),
        updatedAt: iso(r.updated_at),
      };
    });
  }

  /** A stored row as answers carry it (spec §3's fields): a media payload's file id becomes a signed link. */
  private view(r: MessageRow): ChatMessage {
    let payload = r.payload;
    if (r.message_type === 'media') {
      const media = payload as MediaPayload;
      payload = { ...media, filePath: this.fileUrl(media.filePath, r.conversation_id) };
    }
    return {
      id: r.id,
      seq: r.seq,
      conversationId: r.conversation_id,
      sender: r.sender === 'agent' ? 'other' : 'customer',
      agent: r.agent,
      message: { message_type: r.message_type as MessageType, payload },
      createdAt: iso(r.created_at),
      session_id: r.conversation_id,
      userId: r.user_id,
      guestId: r.guest_id,
      username: r.username,
      name: r.name,
      deviceToken: r.device_token,
      clientId: r.client_id,
      readAt: r.read_at ? iso(r.read_at) : null,
    };
  }

  private async byClientId(
    conversationId: string,
    side: 'customer' | 'agent',
    clientId: string,
  ): Promise<MessageRow | undefined> {
    return this.db
      .selectFrom('chat_messages')
      .selectAll()
      .where('conversation_id', '=', conversationId)
      .where('sender', '=', side)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
  }

  /**
   * Stores a message once per (conversation, side, clientId) and fires onMessage. `replayed`: that clientId had
   * been stored, the first message is answered and nothing new is stored or counted. The number is taken in the
   * inserting statement (see migration 0012): parallel sends queue on the conversation's row, and a failed
   * insert gives its number back, so the sequence has neither gaps nor duplicates.
   */
  async send(
    conversationId: string,
    sender: Identity,
    input: SendInput,
  ): Promise<{ message: ChatMessage; replayed: boolean }> {
    const side = sideOf(sender);
    const clientId = input.clientId;
    if (typeof clientId !== 'string' || !/^[A-Za-z0-9_.:-]{1,100}$/.test(clientId)) {
      throw new AppError('KEY_INVALID', 400);
    }
    const message = checkMessage(side, input.message);
    // An agent's message has no device; an empty token is none.
    const given = side === 'customer' ? input.deviceToken : undefined;
    const deviceToken = given === undefined || given === null || given === '' ? null : given;
    if (deviceToken !== null && (typeof deviceToken !== 'string' || !DEVICE_TOKEN.test(deviceToken))) {
      throw new AppError('KEY_INVALID', 400);
    }
    const earlier = await this.byClientId(conversationId, side, clientId);
    if (earlier) return { message: this.view(earlier), replayed: true };
    if (message.message_type === 'media')
      await this.files.checkMedia(conversationId, message.payload as MediaPayload);
    await reserveOrThrow(
      this.rateLimit,
      [
        {
          key: `chat:msg:${senderKey(sender)}`,
          limit: this.options.messagesPerMinute,
          windowMs: 60_000,
          code: 'REQUEST_LIMIT',
        },
      ],
      // Support keeps working while Redis is down, counted per process (docs/server.md).
      'count-here',
    );
    const now = this.clock.now();
    let row: MessageRow | undefined;
    try {
      // The conversation's customer (and a member's username and name as they are now) go with every message.
      const result = await sql<MessageRow>`
        with c as (
          update chat_conversations set last_seq = last_seq + 1, updated_at = ${now}::timestamptz
          where id = ${conversationId}
          returning last_seq, member_id, guest_id
        )
        insert into chat_messages
          (id, conversation_id, seq, sender, agent, message_type, payload, client_id, created_at,
           user_id, guest_id, username, name, device_token)
        select ${randomUUID()}::uuid, ${conversationId}::text, c.last_seq, ${side}::text,
          ${sender.kind === 'agent' ? sender.username : null}::text, ${message.message_type}::text,
          ${JSON.stringify(message.payload)}::jsonb, ${clientId}::text, ${now}::timestamptz,
          c.member_id, c.guest_id, mb.username, mb.name, ${deviceToken}::text
        from c left join members mb on mb.id = c.member_id
        returning *`.execute(this.db);
      row = result.rows[0];
    } catch (e) {
      // The same clientId stored by a parallel request between our check and our insert: answer that one.
      if (!isUniqueViolation(e)) throw e;
      const first = await this.byClientId(conversationId, side, clientId);
      if (!first) throw e;
      return { message: this.view(first), replayed: true };
    }
    if (!row) throw new AppError('NO_DATA', 404);
    const stored = this.view(row);
    this.emit(this.messageListeners, stored);
    return { message: stored, replayed: false };
  }

  async history(conversationId: string, query: HistoryQuery): Promise<ChatMessage[]> {
    let q = this.db.selectFrom('chat_messages').selectAll().where('conversation_id', '=', conversationId);
    if ('afterSeq' in query) {
      const limit = Math.min(Math.max(query.limit ?? MAX_AFTER, 1), MAX_AFTER);
      q = q.where('seq', '>', query.afterSeq).orderBy('seq', 'asc').limit(limit);
    } else {
      if (query.beforeSeq !== undefined) q = q.where('seq', '<', query.beforeSeq);
      q = q
        .orderBy('seq', 'desc')
        .limit(Math.max(query.limit, 1))
        .offset(Math.max(query.skip ?? 0, 0));
    }
    return (await q.execute()).map((r) => this.view(r));
  }

  /** `by` has read every message of the other side so far; fires onRead when something was unread. */
  async markRead(conversationId: string, by: 'customer' | 'agent'): Promise<ReadEvent> {
    const conv = await this.db
      .selectFrom('chat_conversations')
      .select('last_seq')
      .where('id', '=', conversationId)
      .executeTakeFirst();
    if (!conv) throw new AppError('NO_DATA', 404);
    const updated = await this.db
      .updateTable('chat_messages')
      .set({ read_at: this.clock.now() })
      .where('conversation_id', '=', conversationId)
      .where('sender', '=', by === 'customer' ? 'agent' : 'customer')
      .where('seq', '<=', conv.last_seq)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    const event: ReadEvent = { conversationId, by, seq: conv.last_seq };
    if (Number(updated.numUpdatedRows) > 0) this.emit(this.readListeners, event);
    return event;
  }

  /** Stores an upload of the conversation (ChatFiles.store). */
  storeFile(
    conversationId: string,
    uploader: Identity,
    kind: 'image' | 'video',
    data: Buffer,
  ): Promise<StoredFile> {
    return this.files.store(conversationId, uploader, kind, data);
  }

  /** Signed, expiring URL of a stored file (ChatFiles.url). */
  fileUrl(fileId: string, conversationId: string): string {
    return this.files.url(fileId, conversationId);
  }

  /** The file behind a signed URL, or undefined (ChatFiles.read). */
  readFile(
    fileId: string,
    exp: string,
    sig: string,
  ): Promise<{ mime: ChatMime; data: Buffer; name: string } | undefined> {
    return this.files.read(fileId, exp, sig);
  }
}
