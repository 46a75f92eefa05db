import { fakeApi, renderRemote } from '@portal/shared-contracts/testing';
import { screen } from '@testing-library/react';
import en from '../../i18n/en.json';
import lv from '../../i18n/lv.json';
import { NewsSection } from './NewsSection';

const item = {
  '@id': '/api/news/1',
  '@type': 'News',
  id: 1,
  title: 'From any post office to any parcel locker',
  titleLv: 'No jebkuras pasta nodaļas uz jebkuru pakomātu',
  text: 'A parcel handed over at any post office can go to any parcel locker.',
  textLv: 'Jebkurā pasta nodaļā nodotu paku var nosūtīt uz jebkuru pakomātu.',
  // The card shows the API's rendered and sanitised HTML of the CMS block, not the Markdown.
  html: '<p>A parcel handed over at any post office <strong>can go to any parcel locker</strong>.</p>',
  htmlLv: '<p>Jebkurā pasta nodaļā nodotu paku <strong>var nosūtīt uz jebkuru pakomātu</strong>.</p>',
  link: '/postal-network',
  publishedAt: '2026-09-01T08:00:00.000Z',
};

const render = (api: ReturnType<typeof fakeApi>['api'], locale: 'en' | 'lv' = 'en') =>
  renderRemote(<NewsSection />, { namespace: 'shell', catalogues: { en, lv }, api, locale });

describe('home news cards', () => {
  it('shows the newest news in English with date and link, asking the public list for three', async () => {
    const { api, calls } = fakeApi({ 'GET /api/public/news': { 'hydra:member': [item], 'hydra:totalItems': 1 } });
    render(api);
    expect(screen.getByRole('heading', { name: 'News' })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'From any post office to any parcel locker' });
    expect(card).toHaveTextContent('01.09.2026');
    expect(card).toHaveTextContent('can go to any parcel locker');
    expect(card.querySelector('strong')).toHaveTextContent('can go to any parcel locker');
    expect(screen.getByRole('link', { name: 'Read more' })).toHaveAttribute('href', '/postal-network');
    expect(calls[0]).toEqual(expect.objectContaining({ path: '/api/public/news', query: { itemsPerPage: 3 } }));
  });

  it('shows them in Latvian for a Latvian visitor', async () => {
    const { api } = fakeApi({ 'GET /api/public/news': { 'hydra:member': [item], 'hydra:totalItems': 1 } });
    render(api, 'lv');
    expect(screen.getByRole('heading', { name: 'Jaunumi' })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'No jebkuras pasta nodaļas uz jebkuru pakomātu' });
    expect(card).toHaveTextContent('var nosūtīt uz jebkuru pakomātu');
    expect(screen.getByRole('link', { name: 'Lasīt vairāk' })).toBeInTheDocument();
  });

  it('keeps three card places while loading, and says so when the news fail', async () => {
    const { api } = fakeApi({
      'GET /api/public/news': () => {
        throw new Error('down');
      },
    });
    const { container } = render(api);
    expect(container.querySelectorAll('[aria-hidden="true"].mantine-Card-root')).toHaveLength(3);
    expect(await screen.findByText('The news could not be loaded. Please try again later.')).toBeInTheDocument();
  });

  it('leaves the section out when there are no news', async () => {
    const { api, calls } = fakeApi({ 'GET /api/public/news': { 'hydra:member': [], 'hydra:totalItems': 0 } });
    render(api);
    await screen.findByTestId('path');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toHaveLength(1);
    expect(screen.queryByTestId('news')).toBeNull();
  });
});
