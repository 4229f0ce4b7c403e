import { bankName } from './bank-name';

const BCEL = {
  nameTH: 'ธนาคารการค้าต่างประเทศลาว มหาชน',
  nameEN: 'BCEL (Banque pour le Commerce Extérieur Lao Public)',
  nameLA: 'ທະນາຄານການຄ້າຕ່າງປະເທດລາວ ມະຫາຊົນ',
};

it('names a bank in the page language', () => {
  expect(bankName(BCEL, 'th')).toBe('ธนาคารการค้าต่างประเทศลาว มหาชน');
  expect(bankName(BCEL, 'la')).toBe('ທະນາຄານການຄ້າຕ່າງປະເທດລາວ ມະຫາຊົນ');
  expect(bankName(BCEL, 'en')).toBe('BCEL (Banque pour le Commerce Extérieur Lao Public)');
  expect(bankName(BCEL, 'en-US')).toBe('BCEL (Banque pour le Commerce Extérieur Lao Public)');
});

it('falls back to the English name in Lao, and never shows blank', () => {
  expect(bankName({ nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank' }, 'la')).toBe('Kasikornbank');
  expect(bankName({ nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank', nameLA: '' }, 'la')).toBe(
    'Kasikornbank',
  );
  expect(bankName({ nameTH: 'ธนาคารกสิกรไทย', nameEN: '' }, 'en')).toBe('ธนาคารกสิกรไทย');
  expect(bankName({ nameTH: '', nameEN: 'Kasikornbank' }, 'th')).toBe('Kasikornbank');
});
