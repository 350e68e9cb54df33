// Takes the manifest's screenshots (public/screenshots) of the built app: narrow 360x780 and wide 1280x800, in
// Vietnamese and English, from a running server. Debian's chromium, no downloaded browser, no network but the server.
// Usage: node scripts/pwa-screenshots.mjs http://127.0.0.1:8291
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://127.0.0.1:8080';
const out = new URL('../public/screenshots/', import.meta.url);
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const shots = [
  { name: 'narrow', width: 360, height: 780, mobile: true },
  { name: 'wide', width: 1280, height: 800, mobile: false },
];
try {
  for (const lang of ['vi', 'en']) {
    for (const shot of shots) {
      const context = await browser.newContext({
        viewport: { width: shot.width, height: shot.height },
        deviceScaleFactor: 1,
        isMobile: shot.mobile,
        hasTouch: shot.mobile,
        serviceWorkers: 'block',
        locale: lang === 'vi' ? 'vi-VN' : 'en-US',
      });
      const page = await context.newPage();
      await page.goto(`${base}${lang === 'vi' ? '/' : '/en'}`, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.screenshot({ path: new URL(`${shot.name}-${lang}.png`, out).pathname });
      await context.close();
    }
  }
} finally {
  await browser.close();
}
