import { del, get, http, post, UPLOAD_TIMEOUT_MS } from '../http/client';
import { withIdempotencyKey } from '../http/idempotency';
import type { GameAccount, WalletResponse } from './types';

/**
 * The money endpoints of docs/wallet-api.md: wallet snapshot, game accounts, transfer, withdraw, deposits (QR,
 * slip, gift link), invite, refund, statement. Amounts are integers in minor units. Every call that moves money
 * takes an optional `idempotencyKey`: pass the key of the member's action (`newIdempotencyKey()` once per tap)
 * and pass the same key again when retrying that action.
 */

/** `GET /api/wallet` as the contract has it: the snapshot plus the spin flag and its time. */
export interface WalletSnapshot extends WalletResponse {
  spin: { isActive: boolean };
  /** ISO time of this snapshot. */
  updatedAt: string;
}

/** `"wallet"` is the main wallet; any other value is a game code. */
export type WalletAccountCode = string;
export const MAIN_WALLET: WalletAccountCode = 'wallet';

export interface GameCredentials {
  username: string;
  password: string;
  event?: Record<string, string>;
}

export interface TransferResult {
  /** PENDING: the provider's outcome is unknown; reconciliation settles it. */
  status: 'SUCCESS' | 'PENDING';
  transferId: string;
  wallet: { amount: number; currency: string };
  slots: GameAccount[];
}

export interface WithdrawResult {
  withdrawalId: string;
  status: 'PENDING' | 'SUCCESS' | 'FAILED';
  amount: number;
  wallet: { amount: number; currency: string };
}

export type QrChannel = 'KBANK' | 'WW' | 'PAYTIMZ' | 'PAYONEX' | 'ZPAY';
export const QR_CHANNELS: readonly QrChannel[] = ['KBANK', 'WW', 'PAYTIMZ', 'PAYONEX', 'ZPAY'];

export interface DepositBank {
  bankType: 'BANK' | 'PAYMENT';
  bankCode: string;
  mode: 'AUTO' | 'SMS' | 'MANUAL';
  bank: { nameTH: string; nameEN: string };
  bankAccountName: string;
  bankAccountNo: string;
  currency: string;
}

export interface QrChannelSetting {
  channel: QrChannel;
  /** Minor units. */
  minimum: number;
  /** Minor units. */
  quickAmounts: number[];
}

export interface DepositLookup {
  banks: DepositBank[];
  wallets: { mode: string; walletAccountName: string }[];
  isManual: boolean;
  qrChannels?: QrChannelSetting[];
}

export interface QrState {
  qrcodeId: string | null;
  hasQrcode: boolean;
  /** SVG markup of the QR. */
  qrcode: string;
  amount: number;
  /** Expiry, epoch milliseconds. */
  expireIn: number;
  /** Catalogue code when `hasQrcode` is false (e.g. QR_FAIL). */
  message: string;
  /** Pays this QR on the member's own device (a banking-app link; in the sandbox, the channel's pay page). */
  payUrl?: string | null;
}

export type SlipStatus = 'PROCESSING' | 'SUCCESS' | 'FAILED';

export interface Slip {
  reference: string;
  createdAt: string;
  amount: number;
  status: SlipStatus;
  /** Reason code (spec §4), translated through `errors:slip.<code>`. */
  note: string | null;
  link: string;
}

export interface Banner {
  image: string;
  html: string;
}

export interface InviteEntry {
  from: { name: string };
  amount: number;
  createdAt: string;
}

export interface RefundCheck {
  result: boolean;
  /** A bonus is held: refund cannot be received now. */
  bonus: boolean;
  /** Server html. */
  info: string;
  refundAmount: number;
  refundSuccess: number;
  refundFail: number;
}

export interface RefundEntry {
  refundAmount: number;
  createdAt: string;
}

export interface StatementEntry {
  _id: string;
  statementType: 'deposit' | 'bonus' | 'finish_bonus' | 'withdraw' | 'transfer';
  from: string;
  to: string;
  status: 'SUCCESS' | 'FAILED' | 'PENDING';
  amount: number;
  createdAt: string;
  bonus?: { description: string };
  promotion?: { description: string };
  invite?: { description: string };
  refund?: { description: string };
  luckydraw?: { description: string };
}

const enc = encodeURIComponent;

