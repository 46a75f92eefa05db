import { loadRemote } from '@module-federation/enhanced/runtime';
import { createEventBus } from '@portal/shared-contracts';
import { type Platform, PlatformContext } from '@portal/shared-contracts/react';
import { MantineProvider } from '@portal/shared-contracts/ui';
import { render, screen, waitFor } from '@testing-library/react';
import { useSessionStore } from '../auth/session-store';
import { useRemotesStore } from '../remotes/remotes-store';
import { HeaderWidgets } from './HeaderWidgets';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn(), loadRemote: jest.fn() }));

// The remote is described as data, as the environment's remotes publish it: the shell imports none.
const accountRemote = {
  name: 'mf-account',
  scope: 'mf_account',
  manifest: '/remotes/mf-account/mf-manifest.json',
  enabled: true,
  description: {
    name: 'mf-account',
    routes: [],
    nav: [],
    widgets: [
      { expose: './NotificationsBell', placement: 'header' as const, order: 10 },
      { expose: './HomeList', placement: 'signed-in' as const, order: 10 },
    ],
  },
};

function mount() {
  const events = createEventBus();
  const failed = jest.fn();
  events.on('remote:failed', failed);
  render(
    <MantineProvider>
      <PlatformContext.Provider value={{ events } as unknown as Platform}>
        <header data-testid="header">
          <HeaderWidgets />
        </header>
      </PlatformContext.Provider>
    </MantineProvider>,
  );
  return { failed };
}

describe('HeaderWidgets', () => {
  beforeEach(() => {
    jest.mocked(loadRemote).mockReset();
    jest.spyOn(console, 'error').mockImplementation(() => {});
    useRemotesStore.setState({ status: 'ready', remotes: [accountRemote] as never, failed: {} });
  });
  afterEach(() => jest.restoreAllMocks());

  it("mounts the header widgets of the environment's remotes for a signed-in user, and only those", async () => {
    useSessionStore.setState({ status: 'authenticated' });
    jest.mocked(loadRemote).mockResolvedValue({ default: () => <a href="/notifications">3 unread</a> });
    mount();
    expect(await screen.findByRole('link', { name: '3 unread' })).toBeInTheDocument();
    expect(loadRemote).toHaveBeenCalledWith('mf-account/NotificationsBell');
    expect(loadRemote).toHaveBeenCalledTimes(1);
  });

  it('loads nothing for a visitor', () => {
    useSessionStore.setState({ status: 'anonymous' });
    mount();
    expect(loadRemote).not.toHaveBeenCalled();
    expect(screen.getByTestId('header')).toBeEmptyDOMElement();
  });

  it('shows nothing in the header when the widget fails, and reports the failure', async () => {
    useSessionStore.setState({ status: 'authenticated' });
    // Another expose: the loader keeps one lazy component per module, and the first test loaded the bell.
    const broken = { expose: './BrokenBell', placement: 'header' as const, order: 10 };
    useRemotesStore.setState({
      remotes: [{ ...accountRemote, description: { ...accountRemote.description, widgets: [broken] } }] as never,
    });
    jest.mocked(loadRemote).mockRejectedValue(new Error('RUNTIME-003'));
    const { failed } = mount();
    await waitFor(() => expect(failed).toHaveBeenCalledWith(expect.objectContaining({ name: 'mf-account' })));
    expect(loadRemote).toHaveBeenCalledWith('mf-account/BrokenBell');
    expect(screen.getByTestId('header')).toBeEmptyDOMElement();
  });
});
