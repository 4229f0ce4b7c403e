// How-to 4: a transfer between the wallet and a game (a game account opened first).
import { registerMember } from '../../lib/members';
import { acknowledge, bankTransferIn, byId, c, closeWindow, type Flow, waitForBalance } from './common';

export const transfer: Flow = {
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
