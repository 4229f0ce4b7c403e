import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isValidElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { PAGE_REDIRECTS, PAGES } from './page-table';
import { RemoteRoute } from './remotes/remote-route';
import { routes } from './routes';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  init: jest.fn(),
  registerRemotes: jest.fn(),
}));

/** The remote module a route's element mounts, if it is a remote page. */
const moduleOf = (route: RouteObject): string | undefined =>
  isValidElement<{ module: string }>(route.element) && route.element.type === RemoteRoute
    ? route.element.props.module
    : undefined;

const deepest = (pathname: string) => (matchRoutes(routes, pathname) ?? []).at(-1)?.route;

test("each page of the table is the host's route of that path, with its title and its remote module", () => {
  for (const [pathname, entry] of Object.entries(PAGES)) {
    const route = deepest(pathname === '*' ? '/nope' : pathname === '/user/*' ? '/user/nope' : pathname);
    expect([pathname, (route?.handle as { title?: string } | undefined)?.title]).toEqual([
      pathname,
      entry.title,
    ]);
    expect([pathname, route && moduleOf(route)]).toEqual([
      pathname,
      'module' in entry ? entry.module : undefined,
    ]);
  }
  for (const [from, to] of Object.entries(PAGE_REDIRECTS)) {
    expect([from, deepest(from)?.element]).toEqual([from, expect.anything()]);
    expect(to in PAGES).toBe(true);
  }
});

test('every remote page of the routes is in the table', () => {
  const remotePages: string[] = [];
  const walk = (list: RouteObject[], prefix: string) => {
    for (const route of list) {
      const full = route.path ? `${prefix.replace(/\/$/, '')}/${route.path}` : prefix;
      if (moduleOf(route)) remotePages.push(full);
      if (route.children) walk(route.children, full);
    }
  };
  walk(routes, '');
  expect(remotePages.length).toBeGreaterThanOrEqual(8);
  for (const pathname of remotePages) expect([pathname, pathname in PAGES]).toEqual([pathname, true]);
});

test("every lazy chunk the table preloads for a page is an import() of the host's routes", () => {
  const source = readFileSync(path.join(__dirname, 'routes.tsx'), 'utf8');
  const requests = new Set(
    Object.values(PAGES).flatMap((entry) =>
      ('hostChunks' in entry ? entry.hostChunks : []).filter((c) => c.startsWith('./')),
    ),
  );
  expect(requests.size).toBeGreaterThan(0);
  for (const request of requests)
    expect([request, source.includes(`import('${request}')`)]).toEqual([request, true]);
});
