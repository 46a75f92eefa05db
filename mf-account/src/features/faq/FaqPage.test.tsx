import { fakeApi, renderRemote } from '@portal/shared-contracts/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogues, NAMESPACE } from '../../i18n';
import { FaqPage } from './FaqPage';

// Issue 40 item 7: each question opens and closes, and has a link of its own that opens it.

const options = { namespace: NAMESPACE, catalogues, api: fakeApi({}).api };
const QUESTION = 'Do I need an account to send a shipment?';

it('opens and closes a question with its button, and gives it a link of its own', async () => {
  beforeEachScroll();
  renderRemote(<FaqPage />, { ...options, route: '/faq' });
  const button = screen.getByRole('button', { name: QUESTION });
  expect(button).toHaveAttribute('aria-expanded', 'false');
  expect(screen.queryByText(/Without signing in you can prepare/)).not.toBeVisible();

  await userEvent.click(button);
  expect(button).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByText(/Without signing in you can prepare/)).toBeVisible();
  // The one link shown is the opened question's (the closed ones' are hidden with their answers).
  const links = screen.getAllByRole('link', { name: 'Link to this question' });
  expect(links).toHaveLength(1);
  expect(links[0]).toHaveAttribute('href', '/faq#do-i-need-an-account-to-send-a-shipment');

  await userEvent.click(button);
  expect(button).toHaveAttribute('aria-expanded', 'false');
});

it('opens the question the address names, in Latvian too', async () => {
  beforeEachScroll();
  renderRemote(<FaqPage />, { ...options, locale: 'lv', route: '/faq#do-i-need-an-account-to-send-a-shipment' });
  const button = await screen.findByRole('button', { name: 'Vai sūtījuma nosūtīšanai ir vajadzīgs konts?' });
  expect(button).toHaveAttribute('aria-expanded', 'true');
  // The others stay closed.
  expect(screen.getAllByRole('button', { expanded: true })).toHaveLength(1);
});

it('shows the answers a search finds, open', async () => {
  renderRemote(<FaqPage />, { ...options, route: '/faq' });
  await userEvent.type(screen.getByLabelText('Search the questions'), 'delivery latvia');
  expect(screen.getByRole('button', { name: 'How long does delivery within Latvia take?' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
});

it('shows the support contacts the CMS block holds (issue 40 item 7)', async () => {
  const { api, calls } = fakeApi({
    'GET /api/public/cms_blocks/footer-support-contacts': {
      key: 'footer-support-contacts',
      locale: 'en',
      title: 'Contact us',
      html: '<ul><li>Phone: <a href="tel:+37100000000">+371 0000 0000</a></li></ul>',
      updatedAt: '2026-11-26T00:00:00.000Z',
    },
  });
  renderRemote(<FaqPage />, { ...options, api, route: '/faq' });
  expect(await screen.findByTestId('faq-support-contacts')).toHaveTextContent('Phone: +371 0000 0000');
  expect(screen.getByRole('link', { name: '+371 0000 0000' })).toHaveAttribute('href', 'tel:+37100000000');
  expect(calls.map((call) => call.path)).toContain('/api/public/cms_blocks/footer-support-contacts');
});

/** jsdom has no layout: scrolling to a question is a no-op here. */
function beforeEachScroll() {
  Element.prototype.scrollIntoView = jest.fn();
}
