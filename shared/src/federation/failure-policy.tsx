/**
 * The remote-failure policy of the shell, in one module. Whatever happens to a remote, a member sees one of three
 * things where it belongs: a page-shaped skeleton while it loads, its content, or the translated "unavailable —
 * try again" panel. The shell around it (top bar, menus, other routes) never goes blank.
 *
 * - Retries with exponential backoff, through the Module Federation runtime's public plugin hooks: manifests
 *   (`fetch`), remote entry scripts (`loadEntry`: this module loads the entry script itself) and an exposed
 *   module's chunks (`getModuleFactory`: the container's `get` is asked again; webpack reloads a chunk that
 *   failed). A 5xx, a network error or an attempt past its time is tried again; a 4xx or a manifest that is not
 *   JSON is an answer, and is not.
 * - Each manifest request and entry script has its own time limit, so a hanging server ends in a failure the
 *   runtime forgets (it drops a failed load from its caches itself): the panel's "try again" then really asks
 *   again. All attempts fit within the load timeout, so they have settled by the time the panel shows.
 * - A load timeout over the whole load of a module (manifest, entry, chunks, initialisation) as the member waits.
 * - `errorLoadRemote` answers a module that cannot be loaded with a fallback module whose parcel is the panel,
 *   and reports the failure on the bus (`remote:failed`).
 *
 * `RemoteSlot` (remote-slot.tsx) puts this on a page: skeleton, then the parcel this module's loader returns.
 * Both shells use it: the member site (host) and the operators' console (ops-console).
 */
import { loadRemote, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { AppProps, ParcelConfigObject } from 'single-spa';
import { bus } from '../bus/bus';
import { i18n } from '../i18n/i18n';
import { UnavailablePanel } from '../parcel/unavailable-panel';
import { Modal } from '../ui/modal';
import type { RemoteModuleId } from './registry';
import './failure-policy.css';

export interface FailurePolicy {
  /** Attempts after the first one, for a manifest, an entry script or an exposed module's chunks. */
  retries: number;
  /** Delay before the first retry; it doubles before each further one. */
  backoffMs: number;
  /** How long one manifest request or one entry script may take. */
  attemptTimeoutMs: number;
  /** How long the whole load of a module may take before the member sees the panel. */
  loadTimeoutMs: number;
}

/**
 * The site's numbers. The worst case of a hanging manifest or entry script, 3 × 2.5 s + 0.4 s + 0.8 s = 8.7 s,
 * ends before the 10 s load timeout.
 */
export const FAILURE_POLICY: FailurePolicy = {
  retries: 2,
  backoffMs: 400,
  attemptTimeoutMs: 2_500,
  loadTimeoutMs: 10_000,
};

// ---------------------------------------------------------------------------------------------------------------
// Retries

/** A failure that asking again would not change (a 404, a manifest that is not JSON). */
class FinalAnswer extends Error {
  override name = 'FinalAnswer';
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The delay before retry number `retry` (1-based): backoff, 2 × backoff, 4 × backoff, ... */
export function backoffDelay(policy: FailurePolicy, retry: number): number {
  return policy.backoffMs * 2 ** (retry - 1);
}

async function withRetries<T>(policy: FailurePolicy, attempt: () => Promise<T>): Promise<T> {
  for (let retry = 0; ; retry++) {
    try {
      return await attempt();
    } catch (error) {
      if (error instanceof FinalAnswer || retry >= policy.retries) throw error;
      await sleep(backoffDelay(policy, retry + 1));
    }
  }
}

/**
 * One manifest request within the attempt's time, body included (a server may send its headers and then hang).
 * The runtime gets a fresh `Response` of the text it read.
 */
async function fetchManifestOnce(url: string, init: RequestInit, policy: FailurePolicy): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), policy.attemptTimeoutMs);
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    if (response.status >= 500) throw new Error(`${url}: HTTP ${response.status}`);
    if (!response.ok) throw new FinalAnswer(`${url}: HTTP ${response.status}`);
    const text = await response.text();
    try {
      JSON.parse(text);
    } catch {
      throw new FinalAnswer(`${url}: not a JSON manifest`);
    }
    return new Response(text, { status: response.status, headers: response.headers });
  } catch (error) {
    if (controller.signal.aborted) throw new Error(`${url}: no answer in ${policy.attemptTimeoutMs} ms`);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

type LoadEntryArgs = Parameters<NonNullable<ModuleFederationRuntimePlugin['loadEntry']>>[0];
type RemoteEntry = NonNullable<LoadEntryArgs['remoteEntryExports']>;

/** Remote entries this module loads itself: classic scripts that define a global container (webpack remotes). */
const SCRIPT_ENTRY_TYPES = new Set(['global', 'var', 'script', 'window', 'self']);

function containerOf(globalName: string): RemoteEntry | undefined {
  const value = (globalThis as Record<string, unknown>)[globalName];
  const candidate = value as Partial<RemoteEntry> | undefined;
  return typeof candidate?.get === 'function' && typeof candidate.init === 'function'
    ? (candidate as RemoteEntry)
    : undefined;
}

/** Adds a script element and resolves once it ran; rejects on an error event or past `timeoutMs`. */
function runScriptOnce(url: string, timeoutMs: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    const settle = (error?: Error) => {
      clearTimeout(timer);
      script.onload = null;
      script.onerror = null;
      script.remove();
      if (error) reject(error);
      else resolve();
    };
    const timer = setTimeout(() => settle(new Error(`${url}: no answer in ${timeoutMs} ms`)), timeoutMs);
    script.onload = () => settle();
    script.onerror = () => settle(new Error(`${url}: the script did not load`));
    script.setAttribute('async', '');
    script.src = url;
    document.head.appendChild(script);
  });
}

