import { loadRemote } from '@module-federation/enhanced/runtime';
import { createEventBus } from '@portal/shared-contracts';
import { type Platform, PlatformContext } from '@portal/shared-contracts/react';
import { MantineProvider } from '@portal/shared-contracts/ui';
import { render, screen } from '@testing-library/react';
import { RemoteComponent } from './RemoteComponent';
import { useRemotesStore } from './remotes-store';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn(), loadRemote: jest.fn() }));

const mapRemote = {
  name: 'mf-map',
  scope: 'mf_map',
  manifest: '/remotes/mf-map/mf-manifest.json',
  enabled: true,
};

function mount(expose: string) {
  const events = createEventBus();
  const failed = jest.fn();
  events.on('remote:failed', failed);
  render(
    <MantineProvider>
      <PlatformContext.Provider value={{ events } as unknown as Platform}>
        <RemoteComponent<{ greeting: string }>
          remote="mf-map"
          expose={expose}
          props={{ greeting: 'Sveiki' }}
          fallback={<p>the list instead</p>}
        />
      </PlatformContext.Provider>
    </MantineProvider>,
  );
  return { failed };
}

describe('RemoteComponent (platform.RemoteComponent)', () => {
  beforeEach(() => {
    jest.mocked(loadRemote).mockReset();
    jest.spyOn(console, 'error').mockImplementation(() => {});
    useRemotesStore.setState({ status: 'ready', remotes: [mapRemote], failed: {} });
  });
  afterEach(() => jest.restoreAllMocks());

  it('mounts the exposed component with the caller’s props', async () => {
    jest.mocked(loadRemote).mockResolvedValue({ default: ({ greeting }: { greeting: string }) => <p>{greeting}</p> });
    mount('./LocationPicker');
    expect(await screen.findByText('Sveiki')).toBeInTheDocument();
    expect(loadRemote).toHaveBeenCalledWith('mf-map/LocationPicker');
  });

  it('shows the fallback without loading anything when the remote is switched off', () => {
    useRemotesStore.setState({ remotes: [{ ...mapRemote, enabled: false }] });
    mount('./Off');
    expect(screen.getByText('the list instead')).toBeInTheDocument();
    expect(loadRemote).not.toHaveBeenCalled();
  });

  it('contains a remote that fails: the fallback shows and the failure is reported', async () => {
    jest.mocked(loadRemote).mockRejectedValue(new Error('RUNTIME-003'));
    const { failed } = mount('./Broken');
    expect(await screen.findByText('the list instead')).toBeInTheDocument();
    expect(failed).toHaveBeenCalledWith({ name: 'mf-map', reason: expect.stringMatching(/.+/) });
    expect(useRemotesStore.getState().failed['mf-map']).toBe(true);
  });
});
