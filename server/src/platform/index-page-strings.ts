// The shell frame's words as the host renders them (host/src/locales/*/host.json: appName, menu, titles,
// terminated.pageTitle; shared common.json: actions.logout, status.loading). server/test/index-page.test.ts checks
// them against those catalogues, so the frame painted before the JavaScript says what React then renders.
import type { Locale } from './locale';

export interface FrameStrings {
  appName: string;
  menu: Record<
    'label' | 'home' | 'register' | 'howto' | 'contact' | 'profile' | 'conditions' | 'statement',
    string
  >;
  titles: Record<TitleKey, string>;
  logout: string;
  loading: string;
}

export type TitleKey =
  | 'login'
  | 'register'
  | 'howto'
  | 'contact'
  | 'home'
  | 'profile'
  | 'bonus'
  | 'statement'
  | 'spin'
  | 'spinVerify'
  | 'notFound'
  | 'terminated';

export const FRAME_STRINGS: Record<Locale, FrameStrings> = {
  th: {
    appName: 'กระเป๋าเงิน',
    menu: {
      label: 'เมนูหลัก',
      home: 'หน้าแรก',
      register: 'สมัครสมาชิก',
      howto: 'วิธีใช้งาน',
      contact: 'ติดต่อเรา',
      profile: 'โปรไฟล์',
      conditions: 'เงื่อนไข',
      statement: 'รายการเดินบัญชี',
    },
    titles: {
      login: 'เข้าสู่ระบบ',
      register: 'สมัครสมาชิก',
      howto: 'วิดีโอแนะนำการใช้งาน',
      contact: 'ติดต่อเรา',
      home: 'หน้าแรก',
      profile: 'โปรไฟล์',
      bonus: 'โบนัส',
      statement: 'รายการเดินบัญชี',
      spin: 'วงล้อนำโชค',
      spinVerify: 'ตรวจสอบผลการหมุน',
      notFound: 'ไม่พบหน้าที่ต้องการ',
      terminated: 'ไม่พบหน้าที่ต้องการ',
    },
    logout: 'ออกจากระบบ',
    loading: 'กำลังโหลด…',
  },
  la: {
    appName: 'ກະເປົາເງິນ',
    menu: {
      label: 'ເມນູຫຼັກ',
      home: 'ໜ້າຫຼັກ',
      register: 'ສະໝັກສະມາຊິກ',
      howto: 'ວິທີໃຊ້ງານ',
      contact: 'ຕິດຕໍ່',
      profile: 'ໂປຣໄຟລ໌',
      conditions: 'ເງື່ອນໄຂ',
      statement: 'ລາຍການເຄື່ອນໄຫວ',
    },
    titles: {
      login: 'ເຂົ້າສູ່ລະບົບ',
      register: 'ສະໝັກສະມາຊິກ',
      howto: 'ວິດີໂອແນະນຳການນຳໃຊ້',
      contact: 'ຕິດຕໍ່ພວກເຮົາ',
      home: 'ໜ້າຫຼັກ',
      profile: 'ໂປຣໄຟລ໌',
      bonus: 'ໂບນັດ',
      statement: 'ລາຍການເຄື່ອນໄຫວ',
      spin: 'ວົງລໍ້ນຳໂຊກ',
      spinVerify: 'ກວດສອບຜົນການໝຸນ',
      notFound: 'ບໍ່ພົບໜ້າທີ່ຕ້ອງການ',
      terminated: 'ບໍ່ພົບໜ້າທີ່ຕ້ອງການ',
    },
    logout: 'ອອກຈາກລະບົບ',
    loading: 'ກຳລັງໂຫຼດ…',
  },
  en: {
    appName: 'Wallet',
    menu: {
      label: 'Main menu',
      home: 'Home',
      register: 'Register',
      howto: 'How to',
      contact: 'Contact',
      profile: 'Profile',
      conditions: 'Conditions',
      statement: 'Statement',
    },
    titles: {
      login: 'Sign in',
      register: 'Register',
      howto: 'How-to videos',
      contact: 'Contact us',
      home: 'Home',
      profile: 'Profile',
      bonus: 'Bonus',
      statement: 'Statement',
      spin: 'Lucky spin',
      spinVerify: 'Verify your spins',
      notFound: 'Page not found',
      terminated: 'Page not found',
    },
    logout: 'Log out',
    loading: 'Loading…',
  },
};
