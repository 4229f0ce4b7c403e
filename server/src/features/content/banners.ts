import type { CacheBus, ReadCache } from '../../platform/cache';
import type { Db } from '../../platform/db';
import type { Locale } from '../../platform/locale';
import type { Banner } from './schemas';
import { bannersDb } from './tables';

export type { Banner };

type Kind = 'invite' | 'refund';

/** Seed banners (images are SVGs in server/assets/banners, served at /media/banners/). */
const SEED: { kind: Kind; image: string; html: Record<Locale, string> }[] = [
  {
    kind: 'invite',
    image: '/media/banners/invite-1.svg',
    html: {
      th: '<p>ชวนเพื่อนมาสมัคร รับ 10% ของยอดฝากแรกของเพื่อน (ฝากแรกขั้นต่ำ 100 บาท สูงสุด 500 บาทต่อคน)</p>',
      la: '<p>ຊວນໝູ່ມາສະໝັກ ຮັບ 10% ຂອງຍອດຝາກທຳອິດຂອງໝູ່ (ຝາກທຳອິດຢ່າງໜ້ອຍ 100 ບາດ ສູງສຸດ 500 ບາດຕໍ່ຄົນ)</p>',
      en: "<p>Invite friends: get 10% of each friend's first deposit (first deposit of at least 100 baht, up to 500 baht per friend).</p>",
    },
  },
  {
    kind: 'invite',
    image: '/media/banners/invite-2.svg',
    html: {
      th: '<p>แชร์ลิงก์สมัครของคุณจากหน้าแรก แล้วกดรับโบนัสเข้ากระเป๋าได้ทันที</p>',
      la: '<p>ແບ່ງປັນລິ້ງສະໝັກຂອງທ່ານຈາກໜ້າຫຼັກ ແລ້ວກົດຮັບໂບນັດເຂົ້າກະເປົາໄດ້ທັນທີ</p>',
      en: '<p>Share your registration link from the home screen, then receive the bonus into your wallet.</p>',
    },
  },
  {
    kind: 'refund',
    image: '/media/banners/refund-1.svg',
    html: {
      th: '<p>คืนยอดเสีย 5% ทุกสัปดาห์ (จันทร์ถึงอาทิตย์) รับได้สัปดาห์ละครั้ง</p>',
      la: '<p>ຄືນຍອດເສຍ 5% ທຸກອາທິດ (ຈັນຫາອາທິດ) ຮັບໄດ້ອາທິດລະເທື່ອ</p>',
      en: '<p>5% of your net loss back every week (Monday to Sunday), once a week.</p>',
    },
  },
];

/** Cache topic of the banners (all lists at once). */
export const BANNERS_TOPIC = 'banners';

/**
 * Invite and refund banners: rows of money_in_banners (operators edit them), seeded when the table is empty. The
 * lists are read from memory when the app's caches are given; a write must `invalidate()` them.
 */
export class Banners {
  private readonly lists: ReadCache<Banner[]> | undefined;

  constructor(
    private readonly db: Db,
    private readonly caches?: CacheBus,
  ) {
    this.lists = caches?.cache(BANNERS_TOPIC, 64);
  }

  /** Drops the cached lists on every server (call after a change of money_in_banners has committed). */
  async invalidate(): Promise<void> {
    await this.caches?.publish(BANNERS_TOPIC);
  }

  async seed(): Promise<void> {
    const t = bannersDb(this.db);
    const any = await t.selectFrom('money_in_banners').select('id').limit(1).executeTakeFirst();
    if (any) return;
    const rows = SEED.flatMap((b, i) =>
      (['th', 'la', 'en'] as const).map((locale) => ({
        kind: b.kind,
        locale,
        sort_order: i,
        image: b.image,
        html: b.html[locale],
      })),
    );
    await t.insertInto('money_in_banners').values(rows).execute();
  }

  /** The active banners of a kind in the locale (Thai when it has none); a shared, frozen list. */
  async list(kind: Kind, locale: Locale): Promise<Banner[]> {
    return this.lists
      ? this.lists.get(`${kind}:${locale}`, () => this.load(kind, locale))
      : this.load(kind, locale);
  }

  private async load(kind: Kind, locale: Locale): Promise<Banner[]> {
    const rows = await bannersDb(this.db)
      .selectFrom('money_in_banners')
      .select(['image', 'html', 'locale'])
      .where('kind', '=', kind)
      .where('active', '=', true)
      .where('locale', 'in', [locale, 'th'])
      .orderBy('sort_order')
      .orderBy('id')
      .execute();
    const own = rows.filter((r) => r.locale === locale);
    return (own.length > 0 ? own : rows).map((r) => ({ image: r.image, html: r.html }));
  }
}
