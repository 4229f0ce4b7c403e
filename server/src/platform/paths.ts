import path from 'node:path';

/** The server package folder (this file lives in server/src/platform or server/dist/platform). */
export const serverRoot = path.resolve(__dirname, '..', '..');
/** Committed media (how-to clips) served at /media. */
export const assetsDir = path.join(serverRoot, 'assets');
