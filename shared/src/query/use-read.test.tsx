import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { bus } from '../bus/bus';
import { freshQueryClient, pageQueryClient } from './client';
import { usePagedRead, useRead } from './use-read';

/** A read whose answers the test hands out one by one, in any order. */
function controlledRead<T>() {
  const pending: { resolve: (value: T) => void; reject: (error: unknown) => void }[] = [];
  const read = jest.fn(
    () =>
      new Promise<T>((resolve, reject) => {
        pending.push({ resolve, reject });
      }),
  );
  return { read, pending };
}

describe('useRead', () => {
  it('is loading until the answer arrives, then shows it', async () => {
    const { read, pending } = controlledRead<number>();
    const { result } = renderHook(() => useRead({ key: ['t', 'balance'], read }));
    expect(result.current).toMatchObject({ data: undefined, loading: true, failed: false, settled: false });
    await act(async () => pending[0]!.resolve(1_500));
    await waitFor(() =>
      expect(result.current).toMatchObject({ data: 1_500, loading: false, failed: false, settled: true }),
    );
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('reports a failure once, without retrying, and reads again on refetch', async () => {
    const { read, pending } = controlledRead<number>();
    const { result } = renderHook(() => useRead({ key: ['t', 'fails'], read }));
    await act(async () => pending[0]!.reject(new Error('down')));
    await waitFor(() =>
      expect(result.current).toMatchObject({ loading: false, failed: true, settled: true }),
    );
    expect(result.current.error).toEqual(new Error('down'));
    expect(read).toHaveBeenCalledTimes(1);

    act(() => result.current.refetch());
    await waitFor(() => expect(read).toHaveBeenCalledTimes(2));
    await act(async () => pending[1]!.resolve(7));
    await waitFor(() => expect(result.current).toMatchObject({ data: 7, failed: false, error: null }));
  });

  it('reads a wallet read again on wallet:changed, and only wallet reads', async () => {
    const wallet = jest.fn().mockResolvedValueOnce(100).mockResolvedValueOnce(250);
    const notice = jest.fn().mockResolvedValue('text');
    const { result } = renderHook(() => ({
      wallet: useRead({ key: ['t', 'wallet'], read: wallet, followsWallet: true }),
      notice: useRead({ key: ['t', 'notice'], read: notice }),
    }));
    await waitFor(() => expect(result.current.wallet.data).toBe(100));

    act(() => bus.emit('wallet:changed', { reason: 'deposit' }));
    await waitFor(() => expect(result.current.wallet.data).toBe(250));
    // The reread is quiet: the balance stays shown, no loader.
    expect(result.current.wallet.loading).toBe(false);
    expect(wallet).toHaveBeenCalledTimes(2);
    expect(notice).toHaveBeenCalledTimes(1);
  });

  it('reads a wallet read afresh on the next visit, never showing the last visit’s answer first', async () => {
    const read = jest.fn().mockResolvedValueOnce(0).mockResolvedValueOnce(100);
    const visit = () => renderHook(() => useRead({ key: ['t', 'turnover'], read, followsWallet: true }));
    const first = visit();
    await waitFor(() => expect(first.result.current.data).toBe(0));
    first.unmount();
    const second = visit();
    expect(second.result.current).toMatchObject({ data: undefined, loading: true });
    await waitFor(() => expect(second.result.current.data).toBe(100));
  });

  it('never lets an older answer overwrite a newer one', async () => {
    const { read, pending } = controlledRead<string>();
    const { result } = renderHook(() => useRead({ key: ['t', 'race'], read, followsWallet: true }));
    await waitFor(() => expect(read).toHaveBeenCalledTimes(1));
    act(() => bus.emit('wallet:changed', { reason: 'game' }));
    await waitFor(() => expect(read).toHaveBeenCalledTimes(2));
    await act(async () => pending[1]!.resolve('newer'));
    await waitFor(() => expect(result.current.data).toBe('newer'));
    await act(async () => pending[0]!.resolve('older'));
    await act(() => new Promise((done) => setTimeout(done, 10)));
    expect(result.current.data).toBe('newer');
  });

  it('holds a read that is not enabled', () => {
    const read = jest.fn().mockResolvedValue(1);
    const { result } = renderHook(() => useRead({ key: ['t', 'held'], read, enabled: false }));
    expect(read).not.toHaveBeenCalled();
    expect(result.current.loading).toBe(false);
  });

  it('shares one request between two screens reading the same key', async () => {
    const read = jest.fn(() => Promise.resolve(['BBL']));
    function Screen({ id }: { id: string }) {
      const { data } = useRead({ key: ['t', 'banks'], read });
      return <p data-testid={id}>{data?.join() ?? '…'}</p>;
    }
    render(
      <>
        <Screen id="a" />
        <Screen id="b" />
      </>,
    );
    expect(await screen.findByText('BBL', { selector: '[data-testid="b"]' })).toBeInTheDocument();
    expect(screen.getByTestId('a')).toHaveTextContent('BBL');
    expect(read).toHaveBeenCalledTimes(1);
  });
});

describe('the page client', () => {
  it('starts empty after freshQueryClient (no answer leaks from one test to the next)', async () => {
    await pageQueryClient().fetchQuery({ queryKey: ['t', 'kept'], queryFn: () => Promise.resolve(5) });
    expect(pageQueryClient().getQueryData(['t', 'kept'])).toBe(5);
    const next = freshQueryClient();
    expect(next).toBe(pageQueryClient());
    expect(next.getQueryData(['t', 'kept'])).toBeUndefined();
  });
});

describe('usePagedRead', () => {
  it('keeps the previous page shown while the next one loads', async () => {
    const { read, pending } = controlledRead<string[]>();
    const { result } = renderHook(() => usePagedRead({ key: ['t', 'rows'], read }));
    await waitFor(() => expect(read).toHaveBeenLastCalledWith(1));
    await act(async () => pending[0]!.resolve(['row 1']));
    await waitFor(() => expect(result.current).toMatchObject({ page: 1, data: ['row 1'], loading: false }));

    act(() => result.current.setPage(2));
    expect(result.current).toMatchObject({ page: 2, data: ['row 1'], loading: true });
    await waitFor(() => expect(read).toHaveBeenLastCalledWith(2));
    await act(async () => pending[1]!.resolve(['row 11']));
    await waitFor(() => expect(result.current).toMatchObject({ page: 2, data: ['row 11'], loading: false }));
  });
});
