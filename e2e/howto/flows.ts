import type { Page } from 'playwright-core';
import { api, registerMember, type Member } from '../lib/members';
import type { Site } from '../lib/site';
import type { Director } from './director';
import type { Caption } from './webvtt';

/**
 * The five how-to flows, driven on the real site in Thai (the site's first language) with captions in Thai, Lao
 * and English. A caption names a button by its label in the caption's language, as the viewer's own screen
 * shows it.
 */
export interface Flow {
  /** The how-to id of the `howto` lookup (server/src/features/content/seed-content.ts). */
  id: string;
  /** howto-<n>.mp4, .jpg and .<lang>.vtt in server/assets/howto. */
  file: string;
  /** A member to sign in before the recording starts (a visitor when absent). */
  prepare?: (site: Site) => Promise<Member>;
  /** Where the recording starts. */
  start: string;
  run: (d: Director, site: Site, member: Member | undefined) => Promise<void>;
}

const c = (th: string, la: string, en: string): Caption => ({ th, la, en });

const byId = (page: Page, id: string) => page.getByTestId(id);

/** Money arriving from the member's own bank account, as the bank's webhook reports it (sandbox). */
async function bankTransferIn(site: Site, phone: string, amount: number): Promise<void> {
  await api(site, '/sandbox/bank/incoming', {
    body: { fromAccountNo: `9${phone.slice(1)}`, fromBankCode: 'SCB', amount },
  });
}

/** Waits until the home's balance reads `text` (refreshing the home once if the push has not come). */
async function waitForBalance(page: Page, text: string): Promise<void> {
  const balance = byId(page, 'home-balance').filter({ hasText: text });
  try {
    await balance.waitFor({ timeout: 4000 });
  } catch {
    await byId(page, 'home-refresh').click();
    await balance.waitFor({ timeout: 10_000 });
  }
}

async function closeWindow(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
}

/** The OK of the result dialog. */
async function acknowledge(d: Director): Promise<void> {
  const dialog = d.page.getByTestId('alert-success');
  await dialog.waitFor();
  await d.pause(1400);
  await d.tap(dialog.getByRole('button').last());
}

