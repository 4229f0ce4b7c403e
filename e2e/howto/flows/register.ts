// How-to 1: registration.
import { byId, c, type Flow } from './common';

export const register: Flow = {
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
