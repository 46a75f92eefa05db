import { loadRemote } from '@module-federation/enhanced/runtime';
import { createEventBus } from '@portal/shared-contracts';
import { type Platform, PlatformContext } from '@portal/shared-contracts/react';
import { MantineProvider } from '@portal/shared-contracts/ui';
import { render, screen } from '@testing-library/react';
import { RemoteArea } from './RemoteArea';
import { useRemotesStore } from './remotes-store';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn(), loadRemote: jest.fn() }));

function mountLoading(minHeight?: number) {
  // The remote's code never arrives: the area shows what it keeps while loading.
  jest.mocked(loadRemote).mockReturnValue(new Promise(() => {}));
  render(
    <MantineProvider>
      <PlatformContext.Provider value={{ events: createEventBus() } as unknown as Platform}>
        <RemoteArea
          name="mf-tracking"
          expose={minHeight ? './Tall' : './Short'}
          variant="widget"
          minHeight={minHeight}
        />
      </PlatformContext.Provider>
    </MantineProvider>,
  );
  return screen.getByLabelText('…').parentElement?.getAttribute('style') ?? '';
}

describe('RemoteArea while its remote loads (issue 18: nothing below moves when it arrives)', () => {
  beforeEach(() => {
    useRemotesStore.setState({
      status: 'ready',
      remotes: [
        { name: 'mf-tracking', scope: 'mf_tracking', manifest: '/remotes/mf-tracking/mf-manifest.json', enabled: true },
      ],
      failed: {},
    });
  });

  it('keeps the room the widget’s description asks for (220 px = 13.75 rem)', () => {
    expect(mountLoading(220)).toContain('min-height: calc(13.75rem');
  });

  it('keeps a loader’s room when the description says nothing (80 px = 5 rem)', () => {
    expect(mountLoading()).toContain('min-height: calc(5rem');
  });
});
