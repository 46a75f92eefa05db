import { fakeApi, renderRemote } from '@portal/shared-contracts/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import en from '../i18n/en.json';
import lv from '../i18n/lv.json';
import { StaticPage } from './StaticPage';

const block = (locale: 'en' | 'lv') => ({
  '@id': '/api/cms_blocks/deadlines',
  '@type': 'CmsBlock',
  key: 'deadlines',
  locale,
  title: locale === 'lv' ? 'Piegādes termiņi' : 'Delivery times',
  html:
    locale === 'lv'
      ? '<h2>Piegādes laiks</h2>\n<p>Skatiet arī <a href="/faq">klientu atbalstu</a>.</p>'
      : '<h2>Delivery times</h2>\n<p>See also <a href="/faq">customer support</a>.</p>',
  updatedAt: '2026-11-20T08:00:00.000Z',
});

function render(routes: Record<string, unknown>, locale: 'en' | 'lv' = 'en') {
  const { api, calls } = fakeApi(routes);
  renderRemote(<StaticPage cmsKey="deadlines" titleKey="pages.deadlines" />, {
    namespace: 'shell',
    catalogues: { en, lv },
    api,
    locale,
    route: '/deadlines',
    path: '/deadlines',
  });
  return calls;
}

describe('an information page from its CMS block', () => {
  it('shows the block’s title and text in the visitor’s language, read from the public API', async () => {
    const calls = render({ 'GET /api/public/cms_blocks/deadlines': block('lv') }, 'lv');
    expect(await screen.findByRole('heading', { level: 2, name: 'Piegādes laiks' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Piegādes termiņi');
    expect(screen.getByText('20.11.2026').closest('p')).toHaveTextContent('Pēdējoreiz atjaunināts 20.11.2026');
    expect(screen.getByText('20.11.2026')).toHaveAttribute('datetime', '2026-11-20T08:00:00.000Z');
    expect(calls).toEqual([expect.objectContaining({ method: 'GET', path: '/api/public/cms_blocks/deadlines' })]);
  });

  it('keeps a link to a portal page inside the application', async () => {
    render({ 'GET /api/public/cms_blocks/deadlines': block('en') });
    await userEvent.click(await screen.findByRole('link', { name: 'customer support' }));
    expect(screen.getByText('elsewhere')).toBeInTheDocument();
  });

  it('shows the page’s own title and says so when the block cannot be loaded', async () => {
    render({});
    const message = await screen.findByText('This page could not be loaded. Please try again later.');
    expect(message.closest('[role="status"]')).not.toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Delivery times');
  });
});
