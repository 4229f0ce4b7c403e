import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { auth, requireMember } from '../../platform/http/auth';
import { BankRef, bearer, Profile, replies, success } from '../../platform/http/schemas';
import { idempotencyKeyOf, idempotent } from '../../core/idempotency';

export const GameAccount = Type.Object({
  code: Type.String(),
  name: Type.String(),
  logo: Type.String(),
  background: Type.String(),
  category: Type.Union([Type.Literal('slot'), Type.Literal('sport'), Type.Literal('lotto')]),
  isActive: Type.Boolean(),
  amount: Type.Integer({ description: 'Game balance in minor units as last read from the provider' }),
  ftWalletSlot: Type.Number(),
  web: Type.Union([Type.String(), Type.Null()]),
  android: Type.Union([Type.String(), Type.Null()]),
  ios: Type.Union([Type.String(), Type.Null()]),
});

const Wallet = Type.Object({
  amount: Type.Integer({ description: 'Main wallet balance in minor units (THB: satang, LAK: kip)' }),
  currency: Type.String(),
});

const WalletView = Type.Object({
  profile: Profile,
  bankAccount: Type.Object({ bankAccountName: Type.String(), bankAccountNo: Type.String(), bank: BankRef }),
  wallet: Wallet,
  invite: Type.Object({ amount: Type.Integer(), success: Type.Integer(), fail: Type.Integer() }),
  slots: Type.Array(GameAccount, { description: 'All 16 games, active or not' }),
  spin: Type.Object({ isActive: Type.Boolean() }),
  updatedAt: Type.String({ format: 'date-time' }),
});

const Credentials = Type.Object({
  username: Type.String(),
  password: Type.String(),
  event: Type.Optional(Type.Record(Type.String(), Type.String())),
});

const TransferResult = Type.Object({
  status: Type.Union([Type.Literal('SUCCESS'), Type.Literal('PENDING')], {
    description: 'PENDING: provider outcome unknown, settled by reconciliation',
  }),
  transferId: Type.String(),
  wallet: Wallet,
  slots: Type.Array(GameAccount),
});

const WithdrawResult = Type.Object({
  withdrawalId: Type.String(),
  status: Type.Union([Type.Literal('PENDING'), Type.Literal('SUCCESS'), Type.Literal('FAILED')]),
  amount: Type.Integer(),
  wallet: Wallet,
});

const AccountCode = Type.String({ minLength: 1, maxLength: 20, description: '"wallet" or a game code' });
const Amount = Type.Integer({ description: 'minor units' });
const CodeParam = Type.Object({ code: Type.String({ maxLength: 20 }) });
const idempotencyHeader = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
});

/** The member wallet and game accounts (docs/wallet-api.md). */
export const walletRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const tags = ['wallet'];
  const member = { preHandler: requireMember };
  const money = idempotent(requireMember);
  const moneyConfig = { validationCode: 'KEY_INVALID' };

  app.get(
    '/wallet',
    {
      ...member,
      schema: { tags, security: bearer, summary: 'Member wallet', response: replies(WalletView) },
    },
    async (request) => {
      const { memberId } = auth(request);
      const [view, slots, invite, spin] = await Promise.all([
        ctx.accounts.wallet(memberId),
        ctx.games.slots(memberId),
        ctx.inviteSummary(memberId),
        ctx.settings.get('spin.active'),
      ]);
      return success({
        ...view,
        invite,
        slots,
        spin: { isActive: spin },
        updatedAt: ctx.clock.now().toISOString(),
      });
    },
  );

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
    async (request) => success(await ctx.games.refreshAll(auth(request).memberId)),
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
    async (request) => success(await ctx.games.activate(auth(request).memberId, request.params.code)),
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
    async (request) => success(await ctx.games.credentials(auth(request).memberId, request.params.code)),
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
    async (request) => success(await ctx.games.resetPassword(auth(request).memberId, request.params.code)),
  );

  app.post(
    '/wallet/transfer',
    {
      ...money,
      config: moneyConfig,
      schema: {
        tags,
        security: bearer,
        summary: 'Move money between the wallet and a game (Idempotency-Key)',
        headers: idempotencyHeader,
        body: Type.Object({ from: AccountCode, to: AccountCode, amount: Amount }),
        response: replies(TransferResult),
      },
    },
    async (request) =>
      success(await ctx.games.transfer(auth(request).memberId, request.body, idempotencyKeyOf(request))),
  );

  app.post(
    '/wallet/transferAll',
    {
      ...money,
      config: moneyConfig,
      schema: {
        tags,
        security: bearer,
        summary:
          'to "wallet": collect every game balance; to a game: move the whole wallet (Idempotency-Key)',
        headers: idempotencyHeader,
        body: Type.Object({ to: AccountCode }),
        response: replies(TransferResult),
      },
    },
    async (request) =>
      success(
        await ctx.games.transferAll(auth(request).memberId, request.body.to, idempotencyKeyOf(request)),
      ),
  );

  app.post(
    '/wallet/withdraw',
    {
      ...money,
      config: moneyConfig,
      schema: {
        tags,
        security: bearer,
        summary: 'Withdraw to the registered bank account (Idempotency-Key)',
        headers: idempotencyHeader,
        body: Type.Object({ amount: Amount }),
        response: replies(WithdrawResult),
      },
    },
    async (request) =>
      success(
        await ctx.payouts.withdraw(auth(request).memberId, request.body.amount, idempotencyKeyOf(request)),
      ),
  );

  app.post(
    '/wallet/withdrawAll',
    {
      ...money,
      config: moneyConfig,
      schema: {
        tags,
        security: bearer,
        summary: 'Collect every game balance into the wallet, then withdraw amount (Idempotency-Key)',
        headers: idempotencyHeader,
        body: Type.Object({ amount: Amount }),
        response: replies(WithdrawResult),
      },
    },
    async (request) => {
      const { memberId } = auth(request);
      const key = idempotencyKeyOf(request);
      await ctx.games.collectAll(memberId, key);
      return success(await ctx.payouts.withdraw(memberId, request.body.amount, key));
    },
  );
};
