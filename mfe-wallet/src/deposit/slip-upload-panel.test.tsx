import { act, fireEvent, render, screen } from '@testing-library/react';
import { setLocale } from '@wallet/shared';
import { depositApi, type Slip, type SlipSettings } from './api';
import { THB } from '../test-support/fixtures';
import { SLIP_CLOCK_TICK_MS, SlipUploadPanel } from './slip-upload-panel';
import { tabPanelProps } from './tab-list';

const settings: SlipSettings = {
  enabled: true,
  maxSizeBytes: 5 * 1024 * 1024,
  accept: ['image/jpeg', 'image/png'],
  uploadWithinMinutes: 60,
  closedFrom: '23:50',
  closedUntil: '00:10',
  timezone: 'Asia/Bangkok',
};
const processed: Slip = {
  reference: 'SLP1',
  createdAt: '2026-03-04T10:00:00.000Z',
  amount: 30_000,
  status: 'SUCCESS',
  note: null,
  link: '/api/slip-image/SLP1?exp=1&sig=x',
};

/** Renders the panel at a fixed time (fake timers) and lets the settings call answer. */
async function renderAt(iso: string) {
  jest.useFakeTimers({ now: Date.parse(iso) });
  render(<SlipUploadPanel format={THB} panel={tabPanelProps('deposit', 'slip', true)} />);
  await act(async () => undefined);
}

function chooseFile(name = 'slip-300.png') {
  const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
  fireEvent.change(screen.getByTestId('slip-file'), { target: { files: [file] } });
}

beforeEach(async () => {
  await setLocale('en');
  jest.spyOn(depositApi, 'slipSettings').mockResolvedValue(settings);
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

test('shows the 1-hour rule and the daily closing window of GET /api/lookup/slip; outside it the upload works', async () => {
  const upload = jest.spyOn(depositApi, 'uploadSlip').mockResolvedValue(processed);
  await renderAt('2026-03-04T10:00:00Z'); // 17:00 in Bangkok
  const panel = screen.getByTestId('deposit-slip-panel');
  expect(panel).toHaveTextContent('upload the transfer slip within 1 hour');
  expect(screen.getByTestId('slip-window')).toHaveTextContent(
    'Slip uploads close daily 23:50–00:10 (GMT+7).',
  );
  expect(screen.queryByTestId('slip-closed')).not.toBeInTheDocument();
  expect(screen.getByTestId('slip-file')).toBeEnabled();

  chooseFile();
  expect(screen.getByTestId('slip-upload')).toBeEnabled();
  fireEvent.submit(panel);
  await act(async () => undefined);
  expect(upload).toHaveBeenCalledTimes(1);
  expect(screen.getByTestId('slip-status')).toHaveTextContent('Success');
});

test('inside the window the upload is disabled and says when it opens; it opens again at the end', async () => {
  const upload = jest.spyOn(depositApi, 'uploadSlip').mockResolvedValue(processed);
  await renderAt('2026-03-04T16:59:45Z'); // 23:59:45 in Bangkok
  expect(screen.getByTestId('slip-closed')).toHaveTextContent(
    'Slip uploads are closed right now. They open again at 00:10.',
  );
  expect(screen.getByRole('alert')).toBe(screen.getByTestId('slip-closed'));
  expect(screen.getByTestId('slip-file')).toBeDisabled();
  expect(screen.getByTestId('slip-upload')).toBeDisabled();
  fireEvent.submit(screen.getByTestId('deposit-slip-panel'));
  await act(async () => undefined);
  expect(upload).not.toHaveBeenCalled();

  // 00:09:45 in Bangkok: still closed; 00:10:15: open.
  act(() => jest.advanceTimersByTime(20 * SLIP_CLOCK_TICK_MS));
  expect(screen.getByTestId('slip-closed')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(SLIP_CLOCK_TICK_MS));
  expect(screen.queryByTestId('slip-closed')).not.toBeInTheDocument();
  expect(screen.getByTestId('slip-file')).toBeEnabled();
  chooseFile();
  expect(screen.getByTestId('slip-upload')).toBeEnabled();
});

test('slip uploads turned off by an operator: the panel says so and nothing can be sent, at any hour', async () => {
  jest.spyOn(depositApi, 'slipSettings').mockResolvedValue({ ...settings, enabled: false });
  const upload = jest.spyOn(depositApi, 'uploadSlip').mockResolvedValue(processed);
  await renderAt('2026-03-04T10:00:00Z'); // 17:00 in Bangkok: outside the daily window
  expect(screen.getByRole('alert')).toHaveTextContent(
    'Slip uploads are turned off for now. Please use another way to deposit.',
  );
  expect(screen.getByTestId('slip-file')).toBeDisabled();
  expect(screen.getByTestId('slip-upload')).toBeDisabled();
  fireEvent.submit(screen.getByTestId('deposit-slip-panel'));
  await act(async () => undefined);
  expect(upload).not.toHaveBeenCalled();
});

test('the window closes while the panel is open', async () => {
  await renderAt('2026-03-04T16:49:50Z'); // 23:49:50 in Bangkok
  chooseFile();
  expect(screen.getByTestId('slip-upload')).toBeEnabled();
  act(() => jest.advanceTimersByTime(SLIP_CLOCK_TICK_MS));
  expect(screen.getByTestId('slip-closed')).toBeInTheDocument();
  expect(screen.getByTestId('slip-upload')).toBeDisabled();
});

test('in Thai and Lao', async () => {
  await setLocale('th');
  await renderAt('2026-03-04T17:00:00Z');
  expect(screen.getByTestId('slip-window')).toHaveTextContent(
    'ปิดรับอัปโหลดสลิปทุกวัน เวลา 23:50–00:10 น. (GMT+7)',
  );
  expect(screen.getByTestId('slip-closed')).toHaveTextContent('เปิดรับอีกครั้งเวลา 00:10 น.');
  await act(async () => setLocale('la'));
  expect(screen.getByTestId('slip-window')).toHaveTextContent(
    'ປິດຮັບອັບໂຫຼດສະລິບທຸກມື້ ເວລາ 23:50–00:10 ໂມງ (GMT+7)',
  );
  expect(screen.getByTestId('slip-closed')).toHaveTextContent('ເປີດຮັບອີກຄັ້ງເວລາ 00:10 ໂມງ');
});

test('a failed settings load is silent: the general texts, and the upload stays possible', async () => {
  jest.spyOn(depositApi, 'slipSettings').mockRejectedValue(new Error('offline'));
  await renderAt('2026-03-04T17:00:00Z');
  expect(screen.getByTestId('slip-window')).toHaveTextContent(
    'Slip uploads are closed during the daily bank maintenance window.',
  );
  expect(screen.queryByTestId('slip-closed')).not.toBeInTheDocument();
  chooseFile();
  expect(screen.getByTestId('slip-upload')).toBeEnabled();
});
