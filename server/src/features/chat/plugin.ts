import fp from 'fastify-plugin';
import { ChatService, DEFAULT_CHAT_OPTIONS } from './chat-service';
import { chatRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The support chat (docs/chat.md): conversations, messages, files; onMessage/onRead for the realtime side. */
    chat: ChatService;
  }
}

/**
 * The support chat: the service (`app.chat`) and the customers' routes under /api/chat. The room prefix comes
 * from CHAT_PREFIX (default `wallet-chat:`); the guest-token and file-link keys derive from the JWT secret.
 */
export const chatPlugin = fp(
  async (app) => {
    const { ctx } = app;
    const prefix = process.env.CHAT_PREFIX?.trim() || DEFAULT_CHAT_OPTIONS.prefix;
    app.decorate(
      'chat',
      new ChatService(ctx.db, ctx.clock, ctx.rateLimit, {
        ...DEFAULT_CHAT_OPTIONS,
        prefix,
        dataDir: ctx.config.dataDir,
        secret: ctx.secrets.jwtSecret,
      }),
    );
    await app.register(chatRoutes, { prefix: '/api/chat' });
  },
  { name: 'chat', fastify: '5.x', dependencies: ['accounts'] },
);
