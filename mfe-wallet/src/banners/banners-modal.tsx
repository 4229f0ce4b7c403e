import { Button, Carousel, Modal, useTranslation } from '@wallet/shared';
import type { Banner } from './api';

/** The banner carousel shown before the invite and refund modals; closing it opens the modal behind it. */
export function BannersModal({
  open,
  banners,
  onClose,
}: {
  open: boolean;
  banners: readonly Banner[];
  onClose: () => void;
}) {
  const { t } = useTranslation('wallet');
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('banners.title')}
      data-testid="banners-modal"
      footer={
        <Button block onClick={onClose} data-testid="banners-continue">
          {t('banners.continue')}
        </Button>
      }
    >
      <Carousel slides={banners} interval={5000} />
    </Modal>
  );
}
