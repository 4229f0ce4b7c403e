/**
 * Calls to outside providers (SMS gateway, slip verification): one POST with a time limit that covers the whole
 * answer (headers and body). A timeout or a connection failure throws a ProviderUnreachable; any HTTP answer is
 * returned as status and text for the adapter to judge.
 */
export class ProviderUnreachable extends Error {
  constructor(
    message: string,
    readonly timedOut: boolean,
  ) {
    super(message);
    this.name = 'ProviderUnreachable';
  }
}

export async function postWithTimeout(
  url: string,
  init: { headers: Record<string, string>; body: string | FormData },
  timeoutMs: number,
): Promise<{ status: number; text: string }> {
  try {
    const res = await fetch(url, { method: 'POST', ...init, signal: AbortSignal.timeout(timeoutMs) });
    return { status: res.status, text: await res.text() };
  } catch (e) {
    // AbortSignal.timeout rejects with a DOMException named TimeoutError (not always an Error of this realm).
    const name = typeof e === 'object' && e !== null ? (e as { name?: unknown }).name : undefined;
    const timedOut = name === 'TimeoutError' || name === 'AbortError';
    const detail =
      typeof e === 'object' && e !== null ? String((e as { message?: unknown }).message) : String(e);
    throw new ProviderUnreachable(
      timedOut ? `no answer within ${timeoutMs} ms` : `unreachable: ${detail}`,
      timedOut,
    );
  }
}

/** The JSON of an answer, or undefined when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
