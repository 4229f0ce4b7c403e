// Renders the host's first-paint frame (host/src/shell/page-frame.tsx) from the shell's React components, run by
// index.mjs after the host's webpack build: writes `<app>/dist/page-frame.json`, the page table and every page's
// frame in every language, which the server fills per request (server/src/platform/index-page/).
// `frame.tsx <app folder> [<out file>]`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { registerCatalogs, type RemoteCatalogs } from '@wallet/shared';

interface FrameModule {
  buildPageFrame: () => Promise<unknown>;
}

async function main(app: string, outFile: string): Promise<void> {
  const { catalogs } = (await import(pathToFileURL(join(app, 'src', 'catalogs.ts')).href)) as {
    catalogs: RemoteCatalogs;
  };
  registerCatalogs(catalogs);
  const { buildPageFrame } = (await import(
    pathToFileURL(join(app, 'src', 'shell', 'page-frame.tsx')).href
  )) as FrameModule;
  const frame = await buildPageFrame();
  mkdirSync(dirname(outFile), { recursive: true });
  writeFileSync(outFile, JSON.stringify(frame));
  console.log(`prerender: the page frame → ${outFile}`);
}

const [app, out] = process.argv.slice(2);
if (!app) throw new Error('usage: frame.tsx <app folder> [<out file>]');
main(app, out ?? join(app, 'dist', 'page-frame.json')).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
