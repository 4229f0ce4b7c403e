import { render, type RenderResult } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import type { ParcelConfigObject } from 'single-spa';
import { createRemoteParcel } from '@wallet/shared';
import { lookupApi, type ActiveStatus, type ContactInfo, type HowtoVideo } from '../api';
import { App } from '../app';
import { createRemoteDirectory, REMOTE_NAMES, type RemoteName } from '../remotes';
import { routes } from '../routes';

/** A stand-in remote module: a real parcel (made by the shared factory) rendering a marker element. */
export function fakeRemoteModule(id: string): { default: ParcelConfigObject } {
  const Component = () => <p data-testid={`remote:${id}`}>{id}</p>;
  return { default: createRemoteParcel(Component, id) as ParcelConfigObject };
}

export interface LookupAnswers {
  active?: ActiveStatus;
  contact?: ContactInfo;
  howto?: HowtoVideo[];
  enableChatWidget?: boolean;
  appName?: string;
}

/** Answers the lookups the shell makes, at the edge of the network (the shared API functions). */
export function mockLookups(answers: LookupAnswers = {}) {
  return {
    active: jest.spyOn(lookupApi, 'active').mockResolvedValue(answers.active ?? { terminated: null }),
    info: jest
      .spyOn(lookupApi, 'info')
      .mockResolvedValue({ name: answers.appName ?? 'Demo Wallet', website: 'https://example.test' }),
    enableChatWidget: jest
      .spyOn(lookupApi, 'enableChatWidget')
      .mockResolvedValue({ enableChatWidget: answers.enableChatWidget ?? false }),
    contact: jest.spyOn(lookupApi, 'contact').mockResolvedValue(
      answers.contact ?? {
        contactText: 'Open 24 hours',
        lineLink: 'https://line.example.test/support',
        lineName: '@wallet-support',
        lineQR: '/media/line-qr.png',
      },
    ),
    howto: jest.spyOn(lookupApi, 'howto').mockResolvedValue(answers.howto ?? []),
  };
}

export interface ShellOptions {
  /** Remotes the operator enabled; all of them by default. */
  enabled?: readonly RemoteName[];
}

/** Renders the whole shell (real route table and guards) on an in-memory history at `path`. */
export function renderShell(path: string, { enabled = REMOTE_NAMES }: ShellOptions = {}) {
  const directory = createRemoteDirectory(
    enabled.map((name) => ({
      name,
      folder: name,
      entry: `/remotes/${name}/mf-manifest.json`,
      enabled: true,
    })),
  );
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view: RenderResult = render(<App router={router} directory={directory} />);
  return { router, view, pathname: () => router.state.location.pathname };
}
