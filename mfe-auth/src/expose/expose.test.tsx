import { findByTestId } from '@testing-library/react';
import { mountRootParcel, type ParcelConfig } from 'single-spa';
import { setLocale } from '@wallet/shared';
import { profileApi } from '../profile/api';
import { registerApi } from '../register/api';
import login from './login';
import profile from './profile';
import register from './register';

// The parcels render through single-spa-react, outside React's act() like in the host page.
const globals = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
const actEnvironment = globals.IS_REACT_ACT_ENVIRONMENT;
beforeAll(async () => {
  globals.IS_REACT_ACT_ENVIRONMENT = false;
  await setLocale('en');
});
afterAll(() => {
  globals.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
});
afterEach(() => jest.restoreAllMocks());

it.each([
  ['mfe_auth/Login', login, '/login', 'login-submit'],
  ['mfe_auth/Register', register, '/register', 'register-phone'],
  ['mfe_auth/Profile', profile, '/user/profile', 'profile-change-password'],
] as const)('%s mounts as a parcel the way the host mounts it', async (_name, config, url, testId) => {
  jest.spyOn(registerApi, 'sources').mockResolvedValue([]);
  jest.spyOn(profileApi, 'profile').mockReturnValue(new Promise(() => undefined));
  window.history.pushState({}, '', url);
  const domElement = document.createElement('div');
  document.body.append(domElement);

  const parcel = mountRootParcel(config as ParcelConfig, { domElement });
  await parcel.mountPromise;
  expect(await findByTestId(domElement, testId)).toBeInTheDocument();

  await parcel.unmount();
  expect(domElement).toBeEmptyDOMElement();
  domElement.remove();
});
