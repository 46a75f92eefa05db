import { fakeApi, renderRemote, violationsError } from '@portal/shared-contracts/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogues, NAMESPACE } from '../../i18n';
import ComplaintShowPage from './ComplaintShowPage';

const COMPLAINT = {
  '@id': '/api/admin/complaints/7',
  '@type': 'Complaint',
  id: 7,
  submissionNumber: 'CMP-2026-000007',
  type: 'damaged_shipment',
  problemType: null,
  complainant: 'recipient',
  damageType: 'damaged_content',
  shipmentNumber: 'RR123456785LV',
  description: 'The vase arrived broken.',
  status: 'submitted',
  refundDecision: 'undecided',
  answer: null,
  answeredAt: null,
  attachments: [
    {
      '@id': '/api/admin/complaints/7/attachments/3',
      id: 3,
      field: 'proofOfValue',
      fileName: 'receipt.pdf',
      contentType: 'application/pdf',
      size: 2048,
    },
  ],
  createdAt: '2026-11-23T10:00:00.000Z',
  source: 'web',
  fullName: 'Anna Bērziņa',
  email: 'anna@example.lv',
  phone: null,
  isCompany: false,
  companyName: null,
  registrationNumber: null,
  hasContract: false,
  contractNumber: null,
  shipmentValueCents: 4550,
  refundIban: 'LV80BANK0000435195001',
  comment: null,
  discoveredOn: '2026-11-22',
};

function renderPage(routes: Record<string, unknown>, locale: 'en' | 'lv' = 'en') {
  const { api, calls } = fakeApi(routes);
  const view = renderRemote(<ComplaintShowPage />, {
    namespace: NAMESPACE,
    catalogues,
    api,
    locale,
    route: '/admin/complaints/show/7',
    path: '/admin/complaints/show/:id',
  });
  return { ...view, calls };
}

jest.setTimeout(20_000);

describe('ComplaintShowPage', () => {
  it('shows the complaint, sets the refund decision and sends the answer', async () => {
    const { calls } = renderPage({
      'GET /api/admin/complaints/7': COMPLAINT,
      'PATCH /api/admin/complaints/7': { ...COMPLAINT, refundDecision: 'approved' },
      'POST /api/admin/complaints/7/answer': { ...COMPLAINT, status: 'answered', answer: 'Refunded.' },
    });
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Complaint CMP-2026-000007');
    expect(screen.getByText('The vase arrived broken.')).toBeInTheDocument();
    expect(screen.getByText('22.11.2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download receipt.pdf' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Refund granted' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ refundDecision: 'approved' });

    await user.click(screen.getByRole('button', { name: 'Send the answer' }));
    const answer = screen.getByLabelText(/^Answer to the complainant/);
    expect(answer).toHaveAccessibleDescription(expect.stringContaining('This value should not be blank.'));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(answer);
    await user.paste('Refunded.');
    await user.click(screen.getByRole('button', { name: 'Send the answer' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/api/admin/complaints/7/answer',
      body: { answer: 'Refunded.' },
    });
  });

  // The test platform passes server messages through untranslated (the shell's catalogue translates them).
  it("shows the API's refusal beside the field on the Latvian page", async () => {
    renderPage(
      {
        'GET /api/admin/complaints/7': COMPLAINT,
        'POST /api/admin/complaints/7/answer': () => {
          throw violationsError([{ propertyPath: 'answer', message: 'This complaint has already been answered.' }]);
        },
      },
      'lv',
    );
    const user = userEvent.setup({ delay: null });
    const answer = await screen.findByLabelText(/^Atbilde iesniedzējam/);
    await user.click(answer);
    await user.paste('Atvainojamies.');
    await user.click(screen.getByRole('button', { name: 'Nosūtīt atbildi' }));
    await waitFor(() =>
      expect(answer).toHaveAccessibleDescription(expect.stringContaining('This complaint has already been answered.')),
    );
  });
});
