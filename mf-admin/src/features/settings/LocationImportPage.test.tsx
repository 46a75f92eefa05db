import { fakeApi, renderRemote, violationsError } from '@portal/shared-contracts/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogues, NAMESPACE } from '../../i18n';
import LocationImportPage from './LocationImportPage';

const fileOf = (text: string) => new File([text], 'locations.json', { type: 'application/json' });

const LV_FILE_LABEL = 'Vietu fails (JSON)';

function renderPage(routes: Record<string, unknown>, locale: 'en' | 'lv' = 'en') {
  const { api, calls } = fakeApi(routes);
  renderRemote(<LocationImportPage />, {
    namespace: NAMESPACE,
    catalogues,
    api,
    locale,
    route: '/admin/locations/import',
  });
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
    await user.upload(await screen.findByLabelText('Location file (JSON)'), fileOf('[{"id":"x-1"}]'));
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
    const input = await screen.findByLabelText('Location file (JSON)');
    await user.click(screen.getByRole('button', { name: 'Import' }));
    // The zone's limits, then the error: both describe the input.
    expect(input).toHaveAccessibleDescription('Accepted: .json; up to 20 MB. Choose a file.');
    await user.upload(input, fileOf('not json'));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(input).toHaveAccessibleDescription(expect.stringContaining('The file is not JSON.')));
    expect(screen.getByTestId('chosen-file')).toHaveTextContent('locations.json (1 KB)');
    expect(calls).toHaveLength(0);
    await user.upload(input, fileOf('[]'));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByTestId('import-problems')).toHaveTextContent(
      '[1].latitude: Invalid input: expected number',
    );
  });

  it('refuses a file that is not JSON by its type or over 20 MB beside the field, in Latvian too', async () => {
    const calls = renderPage({}, 'lv');
    const user = userEvent.setup({ delay: null, applyAccept: false });
    expect(await screen.findByTestId('dropzone')).toHaveTextContent('Derīgi: .json; līdz 20 MB.');
    await user.upload(screen.getByLabelText(LV_FILE_LABEL), [new File(['x'], 'locations.csv', { type: 'text/csv' })]);
    expect(await screen.findByTestId('dropzone-refused')).toHaveTextContent(
      'locations.csv: šāda veida fails netiek pieņemts',
    );
    await user.upload(
      screen.getByLabelText(LV_FILE_LABEL),
      new File([new Uint8Array(21 * 1024 * 1024)], 'big.json', { type: 'application/json' }),
    );
    expect(await screen.findByTestId('dropzone-refused')).toHaveTextContent('big.json: lielāks par 20 MB');
    expect(screen.queryByTestId('chosen-file')).toBeNull();
    expect(calls).toHaveLength(0);
  });
});
