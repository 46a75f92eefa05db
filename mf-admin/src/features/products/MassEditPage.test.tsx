import { WORKFLOW_MESSAGES } from '@portal/shared-contracts/admin';
import { fakeApi, renderRemote, violationsError } from '@portal/shared-contracts/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogues, NAMESPACE } from '../../i18n';
import MassEditPage from './MassEditPage';

const ROUTE = '/admin/work_flows/mass_edit?ids=3,4';

function renderPage(answer: unknown) {
  const { api, calls } = fakeApi({ 'POST /api/admin/work_flows/mass_edit': answer });
  renderRemote(<MassEditPage />, { namespace: NAMESPACE, catalogues, api, route: ROUTE });
  return { calls, user: userEvent.setup({ delay: null }) };
}

const posted = (calls: { method: string; path: string }[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === '/api/admin/work_flows/mass_edit');

jest.setTimeout(20_000);

describe('MassEditPage', () => {
  it('checks the edit by the shared schema before sending: no change, then days that are no number', async () => {
    const { calls, user } = renderPage({ 'hydra:member': [], 'hydra:totalItems': 2 });
    await user.click(screen.getByRole('button', { name: 'Apply to the chosen products' }));
    expect(await screen.findByText(WORKFLOW_MESSAGES.noChange)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Delivery days'), 'two');
    await user.click(screen.getByRole('button', { name: 'Apply to the chosen products' }));
    expect(screen.getByLabelText('Delivery days')).toHaveAccessibleDescription(
      expect.stringContaining(WORKFLOW_MESSAGES.daysInvalid),
    );
    expect(posted(calls)).toHaveLength(0);
  });

  it('sends the chosen products with the change, and shows the API’s violation beside the field', async () => {
    const { calls, user } = renderPage(() => {
      throw violationsError([{ propertyPath: 'changes.deliveryDays', message: WORKFLOW_MESSAGES.daysInvalid }]);
    });
    await user.type(screen.getByLabelText('Delivery days'), '3');
    await user.click(screen.getByRole('button', { name: 'Apply to the chosen products' }));
    expect(await screen.findByText(WORKFLOW_MESSAGES.daysInvalid)).toBeInTheDocument();
    expect(posted(calls)).toEqual([expect.objectContaining({ body: { ids: [3, 4], changes: { deliveryDays: 3 } } })]);
  });
});
