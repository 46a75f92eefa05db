import { fakeApi, renderRemote } from '@portal/shared-contracts/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { catalogues, NAMESPACE } from '../../i18n';
import AuditPage from './AuditPage';
import type { AuditEntry } from './api';

const ENTRY: AuditEntry = {
  '@id': '/api/admin/audit/7',
  '@type': 'AuditEntry',
  id: 7,
  user: 'admin@example.com',
  userId: 3,
  at: '2026-11-20T10:15:00.000Z',
  method: 'PUT',
  route: '/api/admin/service_locations/:id',
  path: '/api/admin/service_locations/admin-0123456789abcdef',
  status: 200,
  entityType: 'service_location',
  entityId: 'admin-0123456789abcdef',
  before: { name: 'Old name' },
  after: { name: 'New name' },
};

function renderAudit(locale: 'en' | 'lv' = 'en') {
  const { api, calls } = fakeApi({
    'GET /api/admin/audit': { 'hydra:member': [ENTRY], 'hydra:totalItems': 1 },
  });
  renderRemote(<AuditPage />, { namespace: NAMESPACE, catalogues, api, locale, route: '/admin/audit' });
  return { calls };
}

describe('AuditPage', () => {
  it('lists changes with who, when, what and the values before and after', async () => {
    renderAudit();
    expect(screen.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeInTheDocument();
    const row = await screen.findByTestId('audit-row');
    expect(row).toHaveTextContent('#3');
    expect(row).toHaveTextContent('PUT /api/admin/service_locations/admin-0123456789abcdef');
    expect(row).toHaveTextContent('service_location admin-0123456789abcdef');
    expect(within(row).getByText(/"name": "Old name"/)).toBeInTheDocument();
    expect(within(row).getByText(/"name": "New name"/)).toBeInTheDocument();
    expect(screen.getByText('1 change')).toBeInTheDocument();
  });

  it('searches on the server, sending dates as YYYY-MM-DD and refusing other forms beside the field', async () => {
    const { calls } = renderAudit();
    await screen.findByTestId('audit-row');
    fireEvent.change(screen.getByLabelText('Entity type'), { target: { value: 'cms_block' } });
    fireEvent.change(screen.getByLabelText('User number'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('From', { exact: false }), { target: { value: '2026-11-01' } });
    expect(await screen.findByText('Enter a date as DD.MM.YYYY.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('From', { exact: false }), { target: { value: '01.11.2026' } });
    await waitFor(() =>
      expect(calls.at(-1)).toMatchObject({
        path: '/api/admin/audit',
        query: { entityType: 'cms_block', user: '3', from: '2026-11-01', page: 1 },
      }),
    );
    expect(screen.queryByText('Enter a date as DD.MM.YYYY.')).toBeNull();
  });

  it('speaks Latvian', async () => {
    renderAudit('lv');
    expect(screen.getByRole('heading', { level: 1, name: 'Izmaiņu žurnāls' })).toBeInTheDocument();
    expect(await screen.findByText('1 izmaiņa')).toBeInTheDocument();
    expect(screen.getByLabelText('Objekta veids')).toBeInTheDocument();
  });
});
