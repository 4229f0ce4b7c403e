import { bus } from '@wallet/shared';
import { reportRemoteFailures } from './remote-failure-reporter';

test('every remote failure on the bus is reported with the remote and the error, until unsubscribed', () => {
  const reports: string[] = [];
  const stop = reportRemoteFailures((remote, error) => reports.push(`${remote}: ${error}`));

  bus.emit('remote:failed', { remote: 'mfe_wallet/Home', error: 'boom' });
  stop();
  bus.emit('remote:failed', { remote: 'mfe_bonus/Bonus', error: 'after stop' });

  expect(reports).toEqual(['mfe_wallet/Home: boom']);
});

test('by default the report goes to the browser console', () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const stop = reportRemoteFailures();
  bus.emit('remote:failed', { remote: 'mfe_spin/Spin', error: 'chunk failed' });
  stop();
  expect(error).toHaveBeenCalledWith('[wallet] remote mfe_spin/Spin failed: chunk failed');
  error.mockRestore();
});
