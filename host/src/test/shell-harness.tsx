import { useLayoutEffect, type ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import type { ParcelConfigObject } from 'single-spa';
import { createRemoteParcel } from '@wallet/shared';
import { lookupApi, type ActiveStatus, type ContactInfo, type HowtoVideo } from '../api';
import { App } from '../app';
import { createRemoteDirectory, REMOTE_NAMES, type RemoteName } from '@wallet/shared/federation';

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

/** The server's frame as index.html has it before the shell renders (see shell/static-frame.ts). */
export function addStaticFrame(): HTMLElement {
  const frame = document.createElement('div');
  frame.id = 'shell-frame';
  frame.className = 'host-shell';
  document.body.prepend(frame);
  return frame;
}

export interface ShellOptions {
  /** Remotes the operator enabled; all of them by default. */
  enabled?: readonly RemoteName[];
}

/** What the test sees of the router: the path shown, and navigating as a link would. */
interface RouterView {
  pathname: string;
  navigate?: NavigateFunction;
}

/** Inside the router: tells the test the location shown and hands it a navigate function. */
function RouterProbe({ onRender }: { onRender: (pathname: string, navigate: NavigateFunction) => void }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useLayoutEffect(() => onRender(pathname, navigate), [onRender, pathname, navigate]);
  return null;
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
  const probe: RouterView = { pathname: path };
  const seen = (pathname: string, navigate: NavigateFunction) => {
    probe.pathname = pathname;
    probe.navigate = navigate;
  };
  const Router = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[path]}>
      {children}
      <RouterProbe onRender={seen} />
    </MemoryRouter>
  );
  const view: RenderResult = render(<App directory={directory} Router={Router} />);
  const router = {
    /** A push navigation (as a link), or a step in the history (-1: back); wrap it in act(). */
    navigate: async (to: string | number): Promise<void> => {
      if (!probe.navigate) throw new Error('the shell has not rendered yet');
      await (typeof to === 'number' ? probe.navigate(to) : probe.navigate(to));
    },
  };
  return { router, view, pathname: () => probe.pathname };
}
