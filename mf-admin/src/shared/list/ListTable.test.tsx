import { useLocation } from '@portal/shared-contracts/router';
import { fakeApi, renderRemote } from '@portal/shared-contracts/testing';
import { Table } from '@portal/shared-contracts/ui/table';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogues, NAMESPACE } from '../../i18n';
import { Breadcrumbs, type ListQuery, ListTable, oneOf, SortHeader, useListParams } from '.';

interface Row {
  id: number;
  name: string;
}

const rows = (count: number): Row[] =>
  Array.from({ length: count }, (_, index) => ({ id: index + 1, name: `Row ${index + 1}` }));
const loaded = (member: Row[], total = member.length): ListQuery<Row> => ({
  data: { 'hydra:member': member, 'hydra:totalItems': total },
  isPending: false,
  isError: false,
});

/** Where the list state went: the address's query string, shown so the test can read it. */
function Address() {
  return <output data-testid="address">{useLocation().search}</output>;
}

/** A list page in miniature: its state in the address, one sortable column, a filter, paging. */
function DemoList({ query, quietError = false }: { query: ListQuery<Row>; quietError?: boolean }) {
  const { params, page, update, onPage } = useListParams();
  const sort = oneOf(['name', 'id'] as const, params.get('sort'), 'id');
  const direction = params.get('direction') === 'desc' ? 'desc' : 'asc';
  return (
    <>
      <button type="button" onClick={() => update({ q: 'post', page: '' })}>
        filter
      </button>
      <ListTable
        query={query}
        loadFailed="The list did not load."
        quietError={quietError}
        count={(total) => `${total} rows`}
        countTestId="demo-count"
        empty={<p>Nothing here.</p>}
        testId="demo-table"
        minWidth={400}
        scrollLabel="Demo rows"
        head={
          <>
            <Table.Th>Id</Table.Th>
            <SortHeader
              label="Name"
              active={sort === 'name'}
              direction={direction}
              ariaLabel="Name, sort"
              onSort={() =>
                update({ sort: 'name', direction: sort === 'name' && direction === 'asc' ? 'desc' : 'asc', page: '' })
              }
            />
          </>
        }
        renderRow={(row) => (
          <Table.Tr key={row.id}>
            <Table.Td>{row.id}</Table.Td>
            <Table.Td>{row.name}</Table.Td>
          </Table.Tr>
        )}
        paging={{
          perPage: 2,
          page,
          onPage,
          label: 'Demo pages',
          controlLabel: (control) => `Demo ${control}`,
        }}
      />
      <Address />
    </>
  );
}

const render = (element: React.ReactElement, route = '/admin/demo') =>
  renderRemote(element, { namespace: NAMESPACE, catalogues, api: fakeApi({}).api, route });

describe('the back-office list kit', () => {
  it('draws the count, the striped table in a named scroll region and the pagination from the query', async () => {
    const user = userEvent.setup();
    render(<DemoList query={loaded(rows(2), 5)} />, '/admin/demo?sort=name&direction=asc');
    expect(screen.getByTestId('demo-count')).toHaveTextContent('5 rows');
    expect(screen.getByRole('region', { name: 'Demo rows' })).toContainElement(screen.getByTestId('demo-table'));
    expect(within(screen.getByTestId('demo-table')).getAllByRole('row')).toHaveLength(3);
    // Sorted by name ascending: the header says so, and a click flips the order and goes back to page 1.
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('button', { name: 'Name, sort' })).toHaveTextContent('Name ▲');
    // Five rows at two a page: three pages, the arrows named.
    await user.click(screen.getByRole('button', { name: '3' }));
    expect(screen.getByTestId('address')).toHaveTextContent('?sort=name&direction=asc&page=3');
    await user.click(screen.getByRole('button', { name: 'Name, sort' }));
    expect(screen.getByTestId('address')).toHaveTextContent('?sort=name&direction=desc');
    expect(screen.getByRole('button', { name: 'Demo next' })).toBeInTheDocument();
    // A filter change keeps the sort and drops the page: the empty value removes the parameter.
    await user.click(screen.getByRole('button', { name: 'filter' }));
    expect(screen.getByTestId('address')).toHaveTextContent('?sort=name&direction=desc&q=post');
  });

  it('has no pagination for a single page and an unsorted column says none', () => {
    render(<DemoList query={loaded(rows(2))} />);
    expect(screen.queryByRole('button', { name: 'Demo next' })).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('button', { name: 'Name, sort' })).toHaveTextContent(/^Name$/);
  });

  it('shows the empty text instead of the table, the loader while pending, and the failure as an alert', () => {
    const { unmount } = render(<DemoList query={loaded([])} />);
    expect(screen.getByText('Nothing here.')).toBeInTheDocument();
    expect(screen.queryByTestId('demo-table')).not.toBeInTheDocument();
    unmount();

    const pending = render(<DemoList query={{ isPending: true, isError: false }} />);
    expect(screen.getByLabelText('Loading…')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    pending.unmount();

    const failed = render(<DemoList query={{ isPending: false, isError: true }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The list did not load.');
    failed.unmount();

    // A refused filter is shown beside its field by the page: no second message.
    render(<DemoList query={{ isPending: false, isError: true }} quietError />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('Breadcrumbs', () => {
  it('starts at the back office, links the levels above and marks the current page', () => {
    render(<Breadcrumbs items={[{ label: 'Orders', to: '/admin/orders' }, { label: 'Order' }]} />);
    const trail = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(trail).getByRole('link', { name: 'Administration' })).toHaveAttribute('href', '/admin');
    expect(within(trail).getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/admin/orders');
    expect(within(trail).getByText('Order')).toHaveAttribute('aria-current', 'page');
    expect(within(trail).getAllByRole('listitem')).toHaveLength(3);
  });
});
