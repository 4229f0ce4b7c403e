import { i18n } from '../i18n/i18n';
import { translateErrorCode } from './api-error';

describe('translateErrorCode', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('translates a catalogue code in the current language', async () => {
    const english = translateErrorCode('WRONG_CREDENTIAL');
    await i18n.changeLanguage('th');
    const thai = translateErrorCode('WRONG_CREDENTIAL');
    expect(english).not.toBe('WRONG_CREDENTIAL');
    expect(thai).toMatch(/[\u0E00-\u0E7F]/);
  });

  it('translates slip reasons nested under slip.*', () => {
    expect(translateErrorCode('slip.DEST_ACC_INVALID')).not.toBe('slip.DEST_ACC_INVALID');
  });

  it('does not treat a group of keys or another namespace as a translation', () => {
    expect(translateErrorCode('slip', 'Server said slip')).toBe('Server said slip');
    expect(translateErrorCode('actions', 'Server said actions')).toBe('Server said actions');
  });

  it('falls back to the server message, then to a generic text', () => {
    expect(translateErrorCode('SOMETHING_NEW', 'A readable reason')).toBe('A readable reason');
    expect(translateErrorCode('SOMETHING_NEW')).toBe(i18n.t('UNKNOWN', { ns: 'errors' }));
  });
});
