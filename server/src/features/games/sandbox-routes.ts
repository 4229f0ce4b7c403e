import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AppError } from '../../platform/errors';
import { gameInfo } from './catalogue';
import { playPage } from './play-page';
import { FAULT_MODES, type FaultMode } from './sandbox-provider';

/** Sandbox adapters' endpoints; registered only while SANDBOX is on. Plain JSON (no envelope) or HTML. */
export const sandboxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const tags = ['sandbox'];
  app.get(
    '/sms',
    {
      schema: {
        tags,
        summary: 'Outbox of the sandbox SMS adapter, newest first',
        response: {
          200: Type.Array(
            Type.Object({
              to: Type.String(),
              text: Type.String(),
              otpRef: Type.Union([Type.String(), Type.Null()]),
              createdAt: Type.String({ format: 'date-time' }),
            }),
          ),
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ctx.sandboxSms?.outbox() ?? [];
    },
  );

  // The play page posts a plain HTML form.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => {
      done(
        null,
        Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))),
      );
    },
  );

  const sandboxGames = () => {
    if (!ctx.sandboxGames) throw new AppError('NO_DATA', 404);
    return ctx.sandboxGames;
  };
  const GameParams = Type.Object({ code: Type.String({ maxLength: 20 }) });
  const lang = (q: string | undefined): 'th' | 'en' => (q === 'en' ? 'en' : 'th');

  app.get(
    '/games/:code/play',
    {
      schema: {
        tags,
        summary: 'The sandbox game page an auto-login link opens (HTML, th/en)',
        params: GameParams,
        querystring: Type.Object({
          session: Type.String({ maxLength: 1000 }),
          lang: Type.Optional(Type.String({ maxLength: 2 })),
          msg: Type.Optional(Type.String({ maxLength: 10 })),
        }),
      },
    },
    async (request, reply) => {
      const games = sandboxGames();
      const g = gameInfo(request.params.code);
      const username = g ? games.verifySession(g.code, request.query.session) : undefined;
      if (!g || !username) throw new AppError('invalid-token', 401);
      const player = await games.player(g.code, username);
      const member = await ctx.db
        .selectFrom('game_accounts')
        .innerJoin('members', 'members.id', 'game_accounts.member_id')
        .select('members.currency')
        .where('game_accounts.code', '=', g.code)
        .where('game_accounts.username', '=', username)
        .executeTakeFirst();
      const msg = request.query.msg;
      reply.header('content-type', 'text/html; charset=utf-8');
      reply.header('cache-control', 'no-store');
      return playPage({
        game: g,
        username,
        session: request.query.session,
        balance: player.balance,
        currency: member?.currency ?? 'THB',
        rounds: await games.lastRounds(g.code, username),
        message: msg === 'won' || msg === 'lost' || msg === 'bet' ? msg : null,
        lang: lang(request.query.lang),
      });
    },
  );

  app.post(
    '/games/:code/play',
    {
      schema: {
        tags,
        summary: 'Play one round (form post from the play page; redirects back to it)',
        params: GameParams,
        querystring: Type.Object({ lang: Type.Optional(Type.String({ maxLength: 2 })) }),
        body: Type.Object({ session: Type.String({ maxLength: 1000 }), bet: Type.String({ maxLength: 20 }) }),
      },
    },
    async (request, reply) => {
      const games = sandboxGames();
      const g = gameInfo(request.params.code);
      const username = g ? games.verifySession(g.code, request.body.session) : undefined;
      if (!g || !username) throw new AppError('invalid-token', 401);
      const currency = await ctx.db
        .selectFrom('game_accounts')
        .innerJoin('members', 'members.id', 'game_accounts.member_id')
        .select('members.currency')
        .where('game_accounts.code', '=', g.code)
        .where('game_accounts.username', '=', username)
        .executeTakeFirst();
      // The form takes major units (baht); the provider counts minor units like our ledger.
      const bet = Math.round(Number(request.body.bet) * (currency?.currency === 'LAK' ? 1 : 100));
      let msg: 'won' | 'lost' | 'bet';
      try {
        const r = await games.playRound(g.code, username, bet);
        msg = r.win > 0 ? 'won' : 'lost';
      } catch {
        msg = 'bet';
      }
      const q = new URLSearchParams({ session: request.body.session, lang: lang(request.query.lang), msg });
      return reply.redirect(`/sandbox/games/${g.code}/play?${q.toString()}`, 303);
    },
  );

  app.post(
    '/games/:code/faults',
    {
      schema: {
        tags,
        summary: 'The next transfers of that provider fail that way (ok | error | timeout | unknown)',
        params: GameParams,
        body: Type.Object({ mode: Type.Union(FAULT_MODES.map((m) => Type.Literal(m))) }),
        response: { 200: Type.Object({ code: Type.String(), mode: Type.String() }) },
      },
    },
    async (request) => {
      const g = gameInfo(request.params.code);
      if (!g) throw new AppError('NO_GAME', 404);
      sandboxGames().setFault(g.code, request.body.mode as FaultMode);
      return { code: g.code, mode: request.body.mode };
    },
  );

  app.post(
    '/payouts/:withdrawalId/settle',
    {
      schema: {
        tags,
        summary: 'Settle a pending payout now (success or failed → money back to the wallet)',
        params: Type.Object({ withdrawalId: Type.String({ maxLength: 64 }) }),
        body: Type.Object({ outcome: Type.Union([Type.Literal('success'), Type.Literal('failed')]) }),
        response: {
          200: Type.Object({ withdrawalId: Type.String(), status: Type.String() }),
        },
      },
    },
    async (request) => {
      const bank = ctx.sandboxPayouts;
      if (!bank) throw new AppError('NO_DATA', 404);
      const { withdrawalId } = request.params;
      await bank.force(withdrawalId, request.body.outcome === 'success' ? 'SUCCESS' : 'FAILED');
      const status = await ctx.payouts.poll(withdrawalId);
      return { withdrawalId, status };
    },
  );
};
