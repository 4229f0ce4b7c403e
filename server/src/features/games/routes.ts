import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AppError } from '../../platform/errors';
import { gameByAutoLogin, gameInfo } from './catalogue';
import { backgroundSvg, logoSvg } from './game-art';
import { auth, requireMember } from '../../platform/http/auth';
import { bearer, replies, success } from '../../platform/http/schemas';
import { CodeParam, Credentials, GameAccount } from './schemas';

/** The member's game accounts under /api/wallet: refresh, open, credentials, password reset. */
export const gameAccountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { games } = app;
  const tags = ['wallet'];
  const member = { preHandler: requireMember };

  app.get(
    '/wallet/refresh/slot',
    {
      ...member,
      schema: {
        tags,
        security: bearer,
        summary: 'Re-read every active game balance from its provider (wins and losses are posted)',
        response: replies(Type.Array(GameAccount)),
      },
    },
    async (request) => success(await games.balances.refreshAll(auth(request).memberId)),
  );

  app.get(
    '/wallet/activate/:code',
    {
      ...member,
      schema: {
        tags,
        security: bearer,
        summary: 'Open the game account at the provider',
        params: CodeParam,
        response: replies(GameAccount),
      },
    },
    async (request) => success(await games.accounts.activate(auth(request).memberId, request.params.code)),
  );

  app.get(
    '/wallet/account/:code',
    {
      ...member,
      schema: {
        tags,
        security: bearer,
        summary: 'Game credentials',
        params: CodeParam,
        response: replies(Credentials),
      },
    },
    async (request) => success(await games.accounts.credentials(auth(request).memberId, request.params.code)),
  );

  app.get(
    '/wallet/resetpassword/:code',
    {
      ...member,
      schema: {
        tags,
        security: bearer,
        summary: 'Reset the game password; returns the new credentials',
        params: CodeParam,
        response: replies(Credentials),
      },
    },
    async (request) =>
      success(await games.accounts.resetPassword(auth(request).memberId, request.params.code)),
  );
};

/** Auto-login links (spec §7) under /api, and the generated game logos and backgrounds under /media/games. */
export const autoLoginRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { games } = app;
  const schema = (withPassword: boolean) => ({
    tags: ['wallet'],
    security: bearer,
    summary: `Auto-login link of a game account${withPassword ? ' (password part ignored: the server knows it)' : ''}`,
    params: Type.Object({
      provider: Type.String({ maxLength: 20 }),
      username: Type.String({ maxLength: 64 }),
      ...(withPassword ? { password: Type.String({ maxLength: 128 }) } : {}),
    }),
    response: replies(Type.Object({ link: Type.String() })),
  });
  const handler = async (request: { params: { provider: string; username: string } }, memberId: string) => {
    const g = gameByAutoLogin(request.params.provider);
    if (!g) throw new AppError('NO_GAME', 404);
    return success({ link: await games.accounts.autoLogin(memberId, g, request.params.username) });
  };
  app.get('/autoLogin/:provider/:username', { preHandler: requireMember, schema: schema(false) }, (request) =>
    handler(request, auth(request).memberId),
  );
  app.get(
    '/autoLogin/:provider/:username/:password',
    { preHandler: requireMember, schema: schema(true) },
    (request) => handler(request, auth(request).memberId),
  );
};

export const gameMediaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/media/games/:file',
    { schema: { hide: true, params: Type.Object({ file: Type.String({ maxLength: 40 }) }) } },
    async (request, reply) => {
      const m = /^([A-Z0-9]+)-(logo|bg)\.svg$/.exec(request.params.file);
      const g = m ? gameInfo(m[1] ?? '') : undefined;
      if (!m || !g) throw new AppError('NO_DATA', 404);
      reply.header('content-type', 'image/svg+xml; charset=utf-8');
      reply.header('cache-control', 'public, max-age=86400');
      return m[2] === 'logo' ? logoSvg(g) : backgroundSvg(g);
    },
  );
};
