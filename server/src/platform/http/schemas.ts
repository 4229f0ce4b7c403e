import { Type, type Static, type TSchema } from '@sinclair/typebox';

/** Error envelope (docs/architecture.md): `{ code, message }` with a catalogue code. */
export const ErrorBody = Type.Object(
  {
    code: Type.String({ description: 'Error catalogue code (spec §8), `gone` or `invalid-token`' }),
    message: Type.String(),
    operationId: Type.Optional(
      Type.String({ description: 'a money operation that failed and moved nothing in the end' }),
    ),
    field: Type.Optional(
      Type.String({
        description: 'the request field the error is about (e.g. bankAccountNo), when it is one',
      }),
    ),
    minimum: Type.Optional(
      Type.String({
        description: 'the minimum (minor units) the request did not reach, e.g. a bonus deposit',
      }),
    ),
    maximum: Type.Optional(
      Type.String({
        description: 'the maximum (minor units) the request went over, e.g. the withdrawal maximum',
      }),
    ),
  },
  { $id: 'ErrorBody', title: 'ErrorBody' },
);
export type ErrorBody = Static<typeof ErrorBody>;

/** Success envelope: `{ code: 'SUCCESS', data }`. */
export const Ok = <T extends TSchema>(data: T) => Type.Object({ code: Type.Literal('SUCCESS'), data });

const errorRef = Type.Ref('ErrorBody');

/** Response schemas of a route: the success envelope for 200 and the error envelope for 4xx and 5xx. */
export const replies = <T extends TSchema>(data: T) => ({ 200: Ok(data), '4xx': errorRef, '5xx': errorRef });

export const success = <T>(data: T): { code: 'SUCCESS'; data: T } => ({ code: 'SUCCESS', data });

/** The currency of a member's wallet (the Laos build's `BAHT` registration is a THB wallet). */
export const WalletCurrency = Type.Union([Type.Literal('THB'), Type.Literal('LAK')]);
export type WalletCurrency = Static<typeof WalletCurrency>;
/** The stored currency of a wallet (`members.currency`, `ledger_accounts.currency`: always THB or LAK). */
export const walletCurrency = (stored: string): WalletCurrency => {
  if (stored === 'THB' || stored === 'LAK') return stored;
  throw new Error(`unexpected wallet currency ${JSON.stringify(stored)}`);
};

export const BankRef = Type.Object({
  code: Type.String(),
  nameTH: Type.String(),
  nameEN: Type.String(),
  nameLA: Type.String(),
});

export type BankRef = Static<typeof BankRef>;

export const Profile = Type.Object({
  _id: Type.String({ description: '24 hex characters' }),
  username: Type.String(),
  name: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  coin: Type.Integer(),
  bankCode: Type.String(),
  bankAccountName: Type.String(),
  bankAccountNo: Type.String(),
  bank: BankRef,
  currency: WalletCurrency,
});
export type Profile = Static<typeof Profile>;

/** The member's main wallet balance (GET /api/wallet and every money-moving answer). */
export const Wallet = Type.Object({
  amount: Type.Integer({ description: 'Main wallet balance in minor units (THB: satang, LAK: kip)' }),
  currency: WalletCurrency,
});

/** Optional Idempotency-Key header of the money-moving routes (docs/ledger.md). */
export const idempotencyHeader = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
});

/** Paging body of the list routes. */
export const Page = Type.Object({
  page: Type.Integer({ minimum: 1, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
});

export const TokenData = Type.Object({ token: Type.String() });

/** Bearer auth marker for the OpenAPI document. */
export const bearer = [{ bearerAuth: [] }];
