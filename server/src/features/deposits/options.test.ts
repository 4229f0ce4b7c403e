import { moneyInOptions } from './options';
import { ConfigError, loadConfig } from '../../platform/config';

const base = { DATA_DIR: '/tmp/config-test', DATABASE_URL: 'memory://' };

describe('QR minimums from the environment', () => {
  test('baht and kip overrides reach the deposit options in minor units; unnamed channels keep their default', () => {
    const config = loadConfig({ ...base, MONEY_IN_QR_MIN_ZPAY: '20.5', MONEY_IN_QR_MIN_LAOQR: '20000' }, []);
    expect(config.qrMinimums).toEqual({ ZPAY: 2050, LAOQR: 20000 });
    const options = moneyInOptions(config.qrMinimums);
    expect(options.qrMinimum.ZPAY).toBe(2050);
    expect(options.qrMinimum.LAOQR).toBe(20000);
    expect(options.qrMinimum.PAYTIMZ).toBe(1000);
    expect(options.qrMinimum.KBANK).toBe(100);
  });

  test.each([
    ['MONEY_IN_QR_MIN_KBANK', '0'],
    ['MONEY_IN_QR_MIN_PAYTIMZ', 'ten'],
    ['MONEY_IN_QR_MIN_ZPAY', '1.005'],
    ['MONEY_IN_QR_MIN_LAOQR', '1500.5'],
  ])('%s=%s is refused at start, naming the variable', (name, value) => {
    expect(() => loadConfig({ ...base, [name]: value }, [])).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, [name]: value }, [])).toThrow(name);
  });
});
