import { render } from '@testing-library/react';
import { PAGE_TITLE_DEBOUNCE_MS, usePageTitle } from './page-title';

function Page({ title }: { title: string }) {
  usePageTitle(title);
  return null;
}

describe('usePageTitle', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('sets the document title after the debounce, keeping only the last of quick changes', () => {
    document.title = 'before';
    const { rerender } = render(<Page title="Package tracking" />);
    rerender(<Page title="My orders" />);
    expect(document.title).toBe('before');
    jest.advanceTimersByTime(PAGE_TITLE_DEBOUNCE_MS);
    expect(document.title).toBe('My orders | Latvijas Pasts');
  });
});
