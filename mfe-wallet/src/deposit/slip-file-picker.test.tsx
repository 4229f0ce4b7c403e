import { act, fireEvent, render, screen } from '@testing-library/react';
import { setLocale } from '@wallet/shared';
import { useState } from 'react';
import { SlipFilePicker } from './slip-file-picker';

function Picker() {
  const [file, setFile] = useState<File | null>(null);
  return <SlipFilePicker file={file} onChange={setFile} />;
}

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function fileOf(name: string, size: number, type = 'image/png'): File {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_HEAD.slice(0, Math.min(size, PNG_HEAD.length)));
  return new File([bytes], name, { type });
}

function choose(file: File) {
  fireEvent.change(screen.getByTestId('slip-file'), { target: { files: [file] } });
}

afterEach(() => act(() => setLocale('en')));

test('English: a translated button opens the real (visually hidden) file input; then the name, size and preview', async () => {
  await act(() => setLocale('en'));
  render(<Picker />);
  const input = screen.getByLabelText('Choose slip image');
  expect(input).toHaveAttribute('type', 'file');
  expect(input).toHaveClass('wallet-file__input');
  expect(screen.getByTestId('slip-file-chosen')).toHaveTextContent('No file chosen');
  expect(screen.queryByRole('img')).not.toBeInTheDocument();

  choose(fileOf('slip-300.png', Math.round(1.2 * 1024 * 1024)));
  expect(screen.getByTestId('slip-file-name')).toHaveTextContent('slip-300.png');
  expect(screen.getByTestId('slip-file-size')).toHaveTextContent('1.2 MB');
  const preview = await screen.findByRole('img', { name: 'Preview of slip-300.png' });
  expect(preview.getAttribute('src')).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
  // The button now offers another image; the input is described by what was chosen.
  expect(screen.getByLabelText('Choose another image')).toBe(input);
  expect(input).toHaveAccessibleDescription(/slip-300\.png\s*1\.2 MB/);
});

test('a new choice replaces the name, size and preview of the previous one', async () => {
  await act(() => setLocale('en'));
  render(<Picker />);
  choose(fileOf('first.png', 2048));
  expect(await screen.findByRole('img', { name: 'Preview of first.png' })).toBeInTheDocument();
  expect(screen.getByTestId('slip-file-size')).toHaveTextContent('2 KB');

  choose(fileOf('second.jpg', 700, 'image/jpeg'));
  expect(screen.getByTestId('slip-file-name')).toHaveTextContent('second.jpg');
  expect(screen.getByTestId('slip-file-size')).toHaveTextContent('700 B');
  expect(screen.queryByRole('img', { name: 'Preview of first.png' })).not.toBeInTheDocument();
  const preview = await screen.findByRole('img', { name: 'Preview of second.jpg' });
  expect(preview.getAttribute('src')).toMatch(/^data:image\/jpeg;base64,/);
});

test('Thai and Lao: the button, the empty state, the size and the preview speak the UI language', async () => {
  await act(() => setLocale('th'));
  render(<Picker />);
  expect(screen.getByLabelText('เลือกรูปสลิป')).toHaveAttribute('type', 'file');
  expect(screen.getByTestId('slip-file-chosen')).toHaveTextContent('ยังไม่ได้เลือกไฟล์');
  choose(fileOf('สลิป.png', 820));
  expect(screen.getByTestId('slip-file-size')).toHaveTextContent('820 ไบต์');
  expect(await screen.findByRole('img', { name: 'ตัวอย่างรูป สลิป.png' })).toBeInTheDocument();
  expect(screen.getByLabelText('เลือกรูปอื่น')).toHaveAttribute('type', 'file');

  await act(() => setLocale('la'));
  expect(screen.getByLabelText('ເລືອກຮູບອື່ນ')).toHaveAttribute('type', 'file');
  expect(screen.getByTestId('slip-file-size')).toHaveTextContent('820 ໄບ');
  expect(screen.getByRole('img', { name: 'ຕົວຢ່າງຮູບ สลิป.png' })).toBeInTheDocument();
  expect(screen.getByTestId('slip-file-chosen')).not.toHaveTextContent(/Choose|No file/);
});

test('disabled (the daily closing window): the input cannot be used', async () => {
  await act(() => setLocale('en'));
  render(<SlipFilePicker file={null} onChange={jest.fn()} disabled />);
  expect(screen.getByLabelText('Choose slip image')).toBeDisabled();
});
