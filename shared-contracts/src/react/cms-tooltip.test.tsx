import { screen } from '@testing-library/react';
import { fakeApi, renderRemote } from '../testing';
import { useCmsTooltip } from './cms-tooltip';

function Hint() {
  return <p data-testid="hint">{useCmsTooltip('tooltip-hs-code', 'Built-in help.')}</p>;
}

const catalogues = { en: {}, lv: {} };
const block = (key: string, html: string) => ({ key, kind: 'tooltip', html, title: 'HS code', locale: 'lv' });

describe('useCmsTooltip', () => {
  it('shows the CMS block of its key as plain text, in the interface language', async () => {
    const { api, calls } = fakeApi({
      'GET /api/public/cms_blocks': {
        'hydra:member': [
          block('tooltip-price-countries', '<p>Other field.</p>'),
          block('tooltip-hs-code', '<p>Ierakstiet <strong>kodu</strong>.</p>'),
        ],
      },
    });
    renderRemote(<Hint />, { namespace: 'test', catalogues, api, locale: 'lv' });
    expect(await screen.findByText('Ierakstiet kodu.')).toBeInTheDocument();
    expect(screen.getByTestId('hint').querySelector('strong')).toBeNull();
    expect(calls).toEqual([expect.objectContaining({ path: '/api/public/cms_blocks', query: { kind: 'tooltip' } })]);
  });

  it('keeps the built-in text while loading, without a block of its key, and when the request fails', async () => {
    const { api } = fakeApi({
      'GET /api/public/cms_blocks': { 'hydra:member': [block('tooltip-price-countries', '<p>x</p>')] },
    });
    const { unmount } = renderRemote(<Hint />, { namespace: 'test', catalogues, api });
    expect(screen.getByTestId('hint')).toHaveTextContent('Built-in help.');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByTestId('hint')).toHaveTextContent('Built-in help.');
    unmount();
    renderRemote(<Hint />, { namespace: 'test', catalogues, api: fakeApi({}).api });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByTestId('hint')).toHaveTextContent('Built-in help.');
  });
});
