import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { AppProps, ParcelConfigObject } from 'single-spa';
import { i18n, Modal, UnavailablePanel } from '@wallet/shared';

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
 * A parcel that stands in for a remote module that could not be loaded (down, too slow, or not a parcel): the
 * translated "unavailable, retry" panel. A fresh one per failed load, since a parcel config keeps its root.
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
