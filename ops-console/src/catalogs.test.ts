import en from './locales/en/ops.json';
import la from './locales/la/ops.json';
import th from './locales/th/ops.json';

/** Every key of a catalog, dotted, with its text. */
function entries(catalog: object, prefix = ''): [string, unknown][] {
  return Object.entries(catalog).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? entries(value, `${prefix}${key}.`)
      : [[`${prefix}${key}`, value]],
  );
}

describe('the console’s strings', () => {
  test.each([
    ['th', th],
    ['la', la],
  ] as const)('%s has every English key, each a text of its own', (_lang, catalog) => {
    const keys = (c: object) =>
      entries(c)
        .map(([key]) => key)
        .sort();
    expect(keys(catalog)).toEqual(keys(en));
    for (const [key, text] of entries(catalog)) {
      expect([key, typeof text === 'string' && text.trim().length > 0]).toEqual([key, true]);
    }
  });

  test('Thai and Lao are written in their own scripts', () => {
    expect(th.signIn.title).toMatch(/[\u0E00-\u0E7F]/);
    expect(la.signIn.title).toMatch(/[\u0E80-\u0EFF]/);
  });
});
