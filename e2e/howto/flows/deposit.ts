// How-to 2: a deposit.
import { registerMember } from '../../lib/members';
import { bankTransferIn, byId, c, closeWindow, type Flow, waitForBalance } from './common';

export const deposit: Flow = {
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
