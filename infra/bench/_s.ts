import { chromium } from '@playwright/test';

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
page.on('console', (m) => console.log('console', m.type(), m.text().slice(0, 300)));
page.on('pageerror', (e) => console.log('pageerror', e.message.slice(0, 300)));
await page.goto(process.argv[2] ?? 'http://127.0.0.1:8080/');
await page.waitForTimeout(3000);
await page.screenshot({ path: '/tmp/shot.png', fullPage: true });
await browser.close();
