import { expect, expectNoAxeViolations, test } from './fixtures';

// SPEC §2 /components: the sidebar layout with the forms page and the order-line summary sidebar,
// kept as the portal's living style guide (issue 21). Both languages, and axe-clean in each.

const SECTIONS = {
  en: ['Form controls', 'Buttons', 'Messages and statuses', 'Type scale', 'Colour palette', 'Icons'],
  lv: ['Formu lauki', 'Pogas', 'Paziņojumi un statusi', 'Burtu izmēri', 'Krāsu palete', 'Ikonas'],
} as const;

test('/components shows the UI kit beside an order-line summary sidebar, axe-clean', async ({ page }) => {
  await page.goto('/components');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Components');
  for (const name of SECTIONS.en) {
    await expect(page.getByRole('region', { name })).toBeVisible();
  }
  const forms = page.getByRole('region', { name: 'Form controls' });
  await expect(forms.getByRole('textbox', { name: 'Name and surname' })).toBeVisible();
  await expect(forms.getByText('Enter a valid e-mail address')).toBeVisible();
  await expect(forms.getByRole('radio', { name: 'Parcel locker' })).toBeChecked();
  await expect(forms.getByRole('checkbox', { name: 'Fragile' })).toBeChecked();
  await expect(page.getByRole('region', { name: 'Colour palette' }).getByText('7 #1f5ea8')).toBeVisible();

  const sidebar = page.getByRole('complementary', { name: 'Your shipment' });
  await expect(sidebar).toBeVisible();
  await expect(sidebar.getByText('Example')).toBeVisible();
  await expect(sidebar.getByTestId('guide-summary-total')).toHaveText('7,70 €');
  // The sidebar layout: on a wide screen the summary stands to the right of the forms.
  const formsBox = await forms.boundingBox();
  const sidebarBox = await sidebar.boundingBox();
  expect(sidebarBox?.x ?? 0).toBeGreaterThan((formsBox?.x ?? 0) + (formsBox?.width ?? 0) - 1);
  await expectNoAxeViolations(page, []);
});

test('/components in Latvian', async ({ page }) => {
  await page.goto('/components');
  await page.getByTestId('language-switch').getByText('LV').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'lv');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Komponentes');
  for (const name of SECTIONS.lv) {
    await expect(page.getByRole('region', { name })).toBeVisible();
  }
  await expect(page.getByRole('complementary', { name: 'Jūsu sūtījums' }).getByText('Piemērs')).toBeVisible();
  await expectNoAxeViolations(page, []);
});
