import fp from 'fastify-plugin';
import { ReleaseService } from './release-service';
import { releaseRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Remote releases: which stored build of each remote the site serves (docs/releases.md). */
    releases: ReleaseService;
  }
}

/**
 * Releases: the operator API under /api/ops/releases; platform/static.ts and the page (platform/index-page/)
 * serve each remote from its active release when it has one.
 */
export const releasesPlugin = fp(
  async (app) => {
    const { ctx } = app;
    app.decorate(
      'releases',
      new ReleaseService(ctx.db, ctx.clock, app.audit, ctx.config.dataDir, ctx.config.staticRoot),
    );
    await app.register(releaseRoutes, { prefix: '/api/ops' });
  },
  { name: 'releases', fastify: '5.x', dependencies: ['operators'] },
);
