import type { PlatformSession, User } from '@portal/shared-contracts';
import { anonymousSession, fakeApi, renderRemote, violationsError } from '@portal/shared-contracts/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogues, NAMESPACE } from '../../i18n';
import { CompanyApplication, DeleteProfile } from './ProfilePage';

function session(): PlatformSession {
  const user: User = {
    '@id': '/api/users/3',
    id: 3,
    email: 'anna@example.com',
    firstName: 'Anna',
    lastName: 'Bērziņa',
    isAdmin: false,
    adminRoles: [],
    identityVerified: true,
    authMethods: ['smartid'],
    userAccounts: [],
  };
  return { ...anonymousSession(), status: 'authenticated', user };
}

async function fillApplication(user: ReturnType<typeof userEvent.setup>, registrationNumber: string) {
  await user.click(screen.getByRole('button', { name: 'Apply for a company account' }));
  await user.type(screen.getByLabelText(/^Company name/), 'SIA Tests');
  await user.type(screen.getByLabelText(/^Registration number/), registrationNumber);
  await user.type(screen.getByLabelText(/^Legal address/), 'Rīga');
  await user.type(screen.getByLabelText(/^Company e-mail/), 'office@example.com');
  await user.type(screen.getByLabelText(/^Bank account \(IBAN\)/), 'LV80BANK0000435195001');
}

describe('CompanyApplication', () => {
  it('refuses a registration number that is not 11 characters beside the field, sending nothing', async () => {
    const post = jest.fn();
    const { api } = fakeApi({ 'POST /api/company_applications': post });
    renderRemote(<CompanyApplication />, { namespace: NAMESPACE, catalogues, api, session: session() });
    const user = userEvent.setup();
    await fillApplication(user, '4000300000');
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    expect(await screen.findByText('The registration number must have exactly 11 characters.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Registration number/)).toHaveAttribute('aria-invalid', 'true');
    expect(post).not.toHaveBeenCalled();
  });

  it('sends a valid application and shows the server’s violations beside their fields', async () => {
    const post = jest
      .fn()
      .mockRejectedValueOnce(violationsError([{ propertyPath: 'iban', message: 'Enter a valid bank account (IBAN).' }]))
      .mockResolvedValueOnce({ id: 1, status: 'pending' });
    const { api } = fakeApi({ 'POST /api/company_applications': post });
    renderRemote(<CompanyApplication />, { namespace: NAMESPACE, catalogues, api, session: session(), locale: 'lv' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Pieteikties uzņēmuma kontam' }));
    await user.type(screen.getByLabelText(/^Uzņēmuma nosaukums/), 'SIA Tests');
    await user.type(screen.getByLabelText(/^Reģistrācijas numurs/), '40003000001');
    await user.type(screen.getByLabelText(/^Juridiskā adrese/), 'Rīga');
    await user.type(screen.getByLabelText(/^Uzņēmuma e-pasts/), 'office@example.com');
    await user.type(screen.getByLabelText(/^Bankas konts \(IBAN\)/), 'LV80BANK0000435195001');
    await user.click(screen.getByRole('button', { name: 'Nosūtīt pieteikumu' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0]?.[0]).toMatchObject({ registrationNumber: '40003000001', iban: 'LV80BANK0000435195001' });
    expect(screen.getByLabelText(/^Bankas konts \(IBAN\)/)).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Nosūtīt pieteikumu' }));
    expect(await screen.findByTestId('company-application-sent')).toHaveTextContent('Paldies!');
  });
});

describe('DeleteProfile', () => {
  it('deletes the profile after confirming, then signs the person out', async () => {
    const remove = jest.fn().mockResolvedValue(undefined);
    const { api } = fakeApi({ 'DELETE /api/users/3': remove });
    const current = session();
    renderRemote(<DeleteProfile />, { namespace: NAMESPACE, catalogues, api, session: current });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete my profile' }));
    expect(remove).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Yes, delete my profile' }));
    await waitFor(() => expect(current.signOut).toHaveBeenCalled());
    expect(remove).toHaveBeenCalled();
  });
});
