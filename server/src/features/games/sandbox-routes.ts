import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AppError } from '../../platform/errors';
import { localOrOperator } from '../../platform/http/sandbox-guard';
import { LOCALES, pickLocale, type Locale } from '../../platform/locale';
import { GAME_PLATFORMS, gameInfo } from './catalogue';
import { PLAY_PAGE_CSP, platformPage, playPage } from './play-page';
import { ProviderError } from './provider';
import { FAULT_MODES, type FaultMode, type SandboxGames } from './sandbox-provider';

/**
 * The sandbox game providers' endpoints (only while SANDBOX is on): the play page an auto-login link opens, the
 * stand-ins for each game's website and apps (the game list's web / android / ios links), and the provider
 * faults. Plain JSON (no envelope) or HTML.
 */
export const gamesSandboxRoutes: FastifyPluginAsyncTypebox<{ sandbox: SandboxGames }> = async (
  app,
  { sandbox },
) => {
  const { ctx } = app;
  const tags = ['sandbox'];
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

  /** The wallet currency of the member behind a game account (THB when there is none). */
  const currencyOf = async (code: string, username: string): Promise<string> => {
    const account = await ctx.db
      .selectFrom('game_accounts')
      .select('member_id')
      .where('code', '=', code)
      .where('username', '=', username)
      .executeTakeFirst();
    return account ? app.members.currency(account.member_id) : 'THB';
  };
  const GameParams = Type.Object({ code: Type.String({ maxLength: 20 }) });
  /** The page's language: `?lang=` (th, la, en), else the browser's Accept-Language, else Thai. */
  const lang = (asked: string | undefined, acceptLanguage: string | undefined): Locale =>
    LOCALES.includes(asked as Locale) ? (asked as Locale) : pickLocale(acceptLanguage, 'th');

  app.get(
    '/games/:code/play',
    {
      schema: {
        tags,
        summary: 'The sandbox game page an auto-login link opens (HTML, th/la/en)',
        params: GameParams,
        querystring: Type.Object({
          session: Type.String({ maxLength: 1000 }),
          lang: Type.Optional(Type.String({ maxLength: 2 })),
          msg: Type.Optional(Type.String({ maxLength: 10 })),
        }),
      },
    },
    async (request, reply) => {
      const games = sandbox;
      const g = gameInfo(request.params.code);
      const username = g ? games.verifySession(g.code, request.query.session) : undefined;
      if (!g || !username) throw new AppError('invalid-token', 401);
      const player = await games.player(g.code, username);
      const currency = await currencyOf(g.code, username);
      const msg = request.query.msg;
      reply.header('content-type', 'text/html; charset=utf-8');
      reply.header('cache-control', 'no-store');
      reply.header('content-security-policy', PLAY_PAGE_CSP);
      return playPage({
        game: g,
        username,
        session: request.query.session,
        balance: player.balance,
        currency,
        rounds: await games.lastRounds(g.code, username),
        message: msg === 'won' || msg === 'lost' || msg === 'bet' ? msg : null,
        lang: lang(request.query.lang, request.headers['accept-language']),
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
      const games = sandbox;
      const g = gameInfo(request.params.code);
      const username = g ? games.verifySession(g.code, request.body.session) : undefined;
      if (!g || !username) throw new AppError('invalid-token', 401);
      const currency = await currencyOf(g.code, username);
      // The form takes major units (baht); the provider counts minor units like our ledger.
      const bet = Math.round(Number(request.body.bet) * (currency === 'LAK' ? 1 : 100));
      let msg: 'won' | 'lost' | 'bet';
      try {
        const r = await games.playRound(g.code, username, bet);
        msg = r.win > 0 ? 'won' : 'lost';
      } catch {
        msg = 'bet';
      }
      const q = new URLSearchParams({
        session: request.body.session,
        lang: lang(request.query.lang, request.headers['accept-language']),
        msg,
      });
      return reply.redirect(`/sandbox/games/${g.code}/play?${q.toString()}`, 303);
    },
  );

  app.get(
    '/games/:code/:platform',
    {
      schema: {
        tags,
        summary:
          "The sandbox provider's stand-in for a game's website, Android app or iOS app (HTML, th/la/en)",
        params: Type.Object({
          code: Type.String({ maxLength: 20 }),
          platform: Type.Union(GAME_PLATFORMS.map((p) => Type.Literal(p))),
        }),
        querystring: Type.Object({ lang: Type.Optional(Type.String({ maxLength: 2 })) }),
      },
    },
    async (request, reply) => {
      const g = gameInfo(request.params.code);
      const { platform } = request.params;
      // Only the platforms the game offers have a link in the game list.
      if (!g || !g.platforms.includes(platform)) throw new AppError('NO_GAME', 404);
      reply.header('content-type', 'text/html; charset=utf-8');
      reply.header('content-security-policy', PLAY_PAGE_CSP);
      return platformPage({
        game: g,
        platform,
        lang: lang(request.query.lang, request.headers['accept-language']),
      });
    },
  );

  app.post(
    '/games/:code/rounds',
    {
      schema: {
        tags,
        summary:
          'Play one round with a set outcome at the sandbox provider (bet and win in minor units), reported to the wallet as played at playedAt (default now)',
        params: GameParams,
        body: Type.Object({
          username: Type.String({ minLength: 1, maxLength: 100, description: "the player's username there" }),
          bet: Type.Integer({ minimum: 1 }),
          win: Type.Integer({ minimum: 0 }),
          playedAt: Type.Optional(Type.String({ format: 'date-time' })),
        }),
        response: {
          200: Type.Object({
            roundId: Type.String(),
            bet: Type.Integer(),
            win: Type.Integer(),
            balance: Type.Integer({ description: "the player's balance at the provider after the round" }),
            playedAt: Type.String(),
          }),
        },
      },
      // Moves a player's money at the provider: this machine or the operator only.
      onRequest: localOrOperator(ctx),
    },
    async (request) => {
      const g = gameInfo(request.params.code);
      if (!g) throw new AppError('NO_GAME', 404);
      const { username, bet, win } = request.body;
      const playedAt = request.body.playedAt ? new Date(request.body.playedAt) : ctx.clock.now();
      // A round is reported once played: never in the future.
      if (Number.isNaN(playedAt.getTime()) || playedAt.getTime() > ctx.clock.now().getTime()) {
        throw new AppError('NO_DATA', 400);
      }
      try {
        const r = await sandbox.playRound(g.code, username, bet, { win, playedAt });
        return {
          roundId: `sandbox-${r.id}`,
          bet: r.bet,
          win: r.win,
          balance: r.balance,
          playedAt: playedAt.toISOString(),
        };
      } catch (e) {
        // No such player there, or a bet the player's balance does not cover.
        if (e instanceof ProviderError) {
          throw e.message === 'bet'
            ? new AppError('MONEY_NOT_ENOUGH', 400)
            : new AppError('SLOT_NO_ACCOUNT', 404);
        }
        throw e;
      }
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
      // Breaks the provider for every member: this machine or the operator only.
      onRequest: localOrOperator(ctx),
    },
    async (request) => {
      const g = gameInfo(request.params.code);
      if (!g) throw new AppError('NO_GAME', 404);
      sandbox.setFault(g.code, request.body.mode as FaultMode);
      return { code: g.code, mode: request.body.mode };
    },
  );
};
