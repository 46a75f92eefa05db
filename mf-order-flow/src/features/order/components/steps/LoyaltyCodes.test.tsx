import type { PlatformSession, User } from '@portal/shared-contracts';
import { anonymousSession, fakeApi, renderRemote } from '@portal/shared-contracts/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogues, NAMESPACE } from '../../../../i18n';
import { LoyaltyCodes } from './LoyaltyCodes';

const user = {
  '@id': '/api/users/3',
  id: 3,
  email: 'anna@example.com',
  isAdmin: false,
  adminRoles: [],
} as unknown as User;
const signedIn: PlatformSession = { ...anonymousSession(), status: 'authenticated', user };
const answer = {
  'hydra:member': [
    { id: 1, code: 'LOYAL-5', usable: true },
    { id: 2, code: 'GONE-1', usable: false },
    { id: 3, code: 'APPLIED-2', usable: true },
  ],
  'hydra:totalItems': 3,
};

describe('LoyaltyCodes', () => {
  it("offers the user's usable loyalty codes that are not applied yet, and puts one in the field", async () => {
    const onPick = jest.fn();
    const { api } = fakeApi({ 'GET /api/user_discounts': answer });
    renderRemote(<LoyaltyCodes applied="applied-2" onPick={onPick} />, {
      namespace: NAMESPACE,
      catalogues,
      api,
      session: signedIn,
    });
    const use = await screen.findByRole('button', { name: 'Put the code LOYAL-5 in the discount field' });
    expect(screen.getAllByRole('button')).toHaveLength(1);
    await userEvent.setup().click(use);
    expect(onPick).toHaveBeenCalledWith('LOYAL-5');
  });

  it('asks nothing for a visitor', () => {
    const { api, calls } = fakeApi({ 'GET /api/user_discounts': answer });
    renderRemote(<LoyaltyCodes applied="" onPick={jest.fn()} />, {
      namespace: NAMESPACE,
      catalogues,
      api,
      session: anonymousSession(),
    });
    expect(screen.queryByTestId('loyalty-codes')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
