import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import QRCode from 'qrcode';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors';
import { isLocalOrOperator, localOrOperator } from '../../platform/http/sandbox-guard';
import { pageCsp } from '../../platform/http/security';
import { signWebhook } from './webhook-signature';

const escapeHtml = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** An amount as the channel asks for it: baht with 2 decimals, kip whole (its minor unit is one kip). */
const shownAmount = (minor: number, currency: string): string =>
  currency === 'LAK' ? String(minor) : `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

/** The pay page's inline style and script: constant, so its CSP names them by hash (no 'unsafe-inline'). */
const PAY_STYLE = `body{font-family:sans-serif;max-width:420px;margin:2rem auto;padding:0 1rem}
.qr svg{width:240px;height:240px}button{font-size:1.2rem;padding:.6rem 2rem}`;
const PAY_SCRIPT = `
document.getElementById('pay').addEventListener('click', async (event) => {
  const qr = encodeURIComponent(event.currentTarget.dataset.qr);
  const sig = encodeURIComponent(event.currentTarget.dataset.sig);
  const res = await fetch('/sandbox/qr/' + qr + '/pay?sig=' + sig, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  const out = await res.json();
  const d = (out.deliveries || [])[0] || {};
  document.getElementById('result').textContent = res.ok ? 'Webhook delivered: ' + d.outcome : 'Failed: ' + JSON.stringify(out);
  if (d.outcome === 'CREDITED') document.getElementById('status').textContent = 'PAID';
});
`;
const PAY_CSP = pageCsp({ scripts: [PAY_SCRIPT], styles: [PAY_STYLE] });

const Delivery = Type.Object({
  statusCode: Type.Integer(),
  outcome: Type.Union([Type.String(), Type.Null()]),
  duplicate: Type.Union([Type.Boolean(), Type.Null()]),
});

/**
 * Sandbox payment systems (only while SANDBOX is on; registered at /sandbox by the deposits plugin). They act as the
 * outside party would: a payment channel or the bank sends its signed webhook to /api/webhooks/…, through the
 * same HTTP stack (inject) and signature check as a real delivery. Plain JSON, no envelope (like /sandbox/sms).
 */
export const depositSandboxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx, deposits: m, content, members } = app;
  const tags = ['sandbox'];
  /** Money routes: from this machine or with the operator secret (platform/http/sandbox-guard). */
  const locked = localOrOperator(ctx);
  /** The pay page and its Pay button: the signed link of the QR's member, or this machine / the operator. */
  const payLinkOrLocal = async (request: FastifyRequest): Promise<void> => {
    const { qrcodeId } = request.params as { qrcodeId?: string };
    const { sig } = (request.query ?? {}) as { sig?: unknown };
    if (isLocalOrOperator(request, ctx)) return;
    if (!qrcodeId || !m.payLinks.check(qrcodeId, sig)) throw new AppError('KEY_INVALID', 403);
  };
  const PayQuery = Type.Object({ sig: Type.Optional(Type.String({ maxLength: 100 })) });

  const deliver = async (url: string, body: object) => {
    const raw = JSON.stringify(body);
    const timestamp = String(ctx.clock.now().getTime());
    const res = await app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/json',
        'x-timestamp': timestamp,
        'x-signature': signWebhook(ctx.secrets.webhookSecret, timestamp, raw),
      },
      payload: raw,
    });
    let outcome: string | null = null;
    let duplicate: boolean | null = null;
    try {
      const parsed = JSON.parse(res.body) as { data?: { outcome?: string; duplicate?: boolean } };
      outcome = parsed.data?.outcome ?? null;
      duplicate = parsed.data?.duplicate ?? null;
    } catch {
      // not JSON: leave the outcome unknown
    }
    return { statusCode: res.statusCode, outcome, duplicate };
  };

  /**
   * The currency a bank reports for a transfer: the one of the receiving account it went into. Named by
   * `toAccountNo` (an account of the deposit content, else 404 NO_DATA); unnamed, the member sends to the account
   * their deposit window shows them, which is in their wallet's currency (a baht member of the Laos build pays into
   * the baht account); from nobody's account, the build's default.
   */
  const transferCurrency = async (
    fromBankCode: string,
    fromAccountNo: string,
    toAccountNo: string | undefined,
  ): Promise<string> => {
    if (toAccountNo !== undefined) {
      const stored = (await content.get('deposit', 'en')) as { banks?: unknown } | undefined;
      const banks = Array.isArray(stored?.banks)
        ? (stored.banks as { bankAccountNo?: unknown; currency?: unknown }[])
        : [];
      const to = banks.find((bank) => bank.bankAccountNo === toAccountNo.replace(/[\s-]/g, ''));
      if (typeof to?.currency !== 'string') throw new AppError('NO_DATA', 404, 'no such receiving account');
      return to.currency;
    }
    const sender = await members.byBankAccount(fromBankCode, fromAccountNo.replace(/[\s-]/g, ''));
    return sender?.currency ?? (ctx.config.laos ? 'LAK' : 'THB');
  };

  app.get(
    '/pay/:qrcodeId',
    {
      schema: {
        tags,
        summary: 'A page to pay a pending QR as its payment channel would (the signed payUrl of the QR)',
        params: Type.Object({ qrcodeId: Type.String({ maxLength: 64 }) }),
        querystring: PayQuery,
      },
      onRequest: payLinkOrLocal,
    },
    async (request, reply) => {
      const qr = await m.qr.find(request.params.qrcodeId);
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', PAY_CSP);
      if (!qr) return reply.status(404).send('<!doctype html><title>Sandbox pay</title><p>No such QR.</p>');
      const svg = await QRCode.toString(qr.payload, { type: 'svg', margin: 2, width: 240 });
      const expires = new Date(qr.expires_at);
      const id = escapeHtml(qr.id);
      const sig = escapeHtml(m.payLinks.sign(qr.id));
      return reply.send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sandbox ${escapeHtml(qr.channel)} payment</title>
<style>${PAY_STYLE}</style></head>
<body><h1>${escapeHtml(qr.channel)} sandbox</h1>
<p>Amount: <strong>${shownAmount(qr.amount, qr.currency)} ${escapeHtml(qr.currency)}</strong></p>
<p>Status: <strong id="status">${escapeHtml(qr.status)}</strong> · expires ${escapeHtml(expires.toISOString())}</p>
<div class="qr">${svg}</div>
<p><button id="pay" type="button" data-qr="${id}" data-sig="${sig}">Pay</button></p>
<p id="result" role="status"></p>
<script>${PAY_SCRIPT}</script></body></html>`);
    },
  );

  app.post(
    '/qr/:qrcodeId/pay',
    {
      schema: {
        tags,
        summary:
          'Pay a QR: the channel sends its signed webhook (repeat > 1 redelivers the same notification)',
        params: Type.Object({ qrcodeId: Type.String({ maxLength: 64 }) }),
        querystring: PayQuery,
        body: Type.Optional(
          Type.Object({
            repeat: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
            amount: Type.Optional(Type.Integer({ minimum: 1, description: 'pay another amount than asked' })),
          }),
        ),
        response: {
          200: Type.Object({ txid: Type.String(), deliveries: Type.Array(Delivery) }),
          404: Type.Object({ code: Type.String(), message: Type.String() }),
        },
      },
      onRequest: payLinkOrLocal,
    },
    async (request, reply) => {
      const qr = await m.qr.find(request.params.qrcodeId);
      if (!qr) return reply.status(404).send({ code: 'NO_DATA', message: 'NO_DATA' });
      const txid = `${qr.channel}-TX-${randomBytes(6).toString('hex').toUpperCase()}`;
      const body = {
        txid,
        qrcodeId: qr.id,
        channelRef: qr.channel_ref,
        amount: request.body?.amount ?? qr.amount,
        currency: qr.currency,
        status: 'PAID',
        paidAt: ctx.clock.now().toISOString(),
      };
      const deliveries = [];
      for (let i = 0; i < (request.body?.repeat ?? 1); i += 1) {
        deliveries.push(await deliver(`/api/webhooks/payments/${qr.channel}`, body));
      }
      return { txid, deliveries };
    },
  );

  app.post(
    '/bank/incoming',
    {
      schema: {
        tags,
        summary: 'An incoming bank transfer: the bank sends its signed webhook',
        body: Type.Object({
          fromAccountNo: Type.String({ minLength: 1 }),
          fromBankCode: Type.String({ minLength: 1 }),
          amount: Type.Integer({ minimum: 1, description: 'minor units' }),
          toAccountNo: Type.Optional(
            Type.String({
              minLength: 1,
              maxLength: 40,
              description:
                'the receiving account paid into (one of the deposit lookup): its currency is reported',
            }),
          ),
          currency: Type.Optional(
            Type.String({
              description:
                "what the bank reports; default: the receiving account's, else the sender member's (the account " +
                'their deposit window shows them), else the build default',
            }),
          ),
          txid: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
          repeat: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
        }),
        response: { 200: Type.Object({ txid: Type.String(), deliveries: Type.Array(Delivery) }) },
      },
      onRequest: locked,
    },
    async (request) => {
      const b = request.body;
      const txid = b.txid ?? `BANK-TX-${randomBytes(6).toString('hex').toUpperCase()}`;
      const body = {
        txid,
        fromBankCode: b.fromBankCode,
        fromAccountNo: b.fromAccountNo,
        amount: b.amount,
        currency: b.currency ?? (await transferCurrency(b.fromBankCode, b.fromAccountNo, b.toAccountNo)),
        transferredAt: ctx.clock.now().toISOString(),
      };
      const deliveries = [];
      for (let i = 0; i < (b.repeat ?? 1); i += 1) deliveries.push(await deliver('/api/webhooks/bank', body));
      return { txid, deliveries };
    },
  );
};
