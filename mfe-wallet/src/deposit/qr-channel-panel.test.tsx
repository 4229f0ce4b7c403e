import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, setLocale } from '@wallet/shared';
import { depositApi, type QrChannel, type QrState } from './api';
import { record, THB } from '../test-support/fixtures';
import { QrChannelPanel } from './qr-channel-panel';
import { tabPanelProps } from './tab-list';
import { qrChannelSetting } from './qr-rules';

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';
const none: QrState = {
  qrcodeId: null,
  hasQrcode: false,
  qrcode: '',
  amount: 0,
  expireIn: 0,
  message: '',
  payUrl: null,
};
const created = (amount: number, seconds: number): QrState => ({
  qrcodeId: 'qr1',
  hasQrcode: true,
  qrcode: SVG,
  amount,
  expireIn: Date.now() + seconds * 1000,
  message: '',
  payUrl: null,
});

function renderPanel(channel: QrChannel, props: Partial<Parameters<typeof QrChannelPanel>[0]> = {}) {
  const onCreated = jest.fn();
  const onConfirmed = jest.fn();
  const onPaid = jest.fn();
  render(
    <QrChannelPanel
      channel={channel}
      setting={qrChannelSetting(channel, undefined, THB)}
      format={THB}
      reloadKey={0}
      panel={tabPanelProps('channels', channel, true)}
      onCreated={onCreated}
      onConfirmed={onConfirmed}
      onPaid={onPaid}
      {...props}
    />,
  );
  return { onCreated, onConfirmed, onPaid };
}

beforeAll(() => setLocale('en'));
beforeEach(() => jest.spyOn(depositApi, 'qr').mockResolvedValue(none));
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

