import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@wallet/shared';
import { TYPING_THROTTLE_MS } from './composer';
import { answer, history, inboxTestHooks, openSomchai, ROOM_A, setup, socket, uuid } from '../../test/inbox';

inboxTestHooks();

describe('the composer', () => {
  const composer = () => screen.getByRole('form', { name: 'Reply' });
  const chooseKind = (label: string) =>
    userEvent.selectOptions(within(composer()).getByLabelText('Message type'), label);

  test('a text: Enter sends it trimmed with a client id; the message appears and the box empties', async () => {
    const api = setup();
    await openSomchai(api);
    await userEvent.type(
      within(composer()).getByLabelText('Message'),
      '  Your deposit is on its way  {Enter}',
    );
    await waitFor(() => expect(api.send).toHaveBeenCalledTimes(1));
    const [id, clientId, message] = api.send.mock.calls[0]!;
    expect(id).toBe(ROOM_A);
    expect(clientId).toMatch(/^[0-9a-f-]{36}$/);
    expect(message).toEqual({ message_type: 'text', payload: 'Your deposit is on its way' });
    expect(await history().findByText('Your deposit is on its way')).toBeInTheDocument();
    expect(within(composer()).getByLabelText('Message')).toHaveValue('');
  });

  test('an empty text is refused on the spot', async () => {
    const api = setup();
    await openSomchai(api);
    await userEvent.click(within(composer()).getByRole('button', { name: 'Send' }));
    expect(within(composer()).getByRole('alert')).toHaveTextContent('Write a message first.');
    expect(api.send).not.toHaveBeenCalled();
  });

  test('a text with web, call and postback buttons', async () => {
    const api = setup();
    await openSomchai(api);
    await chooseKind('Text with buttons');
    const form = composer();
    await userEvent.type(within(form).getByLabelText('Message'), 'How can we help?');
    await userEvent.click(within(form).getByRole('button', { name: 'Add a button' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add a button' }));
    const [b1, b2, b3] = within(form).getAllByRole('group', { name: /^Button \d/ });
    await userEvent.selectOptions(within(b1!).getByLabelText('Button type'), 'Web link');
    await userEvent.type(within(b1!).getByLabelText('Button label'), 'Promotions');
    await userEvent.type(within(b1!).getByLabelText('Address (https://…)'), 'http://example.com');
    await userEvent.selectOptions(within(b2!).getByLabelText('Button type'), 'Phone call');
    await userEvent.type(within(b2!).getByLabelText('Button label'), 'Call us');
    await userEvent.type(within(b2!).getByLabelText('Phone number'), '+66 2 123 4567');
    await userEvent.type(within(b3!).getByLabelText('Button label'), 'Deposit help');
    await userEvent.type(within(b3!).getByLabelText('Value sent back'), 'HELP_DEPOSIT');

    // Not https: refused before anything is sent.
    await userEvent.click(within(form).getByRole('button', { name: 'Send' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'Button 1 needs an address that starts with https://.',
    );
    expect(api.send).not.toHaveBeenCalled();

    const address = within(b1!).getByLabelText('Address (https://…)');
    await userEvent.clear(address);
    await userEvent.type(address, 'https://example.com/promo');
    await userEvent.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.send).toHaveBeenCalledTimes(1));
    expect(api.send.mock.calls[0]![2]).toEqual({
      message_type: 'buttons',
      payload: {
        text: 'How can we help?',
        buttons: [
          { type: 'web', title: 'Promotions', payload: 'https://example.com/promo' },
          { type: 'call', title: 'Call us', payload: '+66 2 123 4567' },
          { type: 'postback', title: 'Deposit help', payload: 'HELP_DEPOSIT' },
        ],
      },
    });
  });

  test('quick replies', async () => {
    const api = setup();
    await openSomchai(api);
    await chooseKind('Quick replies');
    const form = composer();
    await userEvent.type(within(form).getByLabelText('Message'), 'Was this helpful?');
    await userEvent.click(within(form).getByRole('button', { name: 'Add a quick reply' }));
    const [r1, r2] = within(form).getAllByRole('group', { name: /^Quick reply \d/ });
    await userEvent.type(within(r1!).getByLabelText('Reply label'), 'Yes');
    await userEvent.type(within(r1!).getByLabelText('Value sent back'), 'YES');
    await userEvent.type(within(r2!).getByLabelText('Reply label'), 'No');
    await userEvent.type(within(r2!).getByLabelText('Value sent back'), 'NO');
    await userEvent.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.send).toHaveBeenCalledTimes(1));
    expect(api.send.mock.calls[0]![2]).toEqual({
      message_type: 'quick_replies',
      payload: {
        text: 'Was this helpful?',
        quick_replies: [
          { title: 'Yes', payload: 'YES' },
          { title: 'No', payload: 'NO' },
        ],
      },
    });
  });

  test('a card with a button', async () => {
    const api = setup();
    await openSomchai(api);
    await chooseKind('Card');
    const form = composer();
    await userEvent.type(within(form).getByLabelText('Card title'), 'Welcome bonus');
    await userEvent.type(
      within(form).getByLabelText('Card subtitle (optional)'),
      '100% on your first deposit',
    );
    await userEvent.type(
      within(form).getByLabelText('Image address (https://…)'),
      'https://cdn.example.com/b.png',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Add a button' }));
    const button = within(form).getByRole('group', { name: 'Button 1' });
    await userEvent.type(within(button).getByLabelText('Button label'), 'Get it');
    await userEvent.type(within(button).getByLabelText('Value sent back'), 'BONUS_WELCOME');
    await userEvent.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.send).toHaveBeenCalledTimes(1));
    expect(api.send.mock.calls[0]![2]).toEqual({
      message_type: 'generic',
      payload: {
        elements: [
          {
            image_url: 'https://cdn.example.com/b.png',
            title: 'Welcome bonus',
            subtitle: '100% on your first deposit',
            buttons: [{ type: 'postback', title: 'Get it', payload: 'BONUS_WELCOME' }],
          },
        ],
      },
    });
  });

  test('an image: uploaded to the conversation, then sent as media with its path and caption', async () => {
    const api = setup();
    await openSomchai(api);
    await chooseKind('Image or video');
    const form = composer();
    const image = new File(['png'], 'slip.png', { type: 'image/png' });
    await userEvent.upload(within(form).getByLabelText('Image or video file'), image);
    await userEvent.type(within(form).getByLabelText('Caption (optional)'), 'Your slip');
    await userEvent.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.send).toHaveBeenCalledTimes(1));
    expect(api.upload).toHaveBeenCalledWith(ROOM_A, 'image', image);
    expect(api.send.mock.calls[0]![2]).toEqual({
      message_type: 'media',
      payload: {
        message: 'Your slip',
        url: true,
        fileType: 'image',
        filePath: `/api/chat/files/${uuid(801)}?exp=1&sig=s`,
      },
    });
  });

  test('a draft begun while a send is on its way is kept when the send is answered', async () => {
    const api = setup();
    await openSomchai(api);
    let answerSend: () => void = () => undefined;
    api.send.mockImplementationOnce(
      (id, clientId, message) =>
        new Promise((resolve) => {
          answerSend = () => resolve(answer(id, 10, { clientId, message }));
        }),
    );
    await userEvent.type(within(composer()).getByLabelText('Message'), 'Checking now{Enter}');
    await waitFor(() => expect(api.send).toHaveBeenCalledTimes(1));
    // The agent goes on to a picture before the text's answer is back.
    await chooseKind('Image or video');
    const image = new File(['png'], 'receipt.png', { type: 'image/png' });
    await userEvent.upload(within(composer()).getByLabelText('Image or video file'), image);
    answerSend();
    expect(await history().findByText('Checking now')).toBeInTheDocument();
    await userEvent.clear(within(composer()).getByLabelText('Caption (optional)'));
    await userEvent.click(within(composer()).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.send).toHaveBeenCalledTimes(2));
    expect(api.upload).toHaveBeenCalledWith(ROOM_A, 'image', image);
    expect(api.send.mock.calls[1]![2]).toMatchObject({ message_type: 'media' });
  });

  test('a failed send shows the server’s words; the retry keeps its client id and does not upload again', async () => {
    const api = setup();
    await openSomchai(api);
    api.send.mockRejectedValueOnce(
      new ApiError('REQUEST_LIMIT', 429, 'Too many messages. Please wait a minute.'),
    );
    await chooseKind('Image or video');
    const image = new File(['gif'], 'a.gif', { type: 'image/gif' });
    await userEvent.upload(within(composer()).getByLabelText('Image or video file'), image);
    await userEvent.click(within(composer()).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Too many messages. Please wait a minute.')).toBeInTheDocument();
    await userEvent.click(within(composer()).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.send).toHaveBeenCalledTimes(2));
    expect(api.upload).toHaveBeenCalledTimes(1);
    expect(api.send.mock.calls[1]![1]).toBe(api.send.mock.calls[0]![1]);
  });

  test('a video goes to the video upload', async () => {
    const api = setup();
    await openSomchai(api);
    await chooseKind('Image or video');
    const video = new File(['mov'], 'clip.mov', { type: 'video/quicktime' });
    Object.defineProperty(video, 'size', { value: 19 * 1024 * 1024 });
    await userEvent.upload(within(composer()).getByLabelText('Image or video file'), video);
    await userEvent.click(within(composer()).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.send).toHaveBeenCalledTimes(1));
    expect(api.upload).toHaveBeenCalledWith(ROOM_A, 'video', video);
    expect(api.send.mock.calls[0]![2]).toMatchObject({
      message_type: 'media',
      payload: { fileType: 'video' },
    });
  });

  test.each([
    ['a wrong type', new File(['%PDF'], 'statement.pdf', { type: 'application/pdf' }), 0, /cannot be sent/],
    [
      'an image over 10 MB',
      new File(['png'], 'big.png', { type: 'image/png' }),
      10 * 1024 * 1024 + 1,
      /10 MB/,
    ],
    [
      'a video over 20 MB',
      new File(['mp4'], 'big.mp4', { type: 'video/mp4' }),
      20 * 1024 * 1024 + 1,
      /20 MB/,
    ],
  ])('%s is refused with an alert; nothing is uploaded or sent', async (_, file, size, text) => {
    if (size) Object.defineProperty(file, 'size', { value: size });
    const api = setup();
    await openSomchai(api);
    await chooseKind('Image or video');
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(within(composer()).getByLabelText('Image or video file'), file);
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent(text);
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    await user.click(within(composer()).getByRole('button', { name: 'Send' }));
    expect(within(composer()).getByRole('alert')).toHaveTextContent('Choose an image or a video first.');
    expect(api.upload).not.toHaveBeenCalled();
    expect(api.send).not.toHaveBeenCalled();
  });

  test('typing tells the customer, at most every few seconds', async () => {
    const api = setup();
    await openSomchai(api);
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
    const box = within(composer()).getByLabelText('Message');
    await userEvent.type(box, 'Hel');
    expect(socket.emit).toHaveBeenCalledTimes(1);
    expect(socket.emit).toHaveBeenCalledWith('typing', { conversationId: ROOM_A });
    now.mockReturnValue(1_000_000 + TYPING_THROTTLE_MS);
    await userEvent.type(box, 'lo');
    expect(socket.emit).toHaveBeenCalledTimes(2);
  });
});
