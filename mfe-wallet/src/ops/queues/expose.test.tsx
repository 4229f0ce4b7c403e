import { findByRole } from '@testing-library/react';
import { mountRootParcel, type ParcelConfig } from 'single-spa';
import incomingParcel from '../../expose/ops-incoming';
import slipsParcel from '../../expose/ops-slips';
import withdrawalsParcel from '../../expose/ops-withdrawals';
import { queuesApi } from './api';
import { englishQueues, operator } from './test-fixtures';

// The parcels render through single-spa-react, outside React's act() like in the console's page.
const globals = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
const actEnvironment = globals.IS_REACT_ACT_ENVIRONMENT;
beforeAll(async () => {
  globals.IS_REACT_ACT_ENVIRONMENT = false;
  await englishQueues();
});
afterAll(() => {
  globals.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
});
afterEach(() => jest.restoreAllMocks());

it.each([
  ['mfe_wallet/OpsSlips', slipsParcel, '/ops/slips', 'Slips in review'],
  ['mfe_wallet/OpsWithdrawals', withdrawalsParcel, '/ops/withdrawals', 'Withdrawals'],
  ['mfe_wallet/OpsIncoming', incomingParcel, '/ops/incoming', 'Payments that credited nothing'],
] as const)('%s mounts as the console slot mounts it', async (name, config, url, heading) => {
  jest.spyOn(queuesApi, 'slips').mockResolvedValue([]);
  jest.spyOn(queuesApi, 'withdrawals').mockResolvedValue([]);
  jest.spyOn(queuesApi, 'incoming').mockResolvedValue([]);
  window.history.pushState({}, '', url);
  const domElement = document.createElement('div');
  document.body.append(domElement);

  const parcel = mountRootParcel(config as ParcelConfig, {
    domElement,
    operator: operator('finance'),
    remoteModule: name,
  });
  await parcel.mountPromise;
  expect(await findByRole(domElement, 'heading', { level: 1, name: heading })).toBeInTheDocument();
  expect(domElement.querySelector(`[data-remote="${name}"]`)).not.toBeNull();

  await parcel.unmount();
  expect(domElement).toBeEmptyDOMElement();
  domElement.remove();
});
