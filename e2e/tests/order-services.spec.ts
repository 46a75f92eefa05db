import type { Page } from '@playwright/test';
import { choose, expect, expectNoAxeViolations, remote, test, withRemotes } from './fixtures';
import {
  acceptAndPay,
  expectPaid,
  fillParty,
  type Lang,
  labelled,
  MONEY,
  payInSandbox,
  pickFromList,
  pickOnMap,
  RIGA_SENDER,
  text,
} from './wizard-driver';

// Issue 21's journeys, in English and Latvian, through the real wizard and the payment sandbox:
// a Baltic parcel-locker parcel, a courier pick-up, and a domestic insured parcel that asks for
// no customs data. Prices are whatever the installed tariffs say (test figures or indicative
// ones): the journeys check that a price is shown, formatted, asked for and paid, not its figure.

test.describe.configure({ timeout: 150_000 });

test.beforeEach(async ({ page }) => {
  // No internet here: the map picker falls back to the country outlines shipped with the app.
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort('internetdisconnected'));
});

/** Opens the portal in the language (kept in local storage), then the wizard at `path`. */
async function openIn(lang: Lang, page: Page, path: string) {
  await page.goto(`/?locale=${lang}`);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(lang, 'pages.parcel'));
}

/** Chooses a product by its name (from the API, in the interface language); it must be priced. */
async function chooseProduct(page: Page, name: RegExp) {
  const product = page.getByRole('radio', { name });
  await expect(product).toBeEnabled({ timeout: 15_000 });
  // Its name carries the price, formatted.
  await expect(product).toHaveAccessibleName(/\d+,\d{2}\s€/);
  await choose(product);
}

/** The Latvian texts the API's messages are shown in (shared-contracts/src/i18n/server-messages.ts). */
const CONSENT_MESSAGES: Record<Lang, [string, string]> = {
  en: ['The terms of use must be accepted.', 'The privacy policy must be accepted.'],
  lv: ['Jāpiekrīt lietošanas noteikumiem.', 'Jāpiekrīt privātuma politikai.'],
};

// ---- a Baltic locker-to-locker parcel -----------------------------------------------------------

const BALTIC = {
  // English: to an Estonian locker, chosen on the map's picker.
  en: {
    country: 'EE',
    product: /Parcel locker S, Estonia/,
    search: 'Tartu',
    place: /Tartu/,
    receiver: { name: 'Mari Tamm', phone: '51234567' },
    picker: 'map',
  },
  // Latvian: to a Lithuanian locker, chosen from the wizard's list (the map remote switched off).
  lv: {
    country: 'LT',
    product: /Pakomāts S, Lietuva/,
    search: 'Kauno',
    place: /Kaun/,
    receiver: { name: 'Rūta Kazlauskienė', phone: '61234567' },
    picker: 'list',
  },
} as const;

for (const lang of ['en', 'lv'] as const) {
  test(`${lang}: a Baltic parcel from a Riga parcel locker to a ${BALTIC[lang].country} one, paid`, async ({
    page,
  }) => {
    const journey = BALTIC[lang];
    if (journey.picker === 'list') {
      await withRemotes(page, (file) => {
        remote(file, 'mf-map').enabled = false;
      });
    }
    await openIn(lang, page, `/orders/parcel?country=${journey.country}&weight=2000`);
    await chooseProduct(page, journey.product);

    const pick = journey.picker === 'map' ? pickOnMap : pickFromList;
    // The hand-over locker is optional (issue 40): every Latvijas Pasts locker of the shipped data is pick-up only.
    const to = await pick(lang, page, 'receiver', journey.search, journey.place);
    expect(to).toMatch(journey.place);
    await page.getByTestId('next-step').click();

    await expect(page.getByTestId('step-parties')).toBeVisible();
    await expect(page.getByTestId('receiver-place')).toContainText(to.split(',')[0] ?? to);
    await fillParty(lang, page.getByTestId('party-sender'), RIGA_SENDER);
    await fillParty(lang, page.getByTestId('party-receiver'), journey.receiver);
    await page.getByTestId('next-step').click();

    // Within the EU: no content step, straight to the summary.
    await expect(page.getByTestId('step-summary')).toBeVisible();
    await expect(page.getByTestId('order-overview')).toContainText(journey.product);
    const amount = await acceptAndPay(lang, page);

    if (lang === 'en') {
      // The sandbox's language link names the language it leads to (issue 21: "English" led to lv).
      const latvian = page.getByRole('link', { name: 'Latviski' });
      await expect(latvian).toHaveAttribute('href', '?locale=lv');
      await latvian.click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'lv');
      await expect(page.getByRole('link', { name: 'English' })).toHaveAttribute('href', '?locale=en');
    }
    await payInSandbox(page, amount);

    await expectPaid(lang, page, amount);
    const handOver = page.getByTestId('hand-over');
    await expect(handOver).toContainText(text(lang, 'handOver.parcelLocker.title'));
    await expect(handOver).not.toContainText(text(lang, 'handOver.customsDocuments'));
    await expect(page.getByTestId('download-customs')).toHaveCount(0);
  });
}

