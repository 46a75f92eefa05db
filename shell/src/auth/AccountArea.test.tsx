import { MantineProvider } from '@portal/shared-contracts/ui';
import { act, render, screen } from '@testing-library/react';
import { AccountArea } from './AccountArea';
import { useSessionStore } from './session-store';

describe('AccountArea', () => {
  it('keeps the sign-in button’s room, unseen, while the session is checked', () => {
    useSessionStore.setState({ status: 'loading', refused: null });
    render(
      <MantineProvider>
        <AccountArea />
      </MantineProvider>,
    );
    const room = screen.getByTestId('sign-in-room');
    expect(room).not.toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();

    const label = room.textContent;
    act(() => useSessionStore.setState({ status: 'anonymous' }));
    expect(screen.getByRole('button', { name: label ?? '' })).toBeVisible();
    expect(screen.queryByTestId('sign-in-room')).toBeNull();
  });
});