test('an amount under 1 does nothing at all', async () => {
  const create = jest.spyOn(depositApi, 'createQr');
  renderPanel('WW');
  await userEvent.type(screen.getByTestId('qr-amount-WW'), '0.5');
  await userEvent.click(screen.getByTestId('qr-create-WW'));
  expect(create).not.toHaveBeenCalled();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('the KBANK button is disabled at 0 and enabled above', async () => {
  renderPanel('KBANK');
  expect(screen.getByTestId('qr-create-KBANK')).toBeDisabled();
  await userEvent.type(screen.getByTestId('qr-amount-KBANK'), '0');
  expect(screen.getByTestId('qr-create-KBANK')).toBeDisabled();
  await userEvent.type(screen.getByTestId('qr-amount-KBANK'), '.5');
  expect(screen.getByTestId('qr-create-KBANK')).toBeEnabled();
});

test.each([
  ['WW', '99', 'The minimum deposit on this channel is 100 baht.'],
  ['PAYONEX', '50', 'The minimum deposit on this channel is 100 baht.'],
  ['PAYTIMZ', '9', 'The minimum deposit on this channel is 10 baht.'],
  ['ZPAY', '5', 'The minimum deposit on this channel is 10 baht.'],
] as const)(
  '%s refuses %s with its minimum, inline and as a toast (§8)',
  async (channel, amount, message) => {
    const create = jest.spyOn(depositApi, 'createQr');
    const toasts = record('toast');
    renderPanel(channel);
    await userEvent.type(screen.getByTestId(`qr-amount-${channel}`), amount);
    await userEvent.click(screen.getByTestId(`qr-create-${channel}`));
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(toasts.events).toEqual([{ kind: 'error', message }]);
    expect(create).not.toHaveBeenCalled();
    toasts.stop();
  },
);

test.each([
  ['la', 'ຊ່ອງທາງນີ້ຝາກຂັ້ນຕ່ຳ 100 ບາດ'],
  ['th', 'ช่องทางนี้ฝากขั้นต่ำ 100 บาท'],
] as const)('below the minimum in %s: the same text inline and in the toast', async (locale, message) => {
  await act(() => setLocale(locale));
  const toasts = record('toast');
  renderPanel('WW');
  await userEvent.type(screen.getByTestId('qr-amount-WW'), '99');
  await userEvent.click(screen.getByTestId('qr-create-WW'));
  expect(screen.getByText(message)).toBeInTheDocument();
  expect(toasts.events).toEqual([{ kind: 'error', message }]);
  toasts.stop();
  await act(() => setLocale('en'));
});

test.each([
  ['KBANK', ['10', '20', '50', '100', '500', '1,000']],
  ['WW', ['100', '200', '300', '500', '1,000']],
  ['PAYONEX', ['100', '200', '300', '500', '1,000']],
  ['PAYTIMZ', ['10', '50', '100', '500', '1,000']],
  ['ZPAY', ['10', '50', '100', '500', '1,000']],
] as const)('%s offers the quick amounts of §9', async (channel, amounts) => {
  renderPanel(channel);
  const group = screen.getByRole('group', { name: 'Quick amounts' });
  expect(Array.from(group.querySelectorAll('button')).map((b) => b.textContent)).toEqual(amounts);
  await userEvent.click(screen.getByTestId(`qr-quick-${channel}-500`));
  expect(screen.getByTestId(`qr-amount-${channel}`)).toHaveValue('500');
});

test('creating shows the QR and counts down mm:ss every second, back to no QR at 00:00', async () => {
  jest.useFakeTimers();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const create = jest
    .spyOn(depositApi, 'createQr')
    .mockImplementation(async (_c, amount) => created(amount, 62));
  const { onCreated } = renderPanel('PAYTIMZ');
  await user.click(screen.getByTestId('qr-quick-PAYTIMZ-50'));
  await user.click(screen.getByTestId('qr-create-PAYTIMZ'));
  expect(create).toHaveBeenCalledWith('PAYTIMZ', 5000, expect.any(String));
  expect(onCreated).toHaveBeenCalledWith('PAYTIMZ');
  const image = await screen.findByTestId('qr-image-PAYTIMZ');
  expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  expect(screen.getByTestId('qr-countdown-PAYTIMZ')).toHaveTextContent('01:02');
  act(() => jest.advanceTimersByTime(1000));
  expect(screen.getByTestId('qr-countdown-PAYTIMZ')).toHaveTextContent('01:01');
  act(() => jest.advanceTimersByTime(60_000));
  expect(screen.getByTestId('qr-countdown-PAYTIMZ')).toHaveTextContent('00:01');
  act(() => jest.advanceTimersByTime(1000));
  expect(screen.queryByTestId('qr-image-PAYTIMZ')).not.toBeInTheDocument();
  expect(screen.getByTestId('qr-create-PAYTIMZ')).toBeInTheDocument();
});

test('a pending QR of the channel is shown on open; cancel deletes it and returns to no QR', async () => {
  jest.spyOn(depositApi, 'qr').mockResolvedValue(created(10000, 300));
  const cancel = jest.spyOn(depositApi, 'cancelQr').mockResolvedValue({ cancelled: true });
  renderPanel('WW');
  await userEvent.click(await screen.findByTestId('qr-cancel-WW'));
  expect(cancel).toHaveBeenCalledWith('qr1');
  expect(await screen.findByTestId('qr-create-WW')).toBeInTheDocument();
});

test('hasQrcode false: the server message as a danger toast', async () => {
  jest.spyOn(depositApi, 'createQr').mockResolvedValue({ ...none, message: 'QR_FAIL' });
  const toasts = record('toast');
  renderPanel('WW');
  await userEvent.type(screen.getByTestId('qr-amount-WW'), '100');
  await userEvent.click(screen.getByTestId('qr-create-WW'));
  await waitFor(() => expect(toasts.events).toHaveLength(1));
  expect(toasts.events[0]?.kind).toBe('error');
  expect(screen.queryByTestId('qr-image-WW')).not.toBeInTheDocument();
  toasts.stop();
});

test('"I have paid" hands over to the modal', async () => {
  jest.spyOn(depositApi, 'qr').mockResolvedValue(created(10000, 300));
  const { onConfirmed } = renderPanel('ZPAY');
  await userEvent.click(await screen.findByTestId('qr-confirm-ZPAY'));
  expect(onConfirmed).toHaveBeenCalled();
});

test('the server says this QR was paid: it closes itself and hands the amount over; another QR is ignored', async () => {
  jest.spyOn(depositApi, 'qr').mockResolvedValue(created(10000, 300));
  const { onPaid } = renderPanel('ZPAY');
  expect(await screen.findByTestId('qr-image-ZPAY')).toBeInTheDocument();
  act(() => bus.emit('deposit:qr', { qrcodeId: 'another', status: 'PAID' }));
  expect(onPaid).not.toHaveBeenCalled();
  expect(screen.getByTestId('qr-image-ZPAY')).toBeInTheDocument();
  act(() => bus.emit('deposit:qr', { qrcodeId: 'qr1', status: 'PAID' }));
  expect(onPaid).toHaveBeenCalledWith(10000);
  expect(screen.queryByTestId('qr-image-ZPAY')).not.toBeInTheDocument();
});

test('a new reloadKey reads the channel state again', async () => {
  const qr = jest.spyOn(depositApi, 'qr');
  const { rerender } = render(
    <QrChannelPanel
      channel="WW"
      setting={qrChannelSetting('WW', undefined, THB)}
      format={THB}
      reloadKey={0}
      panel={tabPanelProps('channels', 'WW', true)}
      onCreated={jest.fn()}
      onConfirmed={jest.fn()}
      onPaid={jest.fn()}
    />,
  );
  await waitFor(() => expect(qr).toHaveBeenCalledTimes(1));
  rerender(
    <QrChannelPanel
      channel="WW"
      setting={qrChannelSetting('WW', undefined, THB)}
      format={THB}
      reloadKey={1}
      panel={tabPanelProps('channels', 'WW', true)}
      onCreated={jest.fn()}
      onConfirmed={jest.fn()}
      onPaid={jest.fn()}
    />,
  );
  await waitFor(() => expect(qr).toHaveBeenCalledTimes(2));
});

test('a QR the channel can pay on this device offers that link; one without it does not', async () => {
  jest.spyOn(depositApi, 'qr').mockResolvedValue({ ...created(10_000, 600), payUrl: '/sandbox/pay/qr1' });
  renderPanel('KBANK');
  const link = await screen.findByTestId('qr-pay-link-KBANK');
  expect(link).toHaveAttribute('href', '/sandbox/pay/qr1');
  expect(link).toHaveTextContent('Pay with a banking app on this phone');
});

test('no pay-on-device link when the channel has none', async () => {
  jest.spyOn(depositApi, 'qr').mockResolvedValue({ ...created(10_000, 600), payUrl: null });
  renderPanel('KBANK');
  await screen.findByTestId('qr-image-KBANK');
  expect(screen.queryByTestId('qr-pay-link-KBANK')).not.toBeInTheDocument();
});