// ---- a courier pick-up booked ---------------------------------------------------------------------

const COURIER_PRODUCT: Record<Lang, RegExp> = {
  en: /Parcel, courier pick-up to door by courier, Latvia/,
  lv: /Paka, kurjers paņem un piegādā līdz durvīm, Latvija/,
};

interface Availability {
  available: boolean;
  possiblePickUpTimesFrom: string | null;
  possiblePickUpTimesTill: string | null;
}

/** The first day from tomorrow (Riga) on which the availability API says the courier comes to LV-1010. */
async function courierDay(page: Page): Promise<{ date: string; from: string; till: string; windowTill: string }> {
  const riga = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Riga' });
  for (let ahead = 1; ahead <= 14; ahead += 1) {
    const date = riga.format(new Date(Date.now() + ahead * 86_400_000));
    const answer = await page.request.get(`/api/public/courier_pick_up/availability?date=${date}&postCode=LV-1010`);
    expect(answer.status()).toBe(200);
    const day = (await answer.json()) as Availability;
    if (!day.available || !day.possiblePickUpTimesFrom || !day.possiblePickUpTimesTill) continue;
    // A two-hour window at the start of the courier's day (SPEC §5: at least 2 hours).
    const [hours = 0, minutes = 0] = day.possiblePickUpTimesFrom.split(':').map(Number);
    const till = `${String(hours + 2).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
    expect(till <= day.possiblePickUpTimesTill).toBe(true);
    return { date, from: day.possiblePickUpTimesFrom, till, windowTill: day.possiblePickUpTimesTill };
  }
  throw new Error('the courier is not available on any of the next 14 days');
}

const toDisplay = (date: string) => date.split('-').reverse().join('.');

for (const lang of ['en', 'lv'] as const) {
  test(`${lang}: a courier pick-up booked in a window the availability API offers, paid`, async ({ page }) => {
    const day = await courierDay(page);
    await openIn(lang, page, '/orders/parcel?country=LV&weight=3000');
    await chooseProduct(page, COURIER_PRODUCT[lang]);

    const courier = page.getByTestId('courier-pick-up');
    await expect(courier).toBeVisible();
    await courier.getByLabel(labelled(lang, 'courier.date')).fill(toDisplay(day.date));
    await expect(page.getByTestId('courier-availability')).toContainText(
      text(lang, 'courier.availability.window', { from: day.from, till: day.windowTill }),
    );
    await courier.getByLabel(labelled(lang, 'courier.from')).fill(day.from);
    await courier.getByLabel(labelled(lang, 'courier.till')).fill(day.till);
    await page.getByTestId('next-step').click();

    await expect(page.getByTestId('step-parties')).toBeVisible();
    await fillParty(lang, page.getByTestId('party-sender'), RIGA_SENDER);
    await fillParty(lang, page.getByTestId('party-receiver'), {
      name: 'Jānis Ozols',
      phone: '29876543',
      address: 'Lielā iela 5',
      city: 'Liepāja',
      postCode: 'LV-3401',
    });
    await page.getByTestId('next-step').click();

    await expect(page.getByTestId('step-summary')).toBeVisible();
    const amount = await acceptAndPay(lang, page);
    await payInSandbox(page, amount);

    await expectPaid(lang, page, amount);
    // The booking: the courier comes on the chosen day in the chosen window.
    const handOver = page.getByTestId('hand-over');
    await expect(handOver).toContainText(text(lang, 'handOver.courier.title'));
    await expect(handOver).toContainText(
      text(lang, 'handOver.courier.text', { date: toDisplay(day.date), from: day.from, till: day.till }),
    );
  });
}

// ---- a domestic insured parcel: content values, no customs ----------------------------------------

const DOMESTIC_PRODUCT: Record<Lang, RegExp> = {
  en: /Parcel, post office to post office, Latvia/,
  lv: /Paka, no pasta nodaļas uz pasta nodaļu, Latvija/,
};

for (const lang of ['en', 'lv'] as const) {
  test(`${lang}: a domestic insured parcel gives its content values and is never asked for customs data`, async ({
    page,
  }) => {
    await openIn(lang, page, '/orders/parcel?country=LV&weight=2000');
    await chooseProduct(page, DOMESTIC_PRODUCT[lang]);

    // The insurance's price shows beside the insured amount as soon as one is entered.
    await choose(page.getByTestId('services').getByLabel(text(lang, 'services.insurance'), { exact: true }));
    await page.getByTestId('insurance-amount').fill('50');
    const insurancePrice = page.getByTestId('insurance-price');
    await expect(insurancePrice).toContainText(text(lang, 'shipment.insurancePrice', { price: '' }).trim());
    expect(((await insurancePrice.textContent()) ?? '').replace(/^.*?(\d)/, '$1')).toMatch(MONEY);
    await page.getByTestId('next-step').click();

    await expect(page.getByTestId('step-parties')).toBeVisible();
    await fillParty(lang, page.getByTestId('party-sender'), RIGA_SENDER);
    await fillParty(lang, page.getByTestId('party-receiver'), {
      name: 'Jānis Ozols',
      phone: '29876543',
      address: 'Lielā iela 5',
      city: 'Liepāja',
      postCode: 'LV-3401',
    });
    await page.getByTestId('next-step').click();

    // The content step: values for the insurance, nothing of customs.
    const step = page.getByTestId('step-content');
    await expect(step).toBeVisible();
    await expect(page.getByTestId('content-intro')).toHaveText(text(lang, 'content.introValued'));
    await expect(page.getByTestId('customs-form-hint')).toHaveCount(0);
    await expect(page.getByTestId('nature-of-transaction')).toHaveCount(0);
    await expect(step.getByText(text(lang, 'customs.title'))).toHaveCount(0);
    await expect(step).not.toContainText(/CN ?2[23]/);
    await expect(step.getByLabel(labelled(lang, 'content.hsCode'))).toHaveCount(0);

    // A lighter content asks for approval; the dialog's close button has a name (issue 21).
    const line = page.getByTestId('content-line-0');
    await line.getByLabel(labelled(lang, 'content.name')).fill('Books');
    await line.getByLabel(labelled(lang, 'content.quantity')).fill('2');
    await line.getByLabel(labelled(lang, 'content.weight')).fill('1,5');
    await line.getByLabel(labelled(lang, 'content.value')).fill('80');
    await page.getByTestId('next-step').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page, ['[role="dialog"]']);
    await dialog.getByRole('button', { name: text(lang, 'approval.close'), exact: true }).click();
    await expect(dialog).toBeHidden();
    await line.getByLabel(labelled(lang, 'content.weight')).fill('2');
    await page.getByTestId('next-step').click();

    await expect(page.getByTestId('step-summary')).toBeVisible();
    // Paying without the consents: each message once, beside its own checkbox (issue 21: twice).
    await page.getByTestId('pay').click();
    const [terms, privacy] = CONSENT_MESSAGES[lang];
    await expect(page.getByText(terms, { exact: true })).toHaveCount(1);
    await expect(page.getByText(privacy, { exact: true })).toHaveCount(1);

    const amount = await acceptAndPay(lang, page);
    await payInSandbox(page, amount);
    await expectPaid(lang, page, amount);
    const handOver = page.getByTestId('hand-over');
    await expect(handOver).toContainText(text(lang, 'handOver.postOffice.title'));
    await expect(handOver).not.toContainText(text(lang, 'handOver.customsDocuments'));
    await expect(page.getByTestId('download-customs')).toHaveCount(0);
  });
}
