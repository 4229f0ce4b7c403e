// How-to 3: a withdrawal.
import { registerMember } from '../../lib/members';
import { acknowledge, bankTransferIn, byId, c, type Flow, waitForBalance } from './common';

export const withdraw: Flow = {
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
