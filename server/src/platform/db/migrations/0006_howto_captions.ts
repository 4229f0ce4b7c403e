import { sql, type Kysely } from 'kysely';

/**
 * The how-to videos recorded from the site replace the demo clips at the same URLs; each now has caption tracks
 * (`captions.{th,la,en}`) and the fifth shows inviting a friend and receiving the bonus. A database seeded before
 * keeps its `howto` rows (seeding never overwrites), so the rows still holding the earlier seed are brought to the
 * new one here; a row an operator edited stays as it is. The values are written out in full, as a migration does
 * not follow later edits of the seed (features/content/seed-content.ts).
 */
type Locale = 'th' | 'la' | 'en';
const LOCALES: Locale[] = ['th', 'la', 'en'];

const OLD_TITLES: Record<Locale, string[]> = {
  th: ['วิธีสมัครสมาชิก', 'วิธีฝากเงิน', 'วิธีถอนเงิน', 'วิธีโยกเงินเข้าเกม', 'วิธีรับโบนัส'],
  la: ['ວິທີສະໝັກສະມາຊິກ', 'ວິທີຝາກເງິນ', 'ວິທີຖອນເງິນ', 'ວິທີໂອນເງິນເຂົ້າເກມ', 'ວິທີຮັບໂບນັດ'],
  en: [
    'How to register',
    'How to deposit',
    'How to withdraw',
    'How to move money to a game',
    'How to claim a bonus',
  ],
};
const OLD_IDS = ['register', 'deposit', 'withdraw', 'transfer', 'bonus'];

const NEW_TITLES: Record<Locale, string[]> = {
  th: ['วิธีสมัครสมาชิก', 'วิธีฝากเงิน', 'วิธีถอนเงิน', 'วิธีโยกเงินเข้าเกมและเล่นเกม', 'วิธีชวนเพื่อนและรับโบนัส'],
  la: ['ວິທີສະໝັກສະມາຊິກ', 'ວິທີຝາກເງິນ', 'ວິທີຖອນເງິນ', 'ວິທີໂອນເງິນເຂົ້າເກມ ແລະ ຫຼິ້ນເກມ', 'ວິທີຊວນໝູ່ ແລະ ຮັບໂບນັດ'],
  en: [
    'How to register',
    'How to deposit',
    'How to withdraw',
    'How to move money to a game and play',
    'How to invite friends and receive the bonus',
  ],
};
const NEW_IDS = ['register', 'deposit', 'withdraw', 'transfer', 'invite'];

const media = (n: number) => ({ src: `/media/howto/howto-${n}.mp4`, poster: `/media/howto/howto-${n}.jpg` });

export const previousHowto = (locale: Locale) =>
  OLD_IDS.map((id, i) => ({ id, title: OLD_TITLES[locale][i], ...media(i + 1) }));

export const captionedHowto = (locale: Locale) =>
  NEW_IDS.map((id, i) => ({
    id,
    title: NEW_TITLES[locale][i],
    ...media(i + 1),
    captions: Object.fromEntries(LOCALES.map((l) => [l, `/media/howto/howto-${i + 1}.${l}.vtt`])),
  }));

async function replace(db: Kysely<unknown>, from: (l: Locale) => unknown, to: (l: Locale) => unknown) {
  for (const locale of LOCALES) {
    await sql`update lookup_content set value = ${JSON.stringify(to(locale))}::jsonb, updated_at = now()
      where key = 'howto' and locale = ${locale} and value = ${JSON.stringify(from(locale))}::jsonb`.execute(
      db,
    );
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await replace(db, previousHowto, captionedHowto);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await replace(db, captionedHowto, previousHowto);
}
