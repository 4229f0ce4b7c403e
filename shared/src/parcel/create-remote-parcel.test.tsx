import { i18n } from '../i18n/i18n';
import { createRemoteParcel } from './create-remote-parcel';

function Nothing() {
  return null;
}

describe('a remote shipping its own strings', () => {
  const original = i18n.getResourceBundle('en', 'spin') as Record<string, unknown>;

  afterEach(() => {
    i18n.removeResourceBundle('en', 'spin');
    i18n.addResourceBundle('en', 'spin', original, true, true);
  });

  test('its namespace as of its build replaces the page copy when it loads; other keys stay', async () => {
    await i18n.changeLanguage('en');
    const before = i18n.t('spin:title');
    createRemoteParcel(Nothing, 'mfe_spin/Spin', {
      catalogs: {
        ns: 'spin',
        resources: {
          th: { added: 'ใหม่' },
          la: { added: 'ໃໝ່' },
          en: { added: 'Brand-new text', title: 'Prize wheel (new build)' },
        },
      },
    });
    expect(i18n.t('spin:added')).toBe('Brand-new text');
    expect(i18n.t('spin:title')).toBe('Prize wheel (new build)');
    expect(before).not.toBe('Prize wheel (new build)');
    await i18n.changeLanguage('la');
    expect(i18n.t('spin:added')).toBe('ໃໝ່');
    await i18n.changeLanguage('en');
  });
});
