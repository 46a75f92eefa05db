import { expect, expectNoAxeViolations, test } from './fixtures';

const cases = [
  {
    locale: 'en',
    heading: 'Customer support',
    section: 'Delivery',
    search: 'Search the questions',
    query: 'delivery latvia',
    question: 'How long does delivery within Latvia take?',
    answer: 'delivered in one working day',
    hours: ['Monday–Friday', '8:00–19:00', 'Saturday', '9:00–17:00', 'Sunday', 'Closed'],
    link: 'Link to this question',
    contacts: 'Contact us',
    channel: 'Complaints and requests',
    form: 'the complaint and request form',
  },
  {
    locale: 'lv',
    heading: 'Klientu atbalsts',
    section: 'Piegāde',
    search: 'Meklēt jautājumos',
    // Typed without diacritics, as many do: still finds "Cik ilgi notiek piegāde Latvijā?".
    query: 'piegade latvija',
    question: 'Cik ilgi notiek piegāde Latvijā?',
    answer: 'vienas darba dienas laikā',
    hours: ['Pirmdiena–piektdiena', '8:00–19:00', 'Sestdiena', '9:00–17:00', 'Svētdiena', 'Slēgts'],
    link: 'Saite uz šo jautājumu',
    contacts: 'Sazinieties ar mums',
    channel: 'Sūdzības un pieprasījumi',
    form: 'sūdzību un pieprasījumu veidlapa',
  },
] as const;

for (const c of cases) {
  test(`the support contacts come from the CMS, on the FAQ page and in the footer (${c.locale})`, async ({ page }) => {
    await page.goto(`/faq?locale=${c.locale}`);
    // Issue 40 item 7: one CMS block (footer-support-contacts), edited in the back office, shown twice.
    const onPage = page.getByTestId('faq-support-contacts');
    await expect(onPage).toContainText(c.channel);
    const inFooter = page.locator('footer').getByTestId('footer-support-contacts');
    await expect(inFooter.getByRole('heading', { level: 2, name: c.contacts })).toBeVisible();
    await expect(inFooter).toContainText(c.channel);
    await onPage.getByRole('link', { name: c.form }).click();
    await expect(page).toHaveURL(/\/complaint/);
  });

  test(`the FAQ reads, searches and shows support hours (${c.locale})`, async ({ page }) => {
    await page.goto(`/faq?locale=${c.locale}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.heading);
    await expect(page.getByRole('heading', { level: 2, name: c.section })).toBeVisible();
    await expect(page.getByTestId('faq-support-hours')).toHaveText(new RegExp(c.hours.join('.*')));
    await expectNoAxeViolations(page, ['main']);

    // Reading: each question under its section opens its answer, with a link of its own that opens
    // it again when the page is loaded from that link.
    const delivery = page.getByTestId('faq-delivery');
    await expect(delivery.getByRole('heading', { level: 3, name: c.question })).toBeVisible();
    await expect(delivery.getByText(c.answer)).toBeHidden();
    await delivery.getByRole('button', { name: c.question }).click();
    await expect(delivery.getByText(c.answer)).toBeVisible();
    await delivery.getByRole('link', { name: c.link }).click();
    await expect(page).toHaveURL(/#how-long-does-delivery-within-latvia-take$/);
    await page.reload();
    await expect(page.getByRole('button', { name: c.question })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText(c.answer)).toBeVisible();

    await page.getByLabel(c.search).fill(c.query);
    await expect(page.getByTestId('faq-entry')).toHaveCount(1);
    await expect(page.getByTestId('faq-entry')).toContainText(c.question);
    await page.getByLabel(c.search).fill('xyzzy');
    await expect(page.getByTestId('faq-entry')).toHaveCount(0);
  });
}
