import { del, get, http, post, UPLOAD_TIMEOUT_MS, withIdempotencyKey } from '@wallet/shared';

/** Deposits (docs/money-in.md): the deposit lookup, QR by channel, slip upload, gift link. */

export type QrChannel = 'KBANK' | 'WW' | 'PAYTIMZ' | 'PAYONEX' | 'ZPAY';

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

const enc = encodeURIComponent;

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
