import { findByRole } from '@testing-library/react';
import { mountRootParcel, type ParcelConfig } from 'single-spa';
import { registerCatalogs, setLocale } from '@wallet/shared';
import agentInboxParcel from '../expose/ops-inbox';
import { inboxApi } from './api';
import { inboxCatalogs } from './catalogs';
import { inboxRealtime, type InboxSocket } from './realtime';

// The parcel renders through single-spa-react, outside React's act() like in the console's page.
const globals = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
const actEnvironment = globals.IS_REACT_ACT_ENVIRONMENT;
beforeAll(async () => {
  globals.IS_REACT_ACT_ENVIRONMENT = false;
  await registerCatalogs(inboxCatalogs);
  await setLocale('en');
});
afterAll(() => {
  globals.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
});
afterEach(() => jest.restoreAllMocks());

test('mfe_chat/AgentInbox mounts as the console slot mounts it, and closes its channel when unmounted', async () => {
  jest.spyOn(inboxApi, 'conversations').mockResolvedValue([]);
  const socket: InboxSocket = { on: jest.fn(), off: jest.fn(), emit: jest.fn(), disconnect: jest.fn() };
  const connect = jest.spyOn(inboxRealtime, 'connect').mockResolvedValue(socket);
  window.history.pushState({}, '', '/ops/inbox');
  const domElement = document.createElement('div');
  document.body.append(domElement);

  const parcel = mountRootParcel(agentInboxParcel as ParcelConfig, {
    domElement,
    operator: { username: 'helpdesk', role: 'support' },
    remoteModule: 'mfe_chat/AgentInbox',
  });
  await parcel.mountPromise;
  expect(await findByRole(domElement, 'heading', { level: 1, name: 'Support chat' })).toBeInTheDocument();
  expect(await findByRole(domElement, 'navigation', { name: 'Conversations' })).toHaveTextContent(
    'No open conversations.',
  );
  expect(connect).toHaveBeenCalledTimes(1);

  await parcel.unmount();
  expect(domElement).toBeEmptyDOMElement();
  expect(socket.disconnect).toHaveBeenCalled();
  domElement.remove();
});