/** Loads a remote's entry script with retries and returns the container it defines. */
async function loadEntryWithRetries(
  { entry, entryGlobalName }: LoadEntryArgs['remoteInfo'],
  policy: FailurePolicy,
): Promise<RemoteEntry> {
  return withRetries(policy, async () => {
    const loaded = containerOf(entryGlobalName);
    if (loaded) return loaded;
    await runScriptOnce(entry, policy.attemptTimeoutMs);
    const container = containerOf(entryGlobalName);
    if (!container) throw new Error(`${entry} ran but defined no container '${entryGlobalName}'`);
    return container;
  });
}

/**
 * The Module Federation runtime plugin of the policy (registered by `registerWithFederation`, registry.ts). It keeps to the runtime's
 * public hooks: it never edits the runtime's internal caches, which forget a failed load by themselves.
 */
export function remoteFailurePolicyPlugin(
  policy: FailurePolicy = FAILURE_POLICY,
): ModuleFederationRuntimePlugin {
  return {
    name: 'wallet-remote-failure-policy',

    fetch(url, init) {
      return withRetries(policy, () => fetchManifestOnce(url, init, policy));
    },

    loadEntry({ remoteInfo, remoteEntryExports }) {
      if (remoteEntryExports) return remoteEntryExports;
      // ES module and SystemJS entries, and anything outside a browser, stay with the runtime's own loader.
      if (typeof document === 'undefined' || !SCRIPT_ENTRY_TYPES.has(remoteInfo.type)) return undefined;
      return loadEntryWithRetries(remoteInfo, policy);
    },

    getModuleFactory({ remoteEntryExports, expose }) {
      // The type says `get` answers a factory; a webpack container answers a promise of one (awaited alike).
      return withRetries(policy, async () => remoteEntryExports.get(expose));
    },

    errorLoadRemote({ id, error, lifecycle }) {
      // Only the final `onLoad` stage expects a module back; an earlier stage's error reaches `onLoad` too.
      if (lifecycle !== 'onLoad') return undefined;
      bus.emit('remote:failed', {
        remote: id,
        error: error instanceof Error ? error.message : String(error),
      });
      return { default: createFallbackParcel(id) };
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The load timeout and the loader every slot uses

export class RemoteLoadError extends Error {
  constructor(
    readonly remoteModule: string,
    reason: string,
  ) {
    super(`${remoteModule}: ${reason}`);
    this.name = 'RemoteLoadError';
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, remoteModule: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new RemoteLoadError(remoteModule, `no answer in ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new RemoteLoadError(remoteModule, String(error)));
      },
    );
  });
}

function isParcelConfig(value: unknown): value is ParcelConfigObject<SlotParcelProps> {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    (typeof v.bootstrap === 'function' || Array.isArray(v.bootstrap)) &&
    (typeof v.mount === 'function' || Array.isArray(v.mount)) &&
    (typeof v.unmount === 'function' || Array.isArray(v.unmount))
  );
}

/** Loads a remote module within the load timeout and checks that its default export is a parcel. */
export async function loadRemoteParcel(
  id: RemoteModuleId,
  timeoutMs: number = FAILURE_POLICY.loadTimeoutMs,
): Promise<ParcelConfigObject<SlotParcelProps>> {
  const loaded = await withTimeout(loadRemote<{ default?: unknown }>(id), timeoutMs, id);
  const parcel = loaded?.default;
  if (!isParcelConfig(parcel)) throw new RemoteLoadError(id, 'the module is not a parcel');
  return parcel;
}

/**
 * The loader every remote slot gives to `<Parcel config>`: it never rejects. `<Parcel handleError>` would
 * rethrow, so a failure (down, past the timeout, not a parcel) becomes the fallback parcel here.
 */
export function loadRemoteParcelOrFallback(
  id: RemoteModuleId,
  timeoutMs: number = FAILURE_POLICY.loadTimeoutMs,
): Promise<ParcelConfigObject<SlotParcelProps>> {
  return loadRemoteParcel(id, timeoutMs).catch((error: unknown) => {
    bus.emit('remote:failed', { remote: id, error: error instanceof Error ? error.message : String(error) });
    return createFallbackParcel(id);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// What the member sees: the panel (as a parcel standing in for the remote) and the skeleton

/** Props every remote slot passes to whatever parcel it mounts (see remote-slot.tsx). */
export interface SlotParcelProps {
  remoteModule: string;
  /** Loads the remote again; the fallback panel's retry button calls it. */
  onRetry?: () => void;
  /** Given to modal remotes (the conditions modal): the fallback then shows the panel in a modal too. */
  onClose?: () => void;
}

type MountProps = SlotParcelProps & AppProps & { domElement?: HTMLElement };

function Fallback({ remoteModule, onRetry, onClose }: SlotParcelProps) {
  const { t } = useTranslation('common');
  const panel = <UnavailablePanel remote={remoteModule} onRetry={onRetry} />;
  if (!onClose) return panel;
  return (
    <Modal open onClose={onClose} title={t('dialog.noticeTitle')} size="sm">
      {panel}
    </Modal>
  );
}

/**
 * A parcel that stands in for a remote module that could not be loaded: the translated "unavailable, try again"
 * panel (`UnavailablePanel` of the shared package). A fresh one per failed load, since a parcel config keeps its
 * root.
 */
export function createFallbackParcel(remoteModule: string): ParcelConfigObject<SlotParcelProps> {
  let root: Root | null = null;

  const render = ({ onRetry, onClose }: MountProps) => {
    root?.render(
      <I18nextProvider i18n={i18n}>
        <Fallback remoteModule={remoteModule} onRetry={onRetry} onClose={onClose} />
      </I18nextProvider>,
    );
  };

  return {
    name: `fallback:${remoteModule}`,
    bootstrap: async () => undefined,
    mount: async (props: MountProps) => {
      if (!props.domElement) throw new Error(`No DOM element to mount the fallback of ${remoteModule}`);
      root = createRoot(props.domElement);
      render(props);
    },
    update: async (props: MountProps) => render(props),
    unmount: async () => {
      root?.unmount();
      root = null;
    },
  };
}

/**
 * What a page shows while its remote loads: a shimmering block shaped like a page (a header bar, a card, a few
 * rows), busy for assistive technology, which reads the translated "loading" text.
 */
export function RemoteSkeleton({ remoteModule }: { remoteModule: string }) {
  const { t } = useTranslation('common');
  return (
    <div className="host-skeleton" aria-busy="true" data-remote={remoteModule} data-testid="remote-skeleton">
      <span className="host-skeleton__label" role="status">
        {t('status.loading')}
      </span>
      <div className="wl-skeleton host-skeleton__bar" aria-hidden="true" />
      <div className="wl-skeleton host-skeleton__card" aria-hidden="true" />
      <div className="wl-skeleton host-skeleton__row" aria-hidden="true" />
      <div className="wl-skeleton host-skeleton__row" aria-hidden="true" />
      <div className="wl-skeleton host-skeleton__row host-skeleton__row--short" aria-hidden="true" />
    </div>
  );
}
