// Renders a remote's first screens to static HTML (see index.mjs): each screen of `<app>/src/prerender.tsx` in each
// language, inside the same providers a parcel gives it (the page's i18n instance, a router at the screen's path),
// with the test ids dropped (tests wait for the live screen). Writes to `<app>/dist/prerender/`:
//   <Screen>.<lang>.html   the markup, no scripts: the server puts it in the page's frame, inert, until the remote
//                          has mounted the live screen in its place;
//   <Screen>.<variant>.<lang>.html  a member's screen (`member: { variants }`), with the server's placeholders;
//   first-screen.<hash>.css the remote's own CSS those screens import (the UI kit's is the host's stylesheet);
//   index.json             { css, screens: { <Screen>: { <lang>: <file> } | { member: true, variants: { <variant>:
//                          { <lang>: <file> } } } } }, paths relative to the remote's folder.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { i18n, registerCatalogs, setLocale, type RemoteCatalogs } from '@wallet/shared';

const LOCALES = ['th', 'la', 'en'] as const;

interface FirstScreen {
  /** The page's path, for the screen's router. */
  path: string;
  /**
   * A member's screen: its markup holds the server's placeholders (`{{wallet.main}}`, server/src/platform/
   * index-page/member-screen.ts `memberPlaceholders`), filled for the member of the page; rendered once per variant (the wallet
   * currencies), the server picks the member's.
   */
  member?: { variants: readonly string[] };
  render: (variant?: string) => ReactElement;
}
interface PrerenderModule {
  catalogs: RemoteCatalogs;
  /** Exposed module name (as in the remote's mf-manifest.json) → its first screen. */
  screens: Record<string, FirstScreen>;
}

function isPrerenderModule(value: unknown): value is PrerenderModule {
  if (typeof value !== 'object' || value === null) return false;
  const { catalogs, screens } = value as Record<string, unknown>;
  return typeof catalogs === 'object' && catalogs !== null && typeof screens === 'object' && screens !== null;
}

/** Static markup without what belongs to the live screen only. */
const staticMarkup = (html: string): string => html.replace(/ data-testid="[^"]*"/g, '');

async function main(app: string): Promise<void> {
  const loaded = (await import(pathToFileURL(join(app, 'src', 'prerender.tsx')).href)) as Record<
    string,
    unknown
  >;
  const found = loaded.prerender ?? (loaded.default as Record<string, unknown> | undefined)?.prerender;
  if (!isPrerenderModule(found))
    throw new Error(`${app}/src/prerender.tsx must export \`prerender\` { catalogs, screens }`);
  registerCatalogs(found.catalogs);

  const out = join(app, 'dist', 'prerender');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const screens: Record<string, Record<string, string>> = {};
  const memberScreens: Record<string, { member: true; variants: Record<string, Record<string, string>> }> =
    {};
  const renderOne = (screen: FirstScreen, file: string, variant?: string): string => {
    const html = renderToStaticMarkup(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[screen.path]}>{screen.render(variant)}</MemoryRouter>
      </I18nextProvider>,
    );
    writeFileSync(join(out, file), staticMarkup(html));
    return `prerender/${file}`;
  };
  for (const locale of LOCALES) {
    await setLocale(locale);
    for (const [name, screen] of Object.entries(found.screens)) {
      if (!/^[A-Za-z0-9_-]+$/.test(name))
        throw new Error(`screen name ${name}: letters, digits, _ and - only`);
      if (!screen.member) {
        (screens[name] ??= {})[locale] = renderOne(screen, `${name}.${locale}.html`);
        continue;
      }
      const entry = (memberScreens[name] ??= { member: true, variants: {} });
      for (const variant of screen.member.variants) {
        if (!/^[A-Za-z0-9_-]+$/.test(variant))
          throw new Error(`variant ${variant}: letters, digits, _ and - only`);
        (entry.variants[variant] ??= {})[locale] = renderOne(
          screen,
          `${name}.${variant}.${locale}.html`,
          variant,
        );
      }
    }
  }

  // The app's own stylesheets, in import order (tooling/prerender/css-hook.cjs recorded them).
  const cssFiles = ((globalThis as { __prerenderCss?: string[] }).__prerenderCss ?? []).filter((f) =>
    f.startsWith(join(app, 'src') + sep),
  );
  const css = cssFiles
    .map((f) => {
      const text = readFileSync(f, 'utf8');
      // A url() would need the bundler's asset handling; the first screens do not use any.
      if (/url\(\s*['"]?(?!data:)/.test(text))
        throw new Error(`${f}: url() in a first screen's CSS is not supported`);
      return text;
    })
    .join('\n');
  const cssName = `first-screen.${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`;
  writeFileSync(join(out, cssName), css);
  writeFileSync(
    join(out, 'index.json'),
    JSON.stringify({ css: `prerender/${cssName}`, screens: { ...screens, ...memberScreens } }, null, 2),
  );
  const names = [...Object.keys(screens), ...Object.keys(memberScreens).map((n) => `${n} (member)`)];
  console.log(`prerender: ${names.join(', ')} in ${LOCALES.join('/')} → ${out}`);
}

const app = process.argv[2];
if (!app) throw new Error('usage: render.tsx <app folder>');
main(app).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
