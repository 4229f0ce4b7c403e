import { useTranslation } from '@wallet/shared';

/**
 * Shows the server's SVG QR as an image. An SVG loaded through `<img>` is rendered by the browser in its image
 * mode — no scripts, no event handlers, no external loads — so markup from the server can never run on our page,
 * and nothing of it enters our DOM (unlike inline SVG, which would need sanitizing).
 */
export function QrImage({ svg, testId }: { svg: string; testId: string }) {
  const { t } = useTranslation('wallet');
  const trimmed = svg.trim();
  if (!trimmed.startsWith('<svg') && !trimmed.startsWith('<?xml')) return null;
  return (
    <img
      className="wallet-qr__image"
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(trimmed)}`}
      alt={t('deposit.qr.imageAlt')}
      width={240}
      height={240}
      data-testid={testId}
    />
  );
}
