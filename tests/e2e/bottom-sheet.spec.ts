// The bottom sheet dialog of spec 2: on a phone the pickers rise from the bottom edge at full width, within
// thumb reach; on a wide screen the same picker is the centred dialog. Checked on the pickup time picker in vi and en.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

const TEXT = {
  vi: { home: '/', time: /Thời gian đón/ },
  en: { home: '/en', time: /Pick-up time/ },
} as const;

async function box(page: Page, dialog: Locator) {
  await expect(dialog).toBeVisible();
  // Let the rise animation end before measuring.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  const rect = await dialog.boundingBox();
  if (!rect) throw new Error('the picker has no box');
  return rect;
}

for (const lang of ['vi', 'en'] as const) {
  const t = TEXT[lang];

  test(`${lang}: the pickup time picker is a bottom sheet on a phone and a centred dialog on a wide screen`, async ({ page }) => {
    await page.goto(t.home);
    const viewport = page.viewportSize();
    if (!viewport) throw new Error('no viewport');

    await page.getByRole('button', { name: t.time }).click();
    const dialog = page.getByRole('dialog');
    const phone = await box(page, dialog);
    expect(phone.x).toBeCloseTo(0, 0);
    expect(phone.width).toBeCloseTo(viewport.width, 0);
    expect(phone.y + phone.height).toBeCloseTo(viewport.height, 0);
    // Escape closes it like any dialog, and focus goes back to the button that opened it.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: t.time })).toBeFocused();

    await page.setViewportSize({ width: 1024, height: 768 });
    await page.getByRole('button', { name: t.time }).click();
    const wide = await box(page, dialog);
    expect(wide.width).toBeLessThanOrEqual(520);
    expect(wide.y + wide.height).toBeLessThan(768 - 8);
    expect(Math.abs(wide.x + wide.width / 2 - 512)).toBeLessThan(2);
  });
}
