import fp from 'fastify-plugin';
import { registerCaches } from '../../platform/cache';
import type { Db } from '../../platform/db';
import { Banners } from './banners';
import { ContentService } from './content-service';
import { lookupRoutes } from './routes';
import { CONTENT_SHAPES, type LookupKey } from './shapes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Operator-editable lookup content (`lookup_content`) and the bank list. */
    content: ContentService;
    /** Invite and refund banners. */
    banners: Banners;
  }
}

/** Writes the default banks, lookup content and banners when missing (buildApp calls it at start). */
export async function seedContent(
  db: Db,
  opts: { laos: boolean; defaultLocale: 'th' | 'la' },
): Promise<void> {
  await new ContentService(db, opts.defaultLocale).seed(opts.laos);
  await new Banners(db).seed();
}

/**
 * Content: GET /api/lookup/* (but `withdraw` and `deposit`, served by their features), banners, how-to; read from
 * memory (platform/cache.ts, registered here as the first feature that caches).
 */
export const contentPlugin = fp(
  async (app) => {
    await registerCaches(app);
    const content = new ContentService(app.ctx.db, app.ctx.defaultLocale, app.caches);
    for (const key of Object.keys(CONTENT_SHAPES) as LookupKey[]) content.define(key, CONTENT_SHAPES[key]);
    app.decorate('content', content);
    app.decorate('banners', new Banners(app.ctx.db, app.caches));
    await app.register(lookupRoutes, { prefix: '/api/lookup' });
  },
  { name: 'content', fastify: '5.x' },
);
