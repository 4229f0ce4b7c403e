import { pageCsp } from '../../platform/http/security';
import { LOCALES, type Locale } from '../../platform/locale';
import type { GameInfo, GamePlatform } from './catalogue';
import type { RoundResult } from './sandbox-provider';

const esc = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const money = (minor: number, currency: string): string =>
  `${(minor / (currency === 'LAK' ? 1 : 100)).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })} ${currency}`;

export interface PlayPageInput {
  game: GameInfo;
  username: string;
  session: string;
  balance: number;
  currency: string;
  rounds: RoundResult[];
  message: 'won' | 'lost' | 'bet' | null;
  lang: Locale;
}

const TEXT = {
  th: {
    title: 'เกมทดลอง',
    balance: 'ยอดเงินในเกม',
    bet: 'เดิมพัน',
    play: 'เล่นหนึ่งรอบ',
    won: 'ชนะ!',
    lost: 'แพ้รอบนี้',
    badBet: 'จำนวนเดิมพันไม่ถูกต้องหรือยอดเงินไม่พอ',
    history: 'รอบล่าสุด',
    win: 'ได้',
    note: 'หน้านี้เป็นผู้ให้บริการเกมจำลอง ยอดเงินจะกลับไปที่กระเป๋าเมื่อโอนออกจากเกม',
  },
  la: {
    title: 'ເກມທົດລອງ',
    balance: 'ຍອດເງິນໃນເກມ',
    bet: 'ເດີມພັນ',
    play: 'ຫຼິ້ນໜຶ່ງຮອບ',
    won: 'ຊະນະ!',
    lost: 'ເສຍຮອບນີ້',
    badBet: 'ຈຳນວນເດີມພັນບໍ່ຖືກຕ້ອງ ຫຼື ຍອດເງິນບໍ່ພໍ',
    history: 'ຮອບຫຼ້າສຸດ',
    win: 'ໄດ້',
    note: 'ໜ້ານີ້ແມ່ນຜູ້ໃຫ້ບໍລິການເກມຈຳລອງ ຍອດເງິນຈະກັບໄປທີ່ກະເປົາເມື່ອໂອນອອກຈາກເກມ',
  },
  en: {
    title: 'Sandbox game',
    balance: 'Game balance',
    bet: 'Bet',
    play: 'Play one round',
    won: 'You won!',
    lost: 'You lost this round',
    badBet: 'Invalid bet or not enough balance',
    history: 'Last rounds',
    win: 'won',
    note: 'This is a sandbox game provider. Money returns to the wallet when transferred out of the game.',
  },
} as const;

/** Each language's name in itself, for the pages' language links. */
const LANGUAGE_NAMES = { th: 'ไทย', la: 'ລາວ', en: 'English' } as const;

/** The play page's inline style: constant, so the page's CSP names it by hash. */
const PLAY_STYLE = `
body{font-family:system-ui,'Noto Sans Thai',sans-serif;margin:0;background:#10131a;color:#f3f4f6}
main{max-width:420px;margin:0 auto;padding:16px}
header{display:flex;align-items:center;gap:12px}header img{width:56px;height:56px}
.card{background:#1c2130;border-radius:12px;padding:16px;margin:12px 0}
.balance{font-size:28px;font-weight:700}
input,button{font-size:18px;padding:8px 12px;border-radius:8px;border:0}
button{background:#f5b700;color:#111;font-weight:700;cursor:pointer}
.msg{font-weight:700}.ok{color:#4ade80}.err{color:#f87171}
a{color:#93c5fd}small{color:#9ca3af}
`;
/** The provider pages' CSP: their own style by hash, images and the bet form on this server, no script. */
export const PLAY_PAGE_CSP = pageCsp({ styles: [PLAY_STYLE] });

