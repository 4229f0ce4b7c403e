import axios, { AxiosError, AxiosHeaders } from 'axios';

/**
 * The operator API as the console sees it, at the network edge: axios's adapter replaced by a table of answers, every
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
/** A refusal; `message` is the server's own text where it gives one (e.g. what a release lacks). */
export const fail = (status: number, code: string, message = code): Answer => ({
  status,
  body: { code, message },
});

/** The server of the running test: the client's axios instance outlives a test, so its adapter asks here. */
const installed: { server?: FakeServer } = {};

export class FakeServer {
  readonly calls: Call[] = [];
  private readonly routes = new Map<string, Handler>();

  /** `on('POST /api/ops/auth/login', ...)`: the answer of a method and path (query string ignored). */
  on(route: string, answer: Answer | Handler): this {
    this.routes.set(route, typeof answer === 'function' ? answer : () => answer);
    return this;
  }

  /**
   * Answers every axios request of the page (the operator client of @wallet/shared creates its instance from
   * axios's defaults), `/remotes.json` included. `fetch` is left alone: the Module Federation runtime's.
   */
  install(): void {
    installed.server = this;
    axios.defaults.adapter = (config) => {
      const server = installed.server!;
      const method = (config.method ?? 'get').toUpperCase();
      const query = config.params
        ? `?${new URLSearchParams(config.params as Record<string, string>).toString()}`
        : '';
      const url = `${config.url ?? ''}${query}`;
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(AxiosHeaders.from(config.headers).toJSON()))
        if (typeof value === 'string') headers[name] = value;
      const body: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
      const answer = server.answer({ method, url, headers, body });
      const response = { data: answer.body, status: answer.status, statusText: '', headers: {}, config };
      if (answer.status >= 200 && answer.status < 300) return Promise.resolve(response);
      return Promise.reject(new AxiosError('failed', 'ERR_BAD_REQUEST', config, {}, response));
    };
  }

  private answer(call: Call): Answer {
    this.calls.push(call);
    const handler = this.routes.get(`${call.method} ${call.url.split('?')[0]}`);
    return handler ? handler(call) : fail(404, 'NOT_FOUND');
  }

  /** The calls to a method and path, in order. */
  callsTo(route: string): Call[] {
    return this.calls.filter((c) => `${c.method} ${c.url.split('?')[0]}` === route);
  }
}
