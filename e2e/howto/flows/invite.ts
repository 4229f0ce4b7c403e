// How-to 5: inviting a friend.
import { registerMember } from '../../lib/members';
import { bankTransferIn, byId, c, closeWindow, type Flow, waitForBalance } from './common';

export const invite: Flow = {
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
