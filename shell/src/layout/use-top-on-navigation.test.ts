import { renderHook } from '@testing-library/react';
import { StrictMode } from 'react';
import { useTopOnNavigation } from './use-top-on-navigation';

describe('useTopOnNavigation', () => {
  const scrollTo = jest.fn();
  beforeEach(() => {
    scrollTo.mockReset();
    window.scrollTo = scrollTo as typeof window.scrollTo;
  });

  it('leaves the first page where the visitor has scrolled it, in strict mode too', () => {
    const onNavigate = jest.fn();
    renderHook(() => useTopOnNavigation('/', onNavigate), { wrapper: StrictMode });
    expect(scrollTo).not.toHaveBeenCalled();
    expect(onNavigate).not.toHaveBeenCalled();
  });

  it('scrolls to the top and closes the menu on each navigation, back to the first page too', () => {
    const onNavigate = jest.fn();
    const { rerender } = renderHook(({ path }) => useTopOnNavigation(path, onNavigate), {
      initialProps: { path: '/' },
    });
    rerender({ path: '/track' });
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    expect(onNavigate).toHaveBeenCalledTimes(1);
    rerender({ path: '/track' });
    expect(scrollTo).toHaveBeenCalledTimes(1);
    rerender({ path: '/' });
    expect(scrollTo).toHaveBeenCalledTimes(2);
    expect(onNavigate).toHaveBeenCalledTimes(2);
  });
});
