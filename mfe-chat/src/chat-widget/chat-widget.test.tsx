import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, setLocale } from '@wallet/shared';
import { ChatWidget } from './chat-widget';

beforeAll(() => setLocale('en'));

test('the floating button toggles the chat panel', async () => {
  render(<ChatWidget />);
  expect(screen.queryByTestId('chat-panel')).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Open support chat' }));
  expect(screen.getByTestId('chat-panel')).toHaveTextContent('Chat with our team is coming soon.');
  await userEvent.click(screen.getByRole('button', { name: 'Close support chat' }));
  expect(screen.queryByTestId('chat-panel')).not.toBeInTheDocument();
});

test('opens when another part asks on the bus (the contact page)', () => {
  render(<ChatWidget />);
  act(() => bus.emit('chat:open', {}));
  expect(screen.getByTestId('chat-panel')).toBeInTheDocument();
});
