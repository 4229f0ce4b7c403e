import { createHmac, hkdfSync, randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { reserveOrThrow, type RateLimitStore } from '../../platform/rate-limit';
import { EXTENSIONS, kindOf, sniffChatFile, type ChatMime } from './file-types';
import { senderKey, type ChatOptions, type Identity, type StoredFile } from './model';
import type { MediaPayload } from './payloads';
import type { ChatTables } from './tables';

/**
 * The chat's files (docs/chat.md "Files"): uploads checked by their bytes, kept under DATA_DIR/chat, opened by
 * signed expiring links. The link key is its own, derived from the server's secret.
 */
export class ChatFiles {
  private readonly dir: string;
  private readonly key: Buffer;

  constructor(
    private readonly db: Kysely<Database & ChatTables>,
    private readonly clock: Clock,
    private readonly rateLimit: RateLimitStore,
    private readonly options: ChatOptions,
  ) {
    this.dir = path.join(options.dataDir, 'chat');
    this.key = Buffer.from(hkdfSync('sha256', options.secret, 'wallet-chat', 'chat-file-url', 32));
  }

  /** A media message names a file of its own conversation, of the type it claims. */
  async checkMedia(conversationId: string, media: MediaPayload): Promise<void> {
    const file = await this.db
      .selectFrom('chat_files')
      .select(['kind'])
      .where('id', '=', media.filePath)
      .where('conversation_id', '=', conversationId)
      .executeTakeFirst();
    if (!file || (media.fileType !== 'file' && media.fileType !== file.kind)) {
      throw new AppError('KEY_INVALID', 400);
    }
  }

  /**
   * Stores an upload of the conversation after checking its bytes are a `kind` it accepts (by magic bytes, never
   * by name): 400 KEY_INVALID otherwise, 413 KEY_INVALID over the size limit. Uploads count against the sender's
   * message limit.
   */
  async store(
    conversationId: string,
    uploader: Identity,
    kind: 'image' | 'video',
    data: Buffer,
  ): Promise<StoredFile> {
    const max = kind === 'image' ? this.options.imageMaxBytes : this.options.videoMaxBytes;
    if (data.length > max) throw new AppError('KEY_INVALID', 413);
    const mime = sniffChatFile(data);
    if (!mime || kindOf(mime) !== kind) throw new AppError('KEY_INVALID', 400);
    await reserveOrThrow(
      this.rateLimit,
      [
        {
          key: `chat:msg:${senderKey(uploader)}`,
          limit: this.options.messagesPerMinute,
          windowMs: 60_000,
          code: 'REQUEST_LIMIT',
        },
      ],
      // Support keeps working while Redis is down, counted per process (docs/server.md).
      'count-here',
    );
    const id = randomUUID();
    const fileName = `${id}.${EXTENSIONS[mime]}`;
    await mkdir(this.dir, { recursive: true });
    await writeFile(path.join(this.dir, fileName), data, { mode: 0o600 });
    await this.db
      .insertInto('chat_files')
      .values({
        id,
        conversation_id: conversationId,
        uploaded_by: uploader.kind === 'agent' ? `agent:${uploader.username}` : 'customer',
        kind,
        mime,
        size: data.length,
        file_name: fileName,
        created_at: this.clock.now(),
      })
      .execute();
    return { fileId: id, path: this.url(id, conversationId), mime };
  }

  private mac(fileId: string, conversationId: string, exp: number): Buffer {
    return createHmac('sha256', this.key).update(`${conversationId}\n${fileId}\n${exp}`).digest();
  }

  /**
   * Signed, expiring URL of a stored file (1 hour). The signature covers the file's conversation too, so only a
   * link handed to that conversation's participants opens it.
   */
  url(fileId: string, conversationId: string): string {
    const exp = this.clock.now().getTime() + this.options.fileUrlTtlMs;
    const sig = this.mac(fileId, conversationId, exp).toString('base64url');
    return `/api/chat/files/${fileId}?exp=${exp}&sig=${sig}`;
  }

  /** The file behind a signed URL, or undefined (unknown, unsigned, expired, signed for another file). */
  async read(
    fileId: string,
    exp: string,
    sig: string,
  ): Promise<{ mime: ChatMime; data: Buffer; name: string } | undefined> {
    if (!/^[0-9a-f-]{36}$/.test(fileId)) return undefined;
    if (!/^\d{10,16}$/.test(exp) || Number(exp) < this.clock.now().getTime()) return undefined;
    const file = await this.db
      .selectFrom('chat_files')
      .selectAll()
      .where('id', '=', fileId)
      .executeTakeFirst();
    if (!file) return undefined;
    const want = this.mac(fileId, file.conversation_id, Number(exp));
    const got = Buffer.from(sig, 'base64url');
    if (got.length !== want.length || !timingSafeEqual(got, want)) return undefined;
    const mime = file.mime as ChatMime;
    return { mime, data: await readFile(path.join(this.dir, file.file_name)), name: file.file_name };
  }
}
