import { loadRemote } from '@module-federation/enhanced/runtime';
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { preloadRemoteComponent, remoteComponent } from './load-remote-component';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn() }));

describe('remoteComponent', () => {
  it('suspends until the module arrives, then shows it', async () => {
    jest.mocked(loadRemote).mockResolvedValue({ default: () => <p>tracking</p> });
    const Tracking = remoteComponent('mf-tracking', './App');
    render(
      <Suspense fallback={<p>loading</p>}>
        <Tracking name="mf-tracking" />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('tracking')).toBeInTheDocument();
  });

  it('renders a preloaded module in the first pass (issue 18: the gateway’s markup is taken over at once)', async () => {
    jest.mocked(loadRemote).mockResolvedValue({ default: () => <p>calculator</p> });
    await preloadRemoteComponent('mf-calculator', './App');
    const Calculator = remoteComponent('mf-calculator', './App');
    render(
      <Suspense fallback={<p>loading</p>}>
        <Calculator name="mf-calculator" />
      </Suspense>,
    );
    expect(screen.getByText('calculator')).toBeInTheDocument();
    expect(screen.queryByText('loading')).toBeNull();
    expect(loadRemote).toHaveBeenCalledTimes(2); // once per module, not again when rendered
  });

  it('settles a preload whose module cannot be loaded, leaving the failure to the area', async () => {
    jest.mocked(loadRemote).mockRejectedValue(new Error('offline'));
    await expect(preloadRemoteComponent('mf-map', './App')).resolves.toBeUndefined();
  });
});
