import { createServer, connect, type Server, type Socket } from 'node:net';

/** The address the videos show (the invite link is built from the page's origin). */
export const SHOWN_HOST = 'luckywallet.example';

export interface ShownAddress {
  /** The URL the recorded pages open. */
  url: string;
  /** Chromium flags that resolve SHOWN_HOST to this machine. */
  chromiumArgs: string[];
  close(): Promise<void>;
}

/**
 * Serves the test site as http://luckywallet.example (port 80, forwarded to the site's own port) so the videos
 * do not show a local address and port. When port 80 is taken or not ours to open, the videos show the site's
 * own address instead.
 */
export async function shownAddress(site: { url: string; port: number }): Promise<ShownAddress> {
  const sockets = new Set<Socket>();
  const forwarder: Server = createServer((client) => {
    const upstream = connect(site.port, '127.0.0.1');
    sockets.add(client).add(upstream);
    client.on('close', () => sockets.delete(client));
    upstream.on('close', () => sockets.delete(upstream));
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end);
    upstream.on('error', end);
  });
  const listening = await new Promise<boolean>((resolve) => {
    forwarder.once('error', () => resolve(false));
    forwarder.listen(80, '127.0.0.1', () => resolve(true));
  });
  if (!listening) {
    console.warn(`port 80 is not available: the videos show ${site.url}`);
    return { url: site.url, chromiumArgs: [], close: async () => undefined };
  }
  return {
    url: `http://${SHOWN_HOST}`,
    chromiumArgs: [`--host-resolver-rules=MAP ${SHOWN_HOST} 127.0.0.1`],
    close: () =>
      new Promise((resolve) => {
        forwarder.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
