import { useEffect, useState } from 'react';
import { Button, DelayedLoader, Html, Modal, useTranslation } from '@wallet/shared';
import { conditionsApi } from './api';

export interface ConditionsModalProps {
  /** Given by whoever opened the modal (the host's bottom menu); called by the close button, Escape, backdrop. */
  onClose?: () => void;
}

/** The bonus conditions (`GET /api/lookup/conditions`, server html, sanitized), as a modal. */
export function ConditionsModal({ onClose }: ConditionsModalProps) {
  const { t } = useTranslation('bonus');
  const [conditions, setConditions] = useState<string[] | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState(true);

  useEffect(() => {
    let live = true;
    conditionsApi.conditions().then(
      (list) => live && setConditions(list),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

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
      <DelayedLoader active={!conditions && !failed} variant="inline" />
      {failed && <p role="alert">{t('conditions.loadFailed')}</p>}
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