/** The server-rendered page an auto-login link opens: balance, a bet form, the last rounds. */
export function playPage(p: PlayPageInput): string {
  const t = TEXT[p.lang];
  const base = `/sandbox/games/${p.game.code}/play`;
  const languages = LOCALES.filter((l) => l !== p.lang)
    .map(
      (l) =>
        `<a href="${base}?session=${encodeURIComponent(p.session)}&amp;lang=${l}" lang="${l}">${LANGUAGE_NAMES[l]}</a>`,
    )
    .join(' · ');
  const msg =
    p.message === 'won'
      ? `<p class="msg ok">${t.won}</p>`
      : p.message === 'lost'
        ? `<p class="msg">${t.lost}</p>`
        : p.message === 'bet'
          ? `<p class="msg err">${t.badBet}</p>`
          : '';
  const rows = p.rounds
    .map(
      (r) =>
        `<li>${t.bet} ${esc(money(r.bet, p.currency))} → ${r.win > 0 ? `${t.win} ${esc(money(r.win, p.currency))}` : '0'} · ${t.balance} ${esc(money(r.balance, p.currency))}</li>`,
    )
    .join('');
  return `<!doctype html>
<html lang="${p.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(p.game.name)} · ${t.title}</title>
<style>${PLAY_STYLE}</style></head>
<body><main>
<header><img src="/media/games/${p.game.code}-logo.svg" alt="${esc(p.game.name)}"><div><h1>${esc(p.game.name)}</h1><small>${t.title} · ${esc(p.username)}</small></div></header>
<p>${languages}</p>
<section class="card"><div>${t.balance}</div><div class="balance" data-testid="game-balance" data-amount="${p.balance}">${esc(money(p.balance, p.currency))}</div></section>
${msg}
<form class="card" method="post" action="${base}?lang=${p.lang}">
<input type="hidden" name="session" value="${esc(p.session)}">
<label>${t.bet} (${esc(p.currency)}) <input name="bet" type="number" min="1" step="1" value="10" required></label>
<button type="submit">${t.play}</button>
</form>
<section class="card"><h2>${t.history}</h2><ul>${rows}</ul></section>
<p><small>${t.note}</small></p>
</main></body></html>`;
}