export const moneyApi = {
  wallet: () => get<WalletSnapshot>('/api/wallet'),
  /** Re-reads every game balance from the providers. */
  refreshSlots: () => get<GameAccount[]>('/api/wallet/refresh/slot'),
  transfer: (
    body: { from: WalletAccountCode; to: WalletAccountCode; amount: number },
    idempotencyKey?: string,
  ) => post<TransferResult>('/api/wallet/transfer', body, withIdempotencyKey(idempotencyKey)),
  /** `to: "wallet"` collects every game balance; a game code moves the whole wallet there. */
  transferAll: (to: WalletAccountCode, idempotencyKey?: string) =>
    post<TransferResult>('/api/wallet/transferAll', { to }, withIdempotencyKey(idempotencyKey)),
  withdraw: (amount: number, idempotencyKey?: string) =>
    post<WithdrawResult>('/api/wallet/withdraw', { amount }, withIdempotencyKey(idempotencyKey)),
  /** Collects every game balance into the wallet, then withdraws `amount` (the withdraw modal uses this). */
  withdrawAll: (amount: number, idempotencyKey?: string) =>
    post<WithdrawResult>('/api/wallet/withdrawAll', { amount }, withIdempotencyKey(idempotencyKey)),
  /** Manual deposit notice, matched to an incoming bank transfer. */
  add: (amount: number, idempotencyKey?: string) =>
    post<{ depositId: string; status: 'PENDING' }>(
      '/api/wallet/add',
      { amount },
      withIdempotencyKey(idempotencyKey),
    ),
};

export const gamesApi = {
  activate: (code: string) => get<GameAccount>(`/api/wallet/activate/${enc(code)}`),
  credentials: (code: string) => get<GameCredentials>(`/api/wallet/account/${enc(code)}`),
  resetPassword: (code: string) => get<GameCredentials>(`/api/wallet/resetpassword/${enc(code)}`),
  autoLogin: (provider: string, username: string, password?: string) =>
    get<{ link: string }>(
      `/api/autoLogin/${enc(provider)}/${enc(username)}${password ? `/${enc(password)}` : ''}`,
    ),
};

export const depositApi = {
  lookup: () => get<DepositLookup>('/api/lookup/deposit'),
  /** The pending QR of a channel, or `hasQrcode: false`. */
  qr: (channel: QrChannel) => get<QrState>(`/api/qrcode/${enc(channel)}`),
  createQr: (channel: QrChannel, amount: number, idempotencyKey?: string) =>
    post<QrState>(`/api/qrcode/${enc(channel)}`, { amount }, withIdempotencyKey(idempotencyKey)),
  cancelQr: (qrcodeId: string) => del<{ cancelled: true }>(`/api/qrcode/${enc(qrcodeId)}`),
  /**
   * Multipart slip upload with the 300 s timeout and progress (0..1). The shared `upload()` takes no request
   * config, so this is the same call with the idempotency header added.
   */
  uploadSlip: async (
    file: Blob,
    options: { amount?: number; onProgress?: (fraction: number) => void; idempotencyKey?: string } = {},
  ): Promise<Slip> => {
    const form = new FormData();
    form.append('file', file);
    if (options.amount !== undefined) form.append('amount', String(options.amount));
    const response = await http.post<Slip>(
      '/api/wallet/slip',
      form,
      withIdempotencyKey(options.idempotencyKey, {
        timeout: UPLOAD_TIMEOUT_MS,
        onUploadProgress: (event) => {
          if (options.onProgress && event.total) options.onProgress(event.loaded / event.total);
        },
      }),
    );
    return response.data;
  },
  /** `link` is the client-encrypted `link::walletName`. */
  truelink: (link: string, idempotencyKey?: string) =>
    post<{ amount: number; status: string }>(
      '/api/wallet/truelink',
      { link },
      withIdempotencyKey(idempotencyKey),
    ),
};

export const inviteApi = {
  list: (page: number, limit: number) =>
    post<{ invites: InviteEntry[]; total: number }>('/api/invite', { page, limit }),
  /** Receives the unclaimed invite bonus into the wallet. */
  receive: (idempotencyKey?: string) =>
    get<{ amount: number; message: string }>('/api/invite/bonus', withIdempotencyKey(idempotencyKey)),
  banners: () => get<Banner[]>('/api/invite/banners'),
};

export const refundApi = {
  list: (page: number, limit: number) =>
    post<{ refunds: RefundEntry[]; total: number }>('/api/refund', { page, limit }),
  check: () => get<RefundCheck>('/api/refund/check'),
  receive: (idempotencyKey?: string) =>
    get<{ message: string; refundAmount: number }>('/api/refund/receive', withIdempotencyKey(idempotencyKey)),
  toWallet: (idempotencyKey?: string) =>
    get<{ message: string; amount: number }>('/api/refund/addWallet', withIdempotencyKey(idempotencyKey)),
  banners: () => get<Banner[]>('/api/refund/banners'),
};

export const statementApi = {
  list: (page: number, limit: number) =>
    post<{ total: number; statements: StatementEntry[] }>('/api/statement', { page, limit }),
  slips: (page: number, limit: number) =>
    post<{ total: number; slips: Slip[] }>('/api/statement/slip', { page, limit }),
  slipLink: (reference: string) => get<{ url: string }>(`/api/statement/slip/reference/${enc(reference)}`),
};
