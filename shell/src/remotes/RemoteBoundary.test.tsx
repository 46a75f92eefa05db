import { render, screen } from '@testing-library/react';
import { RemoteBoundary } from './RemoteBoundary';

function Exploding(): never {
  throw new Error('remote crashed');
}

describe('RemoteBoundary', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));

  it('renders the remote when it works', () => {
    render(
      <RemoteBoundary name="mf-map" fallback={<p>unavailable</p>} onError={jest.fn()}>
        <p>map</p>
      </RemoteBoundary>,
    );
    expect(screen.getByText('map')).toBeInTheDocument();
  });

  it('contains a crash: shows the fallback and reports the remote', () => {
    const onError = jest.fn();
    render(
      <div>
        <p>rest of the portal</p>
        <RemoteBoundary name="mf-map" fallback={<p>unavailable</p>} onError={onError}>
          <Exploding />
        </RemoteBoundary>
      </div>,
    );
    expect(screen.getByText('unavailable')).toBeInTheDocument();
    expect(screen.getByText('rest of the portal')).toBeInTheDocument();
    expect(onError).toHaveBeenCalledWith('mf-map', expect.any(Error));
  });
});