const register: Flow = {
  id: 'register',
  file: 'howto-1',
  start: '/login',
  async run(d, site) {
    const { page } = d;
    const phone = '0891234567';
    const password = 'my-pass-2024';
    await byId(page, 'login-register-link').waitFor();
    await d.step(c('แตะ สมัครสมาชิก', 'ແຕະ ສະໝັກສະມາຊິກ', 'Tap Register'), () =>
      d.tap(byId(page, 'login-register-link')),
    );
    await d.step(
      c('ป้อนเบอร์โทรศัพท์ของคุณ', 'ປ້ອນເບີໂທລະສັບຂອງທ່ານ', 'Enter your phone number'),
      () => d.type(byId(page, 'register-phone'), phone),
      { hold: 800 },
    );
    await d.step(
      c(
        'แตะ ถัดไป ระบบจะส่งรหัส OTP ทาง SMS',
        'ແຕະ ຕໍ່ໄປ ລະບົບຈະສົ່ງລະຫັດ OTP ທາງ SMS',
        'Tap Next: we send you a one-time code by SMS',
      ),
      async () => {
        await d.tap(byId(page, 'register-next'));
        await byId(page, 'register-otp').waitFor();
      },
    );
    const outbox = (await (await fetch(`${site.url}/sandbox/sms`)).json()) as { to: string; text: string }[];
    const code = /\b(\d{6})\b/.exec(outbox.find((m) => m.to === phone)?.text ?? '')?.[1];
    if (!code) throw new Error('no one-time code in the sandbox SMS outbox');
    await d.step(
      c(
        'ป้อนรหัส OTP 6 หลักจาก SMS แล้วแตะ ยืนยัน',
        'ປ້ອນລະຫັດ OTP 6 ຕົວເລກຈາກ SMS ແລ້ວແຕະ ຢືນຢັນ',
        'Enter the 6-digit code from the SMS and tap Verify',
      ),
      async () => {
        await d.type(byId(page, 'register-otp'), code);
        await d.pause(500);
        await d.tap(byId(page, 'register-next'));
        await byId(page, 'register-name').waitFor();
      },
    );
    await d.step(
      c(
        'ป้อนชื่อ ตั้งรหัสผ่าน แล้วป้อนรหัสผ่านอีกครั้งเพื่อยืนยัน',
        'ປ້ອນຊື່ ຕັ້ງລະຫັດຜ່ານ ແລ້ວປ້ອນລະຫັດຜ່ານອີກຄັ້ງເພື່ອຢືນຢັນ',
        'Enter your name, choose a password and type it again to confirm',
      ),
      async () => {
        await d.type(byId(page, 'register-name'), 'Somchai Jaidee');
        await d.type(byId(page, 'register-password'), password);
        await d.type(byId(page, 'register-confirm'), password);
      },
      { hold: 900 },
    );
    await d.step(
      c(
        'เลือกว่ารู้จักเราจากช่องทางไหน แล้วแตะ ถัดไป',
        'ເລືອກວ່າຮູ້ຈັກພວກເຮົາຈາກຊ່ອງທາງໃດ ແລ້ວແຕະ ຕໍ່ໄປ',
        'Choose how you heard about us, then tap Next',
      ),
      async () => {
        const source = byId(page, 'register-source');
        const first = await source.locator('option:not([value=""])').first().getAttribute('value');
        if (first) await source.selectOption(first);
        await d.pause(700);
        await d.tap(byId(page, 'register-next'));
        await byId(page, 'register-bank').waitFor();
      },
    );
    await d.step(
      c(
        'เลือกธนาคาร แล้วป้อนชื่อ นามสกุล และเลขที่บัญชีให้ตรงกับบัญชีธนาคารของคุณ',
        'ເລືອກທະນາຄານ ແລ້ວປ້ອນຊື່ ນາມສະກຸນ ແລະ ເລກບັນຊີໃຫ້ກົງກັບບັນຊີທະນາຄານຂອງທ່ານ',
        'Choose your bank, then enter your name and account number exactly as on your bank account',
      ),
      async () => {
        await byId(page, 'register-bank').selectOption('SCB');
        await d.pause(500);
        await d.type(byId(page, 'register-first-name'), 'somchai');
        await d.type(byId(page, 'register-last-name'), 'jaidee');
        await d.type(byId(page, 'register-account-no'), '1112223334');
      },
      { hold: 900, poster: true },
    );
    await d.step(c('แตะ สมัครสมาชิก', 'ແຕະ ສະໝັກສະມາຊິກ', 'Tap Register'), async () => {
      await d.tap(byId(page, 'register-submit'));
      await page.waitForURL('**/login');
    });
    await d.step(
      c(
        'สมัครเสร็จแล้ว เข้าสู่ระบบด้วยเบอร์โทรศัพท์และรหัสผ่านของคุณ',
        'ສະໝັກສຳເລັດແລ້ວ ເຂົ້າສູ່ລະບົບດ້ວຍເບີໂທລະສັບ ແລະ ລະຫັດຜ່ານຂອງທ່ານ',
        'You are registered: log in with your phone number and password',
      ),
      async () => {
        const username = byId(page, 'login-username');
        if ((await username.inputValue()) !== phone) await d.type(username, phone);
        await d.type(byId(page, 'login-password'), password);
        await d.pause(500);
        await d.tap(byId(page, 'login-submit'));
        await page.waitForURL('**/user/home');
        await byId(page, 'home-balance').waitFor();
      },
      { hold: 1000 },
    );
    await d.step(
      c(
        'หน้าแรกแสดงยอดเงินในกระเป๋าของคุณ พร้อมฝากเงินได้เลย',
        'ໜ້າທຳອິດສະແດງຍອດເງິນໃນກະເປົາຂອງທ່ານ ພ້ອມຝາກເງິນໄດ້ເລີຍ',
        'The home page shows your wallet balance: you are ready to deposit',
      ),
      undefined,
      { hold: 3000 },
    );
  },
};

