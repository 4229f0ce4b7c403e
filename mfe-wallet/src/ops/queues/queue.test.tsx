import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueueScreen } from './queue';
import { englishQueues } from './test-fixtures';

beforeAll(englishQueues);

interface Item {
  id: number;
  name: string;
}

function Items({ load, decides = true }: { load: () => Promise<Item[]>; decides?: boolean }) {
  return (
    <QueueScreen<Item, 'keep' | 'drop'>
      readKey={['test', 'items']}
      load={load}
      limit={2}
      title="Items"
      intro="Items to decide on."
      readOnly={!decides && 'Look only.'}
      filter={{ label: 'Show', value: 'all', options: [{ value: 'all', label: 'All' }] }}
      caption="All items"
      empty="Nothing here."
      testId="item"
      columns={[{ label: 'Name', rowHeader: true, cell: (item) => item.name }, false]}
      actions={
        decides &&
        ((item, choose) => (
          <>
            <button onClick={() => choose('keep')}>Keep {item.name}</button>
            <button onClick={() => choose('drop')}>Drop {item.name}</button>
          </>
        ))
      }
      dialog={({ row, action, close, settled }) => (
        <div role="dialog" aria-label={`${action} ${row.name}`}>
          <button onClick={close}>Cancel</button>
          <button onClick={settled}>Done</button>
        </div>
      )}
    />
  );
}

const load = () =>
  Promise.resolve([
    { id: 1, name: 'one' },
    { id: 2, name: 'two' },
  ]);

test('a row decided on leaves the list; a dialog cancelled keeps it', async () => {
  render(<Items load={load} />);
  const one = await screen.findByTestId('item-1');
  expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Name', 'Actions']);
  expect(within(one).getByRole('rowheader')).toHaveTextContent('one');
  expect(screen.getByText('Only the newest 2 are shown.')).toBeInTheDocument();

  await userEvent.click(within(one).getByRole('button', { name: 'Drop one' }));
  await userEvent.click(within(screen.getByRole('dialog', { name: 'drop one' })).getByText('Cancel'));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.getByTestId('item-1')).toBeInTheDocument();

  await userEvent.click(within(one).getByRole('button', { name: 'Keep one' }));
  await userEvent.click(within(screen.getByRole('dialog', { name: 'keep one' })).getByText('Done'));
  await waitFor(() => expect(screen.queryByTestId('item-1')).not.toBeInTheDocument());
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.getByTestId('item-2')).toBeInTheDocument();
});

test('a role that does not decide gets the note and no Actions column', async () => {
  render(<Items load={load} decides={false} />);
  await screen.findByTestId('item-1');
  expect(screen.getByRole('note')).toHaveTextContent('Look only.');
  expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Name']);
  expect(screen.queryByRole('button', { name: /Keep|Drop/ })).not.toBeInTheDocument();
});
