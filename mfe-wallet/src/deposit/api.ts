import { del, get, http, post, UPLOAD_TIMEOUT_MS, withIdempotencyKey } from '@wallet/shared';
import type { ApiData } from '@wallet/api-types';

/** Deposits (docs/money-in.md): the deposit lookup, QR by channel, slip upload, gift link. */

export type DepositLookup = ApiData<'/api/lookup/deposit', 'get'>;
export type DepositBank = DepositLookup['banks'][number];
/** `minimum` and `quickAmounts` in minor units. */
export type QrChannelSetting = DepositLookup['qrChannels'][number];
export type QrChannel = QrChannelSetting['channel'];
/** `qrcode` is SVG markup; `expireIn` epoch milliseconds; `message` a catalogue code when `hasQrcode` is false. */
export type QrState = ApiData<'/api/qrcode/{channel}', 'get'>;
/** `note`: reason code (spec §4), translated through `errors:slip.<code>`. */
export type Slip = ApiData<'/api/wallet/slip', 'post'>;
export type SlipStatus = Slip['status'];
/** Slip upload settings: `closedFrom`–`closedUntil` (HH:mm in `timezone`) is the daily closing window. */
export type SlipSettings = ApiData<'/api/lookup/slip', 'get'>;

const enc = encodeURIComponent;

export const depositApi = {
  lookup: () => get<DepositLookup>('/api/lookup/deposit'),
  slipSettings: () => get<SlipSettings>('/api/lookup/slip'),
  /** The pending QR of a channel, or `hasQrcode: false`. */
  qr: (channel: QrChannel) => get<QrState>(`/api/qrcode/${enc(channel)}`),
  createQr: (channel: QrChannel, amount: number, idempotencyKey?: string) =>
    post<QrState>(`/api/qrcode/${enc(channel)}`, { amount }, withIdempotencyKey(idempotencyKey)),
  cancelQr: (qrcodeId: string) =>
    del<ApiData<'/api/qrcode/{qrcodeId}', 'delete'>>(`/api/qrcode/${enc(qrcodeId)}`),
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
    post<ApiData<'/api/wallet/truelink', 'post'>>(
      '/api/wallet/truelink',
      { link },
      withIdempotencyKey(idempotencyKey),
    ),
};
