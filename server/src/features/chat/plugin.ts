import fp from 'fastify-plugin';
import { ChatService } from './chat-service';
import { DEFAULT_CHAT_OPTIONS } from './model';
import { chatRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The support chat (docs/chat.md): conversations, messages, files; onMessage/onRead for the realtime side. */
    chat: ChatService;
  }
}

/**
 * The support chat: the service (`app.chat`) and the customers' routes under /api/chat. The room prefix comes
 * from the configuration (CHAT_PREFIX, platform/config.ts); the guest-token and file-link keys derive from the
 * JWT secret.
 */
export const chatPlugin = fp(
  async (app) => {
    const { ctx } = app;
    app.decorate(
      'chat',
      new ChatService(ctx.db, ctx.clock, ctx.rateLimit, {
        ...DEFAULT_CHAT_OPTIONS,
        prefix: ctx.config.chatPrefix,
        dataDir: ctx.config.dataDir,
        secret: ctx.secrets.jwtSecret,
      }),
    );
    const waiting = ctx.metrics.gauge(
      'wallet_chat_conversations_waiting',
      'Support conversations with a customer message no agent has read',
    );
    ctx.metrics.onScrape('chat', [waiting], async () => {
      waiting.set(await app.chat.waitingCount());
    });
    await app.register(chatRoutes, { prefix: '/api/chat' });
  },
  { name: 'chat', fastify: '5.x', dependencies: ['accounts'] },
);
