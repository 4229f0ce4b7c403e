/**
 * The operator API as the console sees it, at the network edge: `fetch` replaced by a table of answers, every
 * request recorded (method, path, headers, body) so a test can check what went over the wire.
 */
export interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

export type Answer = { status: number; body: unknown };
type Handler = (call: Call) => Answer;

export const ok = (data: unknown): Answer => ({ status: 200, body: { code: 'SUCCESS', data } });
export const fail = (status: number, code: string): Answer => ({ status, body: { code, message: code } });

export class FakeServer {
  readonly calls: Call[] = [];
  private readonly routes = new Map<string, Handler>();

  /** `on('POST /api/ops/auth/login', ...)`: the answer of a method and path (query string ignored). */
  on(route: string, answer: Answer | Handler): this {
    this.routes.set(route, typeof answer === 'function' ? answer : () => answer);
    return this;
  }

  install(): void {
    globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const headers = { ...(init?.headers as Record<string, string> | undefined) };
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      const call = { method, url, headers, body };
      this.calls.push(call);
      const handler = this.routes.get(`${method} ${url.split('?')[0]}`);
      const answer = handler ? handler(call) : fail(404, 'NOT_FOUND');
      return { status: answer.status, json: async () => answer.body } as Response;
    });
  }

  /** The calls to a method and path, in order. */
  callsTo(route: string): Call[] {
    return this.calls.filter((c) => `${c.method} ${c.url.split('?')[0]}` === route);
  }
}
