import { useState } from 'react';
import { Button, Html, Modal, ReadStatus, useTranslation } from '@wallet/shared';
import { useRead } from '@wallet/shared/query';
import { conditionsApi } from './api';

export interface ConditionsModalProps {
  /** Given by whoever opened the modal (the host's bottom menu); called by the close button, Escape, backdrop. */
  onClose?: () => void;
}

/** The bonus conditions (`GET /api/lookup/conditions`, server html, sanitized), as a modal. */
export function ConditionsModal({ onClose }: ConditionsModalProps) {
  const { t } = useTranslation('bonus');
  const read = useRead({ key: ['bonus', 'conditions'], read: conditionsApi.conditions });
  const conditions = read.data;
  const [open, setOpen] = useState(true);

  const close = () => {
    setOpen(false);
    onClose?.();
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title={t('conditions.title')}
      size="lg"
      data-testid="conditions-modal"
      footer={
        <Button variant="secondary" onClick={close} data-testid="conditions-close">
          {t('common:actions.close')}
        </Button>
      }
    >
      <ReadStatus
        loading={read.loading}
        failed={read.failed}
        message={t('conditions.loadFailed')}
        onRetry={read.refetch}
      />
      {conditions?.length === 0 && <p>{t('conditions.empty')}</p>}
      {conditions && conditions.length > 0 && (
        <ol className="bonus-conditions">
          {conditions.map((html, index) => (
            <li key={index} data-testid="condition">
              <Html html={html} />
            </li>
          ))}
        </ol>
      )}
    </Modal>
  );
}
