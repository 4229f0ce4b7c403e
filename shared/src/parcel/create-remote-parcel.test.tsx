import { i18n } from '../i18n/i18n';
import { createRemoteParcel, registerCatalogs } from './create-remote-parcel';

function Nothing() {
  return null;
}

describe('a remote shipping its own strings', () => {
  beforeEach(() =>
    // The copy registered by an earlier build of the remote (a page that mounted it before).
    registerCatalogs({
      ns: 'spin',
      resources: { th: { title: 'วงล้อ' }, la: { title: 'ວົງລໍ້' }, en: { title: 'Prize wheel', kept: 'Kept' } },
    }),
  );

  afterEach(() => {
    for (const locale of ['th', 'la', 'en']) i18n.removeResourceBundle(locale, 'spin');
  });

  test('its namespace as of its build is registered when it loads, its keys winning; other keys stay', async () => {
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
    expect(before).toBe('Prize wheel');
    expect(i18n.t('spin:kept')).toBe('Kept');
    await i18n.changeLanguage('la');
    expect(i18n.t('spin:added')).toBe('ໃໝ່');
    await i18n.changeLanguage('en');
  });
});
