import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PORT } from '../playwright.config';
import { startGateway } from '../support/remote-builds';
import { expect, giveConsent, test } from './fixtures';

// Issue 19, item 8: the development provider keeps its sessions on disk (infra/dev-idp/
// file-adapter.ts), so restarting the portal signs nobody out: after a restart, signing in again
// needs no password, because the provider still knows the session.

const GATEWAY_PORT = PORT + 7;

test('a restart of the portal keeps the provider’s session: signing in again asks for no password', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'idp-restart-'));
  const env = { DEV_IDP_DATA_DIR: path.join(dir, 'idp'), PGLITE_DATA_DIR: path.join(dir, 'pglite') };
  let gateway = await startGateway(GATEWAY_PORT, env);
  const context = await browser.newContext({ baseURL: gateway.url });
  try {
    await giveConsent(context, gateway.url);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByTestId('sign-in').click();
    await page.getByLabel('E-mail', { exact: true }).fill('anna@example.com');
    await page.getByLabel('Password', { exact: true }).fill('demo-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    // On PostgreSQL the portal's database is shared with the other specs, which may have renamed
    // Anna (identity.spec): the same name after the restart is what counts, not which name.
    await expect(page.getByTestId('user-name')).toHaveText(/^Anna /);
    const nameBeforeRestart = await page.getByTestId('user-name').textContent();

    await gateway.stop();
    gateway = await startGateway(GATEWAY_PORT, env);

    // The portal forgets its tokens (a new tab); the provider's session cookie remains.
    await page.evaluate(() => window.sessionStorage.clear());
    await page.goto('/');
    await page.getByTestId('sign-in').click();
    await expect(page.getByTestId('user-name')).toHaveText(nameBeforeRestart ?? '');
    await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
  } finally {
    await context.close();
    await gateway.stop();
  }
});