const deposit: Flow = {
  id: 'deposit',
  file: 'howto-2',
  start: '/user/home',
  prepare: (site) => registerMember(site, '0822222222', { name: 'Somchai Jaidee' }),
  async run(d, site, member) {
    const { page } = d;
    if (!member) throw new Error('the deposit flow needs a member');
    await byId(page, 'home-balance').waitFor();
    await d.step(c('ที่หน้าแรก แตะ ฝากเงิน', 'ຢູ່ໜ້າທຳອິດ ແຕະ ຝາກເງິນ', 'On the home page, tap Deposit'), async () => {
      await d.tap(byId(page, 'widget-deposit'));
      await byId(page, 'deposit-modal').waitFor();
    });
    await d.step(
      c(
        'โอนผ่านธนาคาร: โอนจากบัญชีที่คุณสมัครไว้มาที่บัญชีนี้ แตะปุ่มคัดลอกเพื่อคัดลอกเลขบัญชี',
        'ໂອນຜ່ານທະນາຄານ: ໂອນຈາກບັນຊີທີ່ທ່ານສະໝັກໄວ້ມາຫາບັນຊີນີ້ ແຕະປຸ່ມສຳເນົາເພື່ອສຳເນົາເລກບັນຊີ',
        'Bank transfer: send money from the account you registered to this account. Tap copy to copy the number',
      ),
      () => d.tap(byId(page, 'deposit-bank-copy-0')),
      { hold: 2600, poster: true },
    );
    await d.step(
      c(
        'เมื่อโอนแล้ว เงินจะเข้ากระเป๋าภายใน 1 นาที',
        'ເມື່ອໂອນແລ້ວ ເງິນຈະເຂົ້າກະເປົາພາຍໃນ 1 ນາທີ',
        'Once you have transferred, the money reaches your wallet within a minute',
      ),
      async () => {
        await closeWindow(page);
        await bankTransferIn(site, member.phone, 50_000);
        await waitForBalance(page, '500.00');
      },
      { hold: 2200 },
    );
    await d.step(
      c(
        'หรือฝากด้วยคิวอาร์โค้ด: แตะ ฝากเงิน แล้วเลือก คิวอาร์โค้ด',
        'ຫຼື ຝາກດ້ວຍຄິວອາໂຄດ: ແຕະ ຝາກເງິນ ແລ້ວເລືອກ ຄິວອາໂຄດ',
        'Or deposit with a QR code: tap Deposit, then QR code',
      ),
      async () => {
        await d.tap(byId(page, 'widget-deposit'));
        await byId(page, 'deposit-modal').waitFor();
        await d.pause(600);
        await d.tap(byId(page, 'deposit-tab-qr'));
      },
    );
    await d.step(
      c(
        'เลือกช่องทางชำระเงิน แล้วป้อนจำนวนเงิน',
        'ເລືອກຊ່ອງທາງຊຳລະເງິນ ແລ້ວປ້ອນຈຳນວນເງິນ',
        'Choose a payment channel and enter the amount',
      ),
      async () => {
        const channel = byId(page, 'qr-channel-KBANK');
        if (await channel.isVisible()) await d.tap(channel);
        await d.type(byId(page, 'qr-amount-KBANK'), '300');
      },
      { hold: 900 },
    );
    await d.step(
      c('แตะ สร้างคิวอาร์โค้ด', 'ແຕະ ສ້າງຄິວອາໂຄດ', 'Tap Create QR code'),
      async () => {
        await d.tap(byId(page, 'qr-create-KBANK'));
        await byId(page, 'qr-image-KBANK').waitFor();
      },
      { hold: 1000 },
    );
    await d.step(
      c(
        'สแกนคิวอาร์ด้วยแอปธนาคาร แล้วจ่ายตามยอดที่แสดงก่อนหมดเวลา',
        'ສະແກນຄິວອາດ້ວຍແອັບທະນາຄານ ແລ້ວຈ່າຍຕາມຍອດທີ່ສະແດງກ່ອນໝົດເວລາ',
        'Scan the QR code with your banking app and pay the amount shown before the time runs out',
      ),
      async () => {
        await byId(page, 'qr-image-KBANK').scrollIntoViewIfNeeded();
        // The member pays with the banking app: here, the payment channel's sandbox pays the QR.
        const href = await byId(page, 'qr-pay-link-KBANK').getAttribute('href');
        const link = new URL(href ?? '', site.url);
        const id = link.pathname.split('/').pop() ?? '';
        const res = await fetch(`${site.url}/sandbox/qr/${id}/pay${link.search}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
        if (!res.ok) throw new Error(`sandbox QR payment: ${res.status}`);
      },
      { hold: 3000 },
    );
    await d.step(
      c(
        'จ่ายแล้ว แตะ ชำระเงินแล้ว ยอดเงินในกระเป๋าจะเพิ่มขึ้น',
        'ຈ່າຍແລ້ວ ແຕະ ຊຳລະເງິນແລ້ວ ຍອດເງິນໃນກະເປົາຈະເພີ່ມຂຶ້ນ',
        'When you have paid, tap I have paid: your wallet balance goes up',
      ),
      async () => {
        const confirm = byId(page, 'qr-confirm-KBANK');
        if (await confirm.isVisible()) await d.tap(confirm);
        await d.pause(1200);
        if (await byId(page, 'deposit-modal').isVisible()) await closeWindow(page);
        await waitForBalance(page, '800.00');
      },
      { hold: 3000 },
    );
  },
};

const withdraw: Flow = {
  id: 'withdraw',
  file: 'howto-3',
  start: '/user/home',
  async prepare(site) {
    const member = await registerMember(site, '0833333333', { name: 'Somchai Jaidee' });
    await bankTransferIn(site, member.phone, 100_000);
    return member;
  },
  async run(d) {
    const { page } = d;
    await byId(page, 'home-balance').filter({ hasText: '1,000.00' }).waitFor();
    await d.step(
      c('ที่หน้าแรก แตะ ถอนเงิน', 'ຢູ່ໜ້າທຳອິດ ແຕະ ຖອນເງິນ', 'On the home page, tap Withdraw'),
      async () => {
        await d.tap(byId(page, 'widget-withdraw'));
        await byId(page, 'withdraw-modal').waitFor();
      },
    );
    await d.step(
      c(
        'เงินจะโอนเข้าบัญชีธนาคารที่คุณสมัครไว้ ตรวจยอดขั้นต่ำและสูงสุดได้ที่นี่',
        'ເງິນຈະໂອນເຂົ້າບັນຊີທະນາຄານທີ່ທ່ານສະໝັກໄວ້ ກວດຍອດຕ່ຳສຸດ ແລະ ສູງສຸດໄດ້ຢູ່ນີ້',
        'The money goes to the bank account you registered; the minimum and maximum are shown here',
      ),
      undefined,
      { hold: 2800, poster: true },
    );
    await d.step(
      c('ป้อนจำนวนเงินที่ต้องการถอน', 'ປ້ອນຈຳນວນເງິນທີ່ຕ້ອງການຖອນ', 'Enter the amount to withdraw'),
      () => d.type(byId(page, 'withdraw-amount'), '300'),
      { hold: 900 },
    );
    await d.step(
      c('แตะ ถอนเงิน', 'ແຕະ ຖອນເງິນ', 'Tap Withdraw'),
      async () => {
        await d.tap(byId(page, 'withdraw-submit'));
        await page.getByTestId('alert-success').waitFor();
      },
      { hold: 2200 },
    );
    await d.step(
      c(
        'ได้รับคำขอถอนแล้ว แตะ ตกลง แล้วรอเงินเข้าบัญชีธนาคารของคุณ',
        'ໄດ້ຮັບຄຳຂໍຖອນແລ້ວ ແຕະ ຕົກລົງ ແລ້ວລໍຖ້າເງິນເຂົ້າບັນຊີທະນາຄານຂອງທ່ານ',
        'Your withdrawal is received: tap OK and wait for the money in your bank account',
      ),
      () => acknowledge(d),
      { hold: 1000 },
    );
    await d.step(
      c(
        'ยอดเงินในกระเป๋าลดลงตามจำนวนที่ถอน',
        'ຍອດເງິນໃນກະເປົາຫຼຸດລົງຕາມຈຳນວນທີ່ຖອນ',
        'Your wallet balance goes down by the amount withdrawn',
      ),
      () => waitForBalance(page, '700.00'),
      { hold: 3000 },
    );
  },
};

const transfer: Flow = {
  id: 'transfer',
  file: 'howto-4',
  start: '/user/home',
  async prepare(site) {
    const member = await registerMember(site, '0844444444', { name: 'Somchai Jaidee' });
    await bankTransferIn(site, member.phone, 50_000);
    return member;
  },
  async run(d) {
    const { page } = d;
    await byId(page, 'home-balance').filter({ hasText: '500.00' }).waitFor();
    await d.step(
      c(
        'แตะการ์ดเกมที่ต้องการ แล้วแตะ เปิดบัญชี',
        'ແຕະບັດເກມທີ່ຕ້ອງການ ແລ້ວແຕະ ເປີດບັນຊີ',
        'Tap the game you want, then tap Open account',
      ),
      async () => {
        await d.tap(byId(page, 'game-card-PG'));
        await d.pause(900);
        await d.tap(byId(page, 'game-activate'));
        await byId(page, 'game-credentials').waitFor();
      },
    );
    await d.step(
      c(
        'บัญชีเกมพร้อมแล้ว: นี่คือชื่อผู้ใช้และรหัสผ่านเกมของคุณ',
        'ບັນຊີເກມພ້ອມແລ້ວ: ນີ້ແມ່ນຊື່ຜູ້ໃຊ້ ແລະ ລະຫັດຜ່ານເກມຂອງທ່ານ',
        'Your game account is ready: these are your game username and password',
      ),
      () => closeWindow(page),
      { lead: 2000, hold: 1000 },
    );
    await d.step(
      c(
        'แตะ โยกเงิน เลือกจากกระเป๋าหลักไปยังเกม แล้วป้อนจำนวนเงิน',
        'ແຕະ ໂອນຍ້າຍເງິນ ເລືອກຈາກກະເປົາຫຼັກໄປຫາເກມ ແລ້ວປ້ອນຈຳນວນເງິນ',
        'Tap Transfer, choose from your main wallet to the game, and enter the amount',
      ),
      async () => {
        await d.tap(byId(page, 'home-transfer'));
        await byId(page, 'transfer-modal').waitFor();
        await d.pause(600);
        await byId(page, 'transfer-from').selectOption('wallet');
        await d.pause(600);
        await byId(page, 'transfer-to').selectOption('PG');
        await d.pause(600);
        await d.type(byId(page, 'transfer-amount'), '100');
      },
      { hold: 900, poster: true },
    );
    await d.step(
      c('แตะ โยกเงิน แล้วแตะ ตกลง', 'ແຕະ ໂອນຍ້າຍເງິນ ແລ້ວແຕະ ຕົກລົງ', 'Tap Transfer, then OK'),
      async () => {
        await d.tap(byId(page, 'transfer-submit'));
        await acknowledge(d);
        await waitForBalance(page, '400.00');
        await byId(page, 'game-amount-PG').filter({ hasText: '100.00' }).waitFor();
        await d.show(byId(page, 'game-card-PG'));
      },
      { hold: 2000 },
    );
    await d.step(
      c(
        'เงินอยู่ในเกมแล้ว แตะการ์ดเกม แล้วแตะ เล่นเกม',
        'ເງິນຢູ່ໃນເກມແລ້ວ ແຕະບັດເກມ ແລ້ວແຕະ ຫຼິ້ນເກມ',
        'The money is in the game: tap the game card, then Play',
      ),
      async () => {
        await d.tap(byId(page, 'game-card-PG'));
        await d.pause(900);
        await d.tap(byId(page, 'game-play'));
        await page.getByTestId('game-balance').waitFor();
      },
    );
    await d.step(
      c('ป้อนเดิมพัน แล้วเริ่มเล่น', 'ປ້ອນເງິນເດີມພັນ ແລ້ວເລີ່ມຫຼິ້ນ', 'Enter your bet and play'),
      async () => {
        await d.type(page.locator('input[name="bet"]'), '10');
        await d.pause(500);
        await d.tap(page.locator('form button[type="submit"]'));
        await page.waitForLoadState();
        await page.getByTestId('game-balance').waitFor();
      },
      { hold: 2600 },
    );
    await d.step(
      c(
        'กลับมาที่กระเป๋าเงิน ยอดในเกมจะแสดงบนการ์ดเกม',
        'ກັບມາທີ່ກະເປົາເງິນ ຍອດໃນເກມຈະສະແດງຢູ່ບັດເກມ',
        'Back in your wallet, the game balance shows on the game card',
      ),
      async () => {
        await page.goto('/user/home');
        await byId(page, 'game-card-PG').waitFor();
        await d.pause(600);
        await d.tap(byId(page, 'home-refresh'));
        await d.show(byId(page, 'game-card-PG'));
      },
      { hold: 3000 },
    );
  },
};

const invite: Flow = {
  id: 'invite',
  file: 'howto-5',
  start: '/user/home',
  prepare: (site) => registerMember(site, '0855555555', { name: 'Somchai Jaidee' }),
  async run(d, site, member) {
    const { page } = d;
    if (!member) throw new Error('the invite flow needs a member');
    await byId(page, 'home-balance').waitFor();
    const openInvite = async () => {
      await d.tap(byId(page, 'widget-invite'));
      await page.locator('[data-testid="invite-modal"], [data-testid="banners-modal"]').first().waitFor();
      if (await byId(page, 'banners-modal').isVisible()) {
        await d.pause(1200);
        await d.tap(byId(page, 'banners-continue'));
      }
      await byId(page, 'invite-modal').waitFor();
    };
    await d.step(
      c('ที่หน้าแรก แตะ ชวนเพื่อน', 'ຢູ່ໜ້າທຳອິດ ແຕະ ຊວນໝູ່', 'On the home page, tap Invite friends'),
      openInvite,
    );
    await d.step(
      c(
        'แตะปุ่มคัดลอกลิงก์สมัครสมาชิกของคุณ แล้วส่งให้เพื่อน',
        'ແຕະປຸ່ມສຳເນົາລິ້ງສະໝັກສະມາຊິກຂອງທ່ານ ແລ້ວສົ່ງໃຫ້ໝູ່',
        'Tap copy on your registration link and send it to your friends',
      ),
      async () => {
        await byId(page, 'invite-link').scrollIntoViewIfNeeded();
        await d.tap(byId(page, 'invite-link-copy'));
      },
      { hold: 2600, poster: true },
    );
    // A friend registers through the link and makes a first deposit of 500 baht.
    const link = (await byId(page, 'invite-link').textContent())?.trim() ?? '';
    const code = new URL(link, site.url).searchParams.get('code') ?? '';
    const friend = await registerMember(site, '0866666666', { name: 'Malee Srisuk', inviteCode: code });
    await bankTransferIn(site, friend.phone, 50_000);
    await d.step(
      c(
        'เมื่อเพื่อนสมัครผ่านลิงก์และฝากเงินครั้งแรก ชื่อเพื่อนจะแสดงในรายการ พร้อมโบนัสของคุณ',
        'ເມື່ອໝູ່ສະໝັກຜ່ານລິ້ງ ແລະ ຝາກເງິນຄັ້ງທຳອິດ ຊື່ໝູ່ຈະສະແດງໃນລາຍການ ພ້ອມໂບນັດຂອງທ່ານ',
        'When a friend registers with your link and makes a first deposit, they appear in your list with your bonus',
      ),
      async () => {
        await closeWindow(page);
        await page.reload();
        await byId(page, 'home-balance').waitFor();
        await openInvite();
        await byId(page, 'invite-table').filter({ hasText: 'Malee' }).waitFor();
        await d.show(byId(page, 'invite-table'));
      },
      { hold: 2600 },
    );
    await d.step(
      c('แตะ รับโบนัส แล้วยืนยัน', 'ແຕະ ຮັບໂບນັດ ແລ້ວຢືນຢັນ', 'Tap Receive, then confirm'),
      async () => {
        await d.tap(byId(page, 'invite-receive'));
        const dialog = page.getByRole('alertdialog');
        await dialog.waitFor();
        await d.pause(1500);
        await d.tap(dialog.locator('.wl-modal__footer button').last());
        await dialog.waitFor({ state: 'detached' });
      },
      { hold: 1500 },
    );
    await d.step(
      c('โบนัสเข้ากระเป๋าหลักของคุณแล้ว', 'ໂບນັດເຂົ້າກະເປົາຫຼັກຂອງທ່ານແລ້ວ', 'The bonus is now in your main wallet'),
      async () => {
        if (await byId(page, 'invite-modal').isVisible()) await closeWindow(page);
        await waitForBalance(page, '50.00');
      },
      { hold: 3000 },
    );
  },
};

export const FLOWS: Flow[] = [register, deposit, withdraw, transfer, invite];
