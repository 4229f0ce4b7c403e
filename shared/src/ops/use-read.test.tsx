import { act, renderHook, waitFor } from '@testing-library/react';
import { useConsolePages } from './use-pages';
import { invalidateConsoleReads, useConsoleRead } from './use-read';

describe('useConsoleRead', () => {
  it('shows the answer, or the failure’s text; retry forgets the failure and reads again', async () => {
    const read = jest
      .fn<Promise<string[]>, []>()
      .mockRejectedValueOnce(new Error('The server is not answering.'))
      .mockResolvedValueOnce(['admin']);
    const { result } = renderHook(() => useConsoleRead(['ops', 't', 'operators'], read));
    expect(result.current).toMatchObject({ data: undefined, error: undefined, loading: true });
    await waitFor(() => expect(result.current.error).toBe('The server is not answering.'));
    expect(result.current.loading).toBe(false);

    await act(() => result.current.retry());
    expect(result.current).toMatchObject({ data: ['admin'], error: undefined, fetching: false });
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('reads nothing while not enabled', () => {
    const read = jest.fn().mockResolvedValue([]);
    const { result } = renderHook(() => useConsoleRead(['ops', 't', 'held'], read, { enabled: false }));
    expect(read).not.toHaveBeenCalled();
    expect(result.current).toMatchObject({ data: undefined, loading: false, fetching: false });
  });

  it('a change invalidating a prefix reads again every list under it; update changes what is shown', async () => {
    const bonuses = jest
      .fn<Promise<string[]>, []>()
      .mockResolvedValueOnce(['WELCOME'])
      .mockResolvedValueOnce(['WELCOME', 'DAILY']);
    const other = jest.fn().mockResolvedValue(['wheel']);
    const { result } = renderHook(() => ({
      bonuses: useConsoleRead(['ops', 'bonus', 'lists'], bonuses),
      other: useConsoleRead(['ops', 'spin', 'wheels'], other),
    }));
    await waitFor(() => expect(result.current.bonuses.data).toEqual(['WELCOME']));

    await act(() => invalidateConsoleReads(['ops', 'bonus']));
    expect(result.current.bonuses.data).toEqual(['WELCOME', 'DAILY']);
    expect(other).toHaveBeenCalledTimes(1);

    act(() => result.current.bonuses.update((list) => list.filter((code) => code !== 'WELCOME')));
    await waitFor(() => expect(result.current.bonuses.data).toEqual(['DAILY']));
    expect(bonuses).toHaveBeenCalledTimes(2);
  });

  it('keeps what is shown while it reloads, and a reload wins over a first read still under way', async () => {
    let firstAnswer: (rows: string[]) => void = () => undefined;
    const read = jest
      .fn<Promise<string[]>, []>()
      .mockImplementationOnce(() => new Promise((resolve) => (firstAnswer = resolve)))
      .mockResolvedValueOnce(['newer']);
    const { result } = renderHook(() => useConsoleRead(['ops', 't', 'race'], read));
    await act(() => result.current.reload());
    expect(result.current.data).toEqual(['newer']);
    await act(async () => firstAnswer(['older']));
    expect(result.current.data).toEqual(['newer']);
  });
});

describe('useConsolePages', () => {
  it('reads older pages from the last row’s cursor; a failed page is asked again; refresh keeps the first', async () => {
    const read = jest
      .fn<Promise<number[]>, [number | undefined]>()
      .mockResolvedValueOnce([9, 8])
      .mockRejectedValueOnce(new Error('Could not load.'))
      .mockResolvedValueOnce([7])
      .mockResolvedValueOnce([10, 9]);
    const { result } = renderHook(() =>
      useConsolePages(['ops', 't', 'audit'], read, { pageSize: 2, cursorOf: (row: number) => row }),
    );
    await waitFor(() => expect(result.current).toMatchObject({ rows: [9, 8], more: true, loading: false }));
    expect(read).toHaveBeenLastCalledWith(undefined);

    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.error).toBe('Could not load.'));
    expect(result.current.rows).toEqual([9, 8]);
    expect(read).toHaveBeenLastCalledWith(8);

    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current).toMatchObject({ rows: [9, 8, 7], more: false }));
    expect(result.current.error).toBeUndefined();
    expect(read).toHaveBeenLastCalledWith(8);

    await act(() => result.current.refresh());
    expect(result.current.rows).toEqual([10, 9]);
    expect(read).toHaveBeenLastCalledWith(undefined);
    expect(read).toHaveBeenCalledTimes(4);
  });
});
