import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the fake received: method, path, headers and the raw body. */
export interface FakeRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** What the fake does with a request: answer (status, JSON or text) or never answer ('hang'). */
export type FakeAnswer = { status: number; json?: unknown; text?: string } | 'hang';

export interface FakeProvider {
  /** http://127.0.0.1:<port> */
  url: string;
  requests: FakeRequest[];
  /** The answer to the next requests (replace between tests). */
  answer: (req: FakeRequest) => FakeAnswer;
  close(): Promise<void>;
}

/** A small node:http stand-in for an outside provider on 127.0.0.1 (port 0), started by the test. */
export async function startFakeProvider(): Promise<FakeProvider> {
  const hanging = new Set<ServerResponse>();
  const fake: FakeProvider = {
    url: '',
    requests: [],
    answer: () => ({ status: 500, json: {} }),
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: FakeRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      fake.requests.push(r);
      const a = fake.answer(r);
      if (a === 'hang') {
        hanging.add(res);
        return;
      }
      res.statusCode = a.status;
      if (a.json !== undefined) {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(a.json));
      } else {
        res.setHeader('content-type', 'text/plain');
        res.end(a.text ?? '');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