const PLATFORM_TEXT = {
  th: {
    title: { web: 'เว็บไซต์', android: 'แอป Android', ios: 'แอป iOS' },
    what: {
      web: 'ลิงก์นี้แทนเว็บไซต์ของผู้ให้บริการเกม ผู้ให้บริการจริงจะเปิดหน้าเข้าสู่ระบบของเกมที่นี่ ให้เข้าด้วยชื่อผู้ใช้และรหัสผ่านเกมของคุณ',
      android:
        'ลิงก์นี้แทนแอป Android ของผู้ให้บริการเกม ผู้ให้บริการจริงจะพาไปที่ Google Play เพื่อติดตั้งแอป แล้วเข้าด้วยชื่อผู้ใช้และรหัสผ่านเกมของคุณ',
      ios: 'ลิงก์นี้แทนแอป iOS ของผู้ให้บริการเกม ผู้ให้บริการจริงจะพาไปที่ App Store เพื่อติดตั้งแอป แล้วเข้าด้วยชื่อผู้ใช้และรหัสผ่านเกมของคุณ',
    },
    sandbox: 'นี่คือผู้ให้บริการเกมจำลอง ไม่มีเว็บไซต์หรือแอปจริง เล่นได้จากกระเป๋าเงิน: เปิดเกมแล้วกด "เล่นเกม"',
    back: 'กลับไปที่กระเป๋าเงิน',
    provider: 'ผู้ให้บริการเกมจำลอง',
  },
  la: {
    title: { web: 'ເວັບໄຊ', android: 'ແອັບ Android', ios: 'ແອັບ iOS' },
    what: {
      web: 'ລິ້ງນີ້ແທນເວັບໄຊຂອງຜູ້ໃຫ້ບໍລິການເກມ ຜູ້ໃຫ້ບໍລິການແທ້ຈະເປີດໜ້າເຂົ້າສູ່ລະບົບຂອງເກມຢູ່ບ່ອນນີ້ ໃຫ້ເຂົ້າດ້ວຍຊື່ຜູ້ໃຊ້ ແລະ ລະຫັດຜ່ານເກມຂອງທ່ານ',
      android:
        'ລິ້ງນີ້ແທນແອັບ Android ຂອງຜູ້ໃຫ້ບໍລິການເກມ ຜູ້ໃຫ້ບໍລິການແທ້ຈະພາໄປທີ່ Google Play ເພື່ອຕິດຕັ້ງແອັບ ແລ້ວເຂົ້າດ້ວຍຊື່ຜູ້ໃຊ້ ແລະ ລະຫັດຜ່ານເກມຂອງທ່ານ',
      ios: 'ລິ້ງນີ້ແທນແອັບ iOS ຂອງຜູ້ໃຫ້ບໍລິການເກມ ຜູ້ໃຫ້ບໍລິການແທ້ຈະພາໄປທີ່ App Store ເພື່ອຕິດຕັ້ງແອັບ ແລ້ວເຂົ້າດ້ວຍຊື່ຜູ້ໃຊ້ ແລະ ລະຫັດຜ່ານເກມຂອງທ່ານ',
    },
    sandbox: 'ນີ້ແມ່ນຜູ້ໃຫ້ບໍລິການເກມຈຳລອງ ບໍ່ມີເວັບໄຊ ຫຼື ແອັບແທ້ ຫຼິ້ນໄດ້ຈາກກະເປົາເງິນ: ເປີດເກມແລ້ວກົດ "ຫຼິ້ນເກມ"',
    back: 'ກັບໄປທີ່ກະເປົາເງິນ',
    provider: 'ຜູ້ໃຫ້ບໍລິການເກມຈຳລອງ',
  },
  en: {
    title: { web: 'Website', android: 'Android app', ios: 'iOS app' },
    what: {
      web: "This link stands for the game provider's website. A real provider's sign-in page opens here: you sign in with your game username and password.",
      android:
        "This link stands for the game provider's Android app. A real provider sends you to Google Play to install it; you then sign in with your game username and password.",
      ios: "This link stands for the game provider's iOS app. A real provider sends you to the App Store to install it; you then sign in with your game username and password.",
    },
    sandbox:
      'This is a sandbox game provider with no real website or app. Play from the wallet: open the game and press "Play".',
    back: 'Back to the wallet',
    provider: 'Sandbox game provider',
  },
} as const;

export interface PlatformPageInput {
  game: GameInfo;
  platform: GamePlatform;
  lang: Locale;
}

/**
 * The sandbox provider's stand-in for a game's website or app (/sandbox/games/{CODE}/web, /android, /ios): what
 * the link stands for, in th, la or en, and the way back to the wallet. Same style, so the same CSP, as the play page.
 */
export function platformPage(p: PlatformPageInput): string {
  const t = PLATFORM_TEXT[p.lang];
  const title = `${p.game.name} · ${t.title[p.platform]}`;
  const base = `/sandbox/games/${p.game.code}/${p.platform}`;
  const languages = LOCALES.filter((l) => l !== p.lang)
    .map((l) => `<a href="${base}?lang=${l}" lang="${l}">${LANGUAGE_NAMES[l]}</a>`)
    .join(' · ');
  return `<!doctype html>
<html lang="${p.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>${PLAY_STYLE}</style></head>
<body><main>
<header><img src="/media/games/${p.game.code}-logo.svg" alt="${esc(p.game.name)}"><div><h1>${esc(title)}</h1><small>${t.provider}</small></div></header>
<p>${languages}</p>
<section class="card" data-testid="platform-page" data-platform="${p.platform}"><p>${t.what[p.platform]}</p><p>${t.sandbox}</p></section>
<p><a href="/user/home">${t.back}</a></p>
</main></body></html>`;
}
