import { fakeApi, renderRemote, violationsError } from '@portal/shared-contracts/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogues, NAMESPACE } from '../../i18n';
import LocationImportPage from './LocationImportPage';

const fileOf = (text: string) => new File([text], 'locations.json', { type: 'application/json' });

function renderPage(routes: Record<string, unknown>) {
  const { api, calls } = fakeApi(routes);
  renderRemote(<LocationImportPage />, { namespace: NAMESPACE, catalogues, api, route: '/admin/locations/import' });
  return calls;
}

describe('LocationImportPage', () => {
  it('sends the chosen file with the scope and shows the report', async () => {
    const calls = renderPage({
      'POST /api/admin/service_locations/import': {
        scope: 'all',
        records: 1,
        inserted: 1,
        updated: 0,
        unchanged: 0,
        reactivated: 0,
        retired: 2,
      },
    });
    const user = userEvent.setup({ delay: null });
    await user.upload(screen.getByLabelText('Location file (JSON)'), fileOf('[{"id":"x-1"}]'));
    await user.click(screen.getByRole('radio', { name: /^The whole network/ }));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByTestId('import-report')).toHaveTextContent(
      'Imported 1 records: 1 new, 0 changed, 0 unchanged, 0 back on the map, 2 retired.',
    );
    expect(calls[0]).toMatchObject({ body: [{ id: 'x-1' }], query: { scope: 'all' } });
  });

  it('says what is wrong beside the file: no file, not JSON, and the records the API refused', async () => {
    const calls = renderPage({
      'POST /api/admin/service_locations/import': () => {
        throw violationsError([{ propertyPath: '[1].latitude', message: 'Invalid input: expected number' }]);
      },
    });
    const user = userEvent.setup({ delay: null });
    const input = screen.getByLabelText('Location file (JSON)');
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(input).toHaveAccessibleDescription('Choose a file.');
    await user.upload(input, fileOf('not json'));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(input).toHaveAccessibleDescription('The file is not JSON.'));
    expect(calls).toHaveLength(0);
    await user.upload(input, fileOf('[]'));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByTestId('import-problems')).toHaveTextContent(
      '[1].latitude: Invalid input: expected number',
    );
  });
});
