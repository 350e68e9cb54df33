// A transport company joins with no SQL, in Vietnamese and in English: it applies through the "become a partner"
// form (provinces and all), the operator approves it (the operator call, with the e2e server's token), the owner opens
// the set-password link from the SMS outbox, sets a password, lands in the console signed in, and adds a dispatcher
// from the Staff tab (who is sent a link of their own, and in English a new one from the Staff list's button).
import { expect, test } from './fixtures';
import { waitForSms } from './outbox';
import { JOIN, addStaff, approveApplication, fillApplication, sendApplication, setPasswordFromSms } from './supply';

const TEXTS = {
  vi: {
    ...JOIN.vi,
    provincesError: 'Hãy chọn ít nhất một tỉnh, thành phố bạn phục vụ',
    used: 'Liên kết này đã được dùng hoặc không hợp lệ.',
  },
  en: {
    ...JOIN.en,
    provincesError: 'Choose at least one province you serve',
    used: 'This link has already been used or is not valid.',
  },
} as const;

for (const lang of ['vi', 'en'] as const) {
  test(`a transport company applies, is approved, sets its password and adds a dispatcher (${lang})`, async ({ page }) => {
    const t = TEXTS[lang];
    const unique = String(Date.now()).slice(-8);
    const phone = `9${unique}`;
    const company = `Nhà xe Thử ${lang.toUpperCase()} ${unique}`;
    await fillApplication(page, lang, {
      company,
      fullname: 'Lê Văn Cường',
      phone,
      email: `nhaxe-${lang}-${unique}@example.com`,
    });
    // No province yet: refused with the contract's message, what was typed kept.
    await page.getByRole('button', { name: t.submit }).click();
    await expect(page.getByText(t.provincesError)).toBeVisible();
    await expect(page.getByRole('textbox', { name: t.company })).toHaveValue(company);
    const leadId = await sendApplication(page, lang, company);

    // The operator approves it with the operator token.
    await approveApplication(page.request, leadId);

    // The owner opens the link sent by SMS (on this server's origin), sets a password and lands in the console.
    const link = await setPasswordFromSms(page, lang, `0${phone}`, 'nhaxe123');
    await expect(page.getByText(company)).toBeVisible();

    // The owner adds a dispatcher, who is sent a link of their own.
    const dispatcherPhone = `8${unique}`;
    await addStaff(page, lang, 'Trần Điều Phối', dispatcherPhone, 'dispatcher');
    const dispatcherLink = await waitForSms(`0${dispatcherPhone}`, /#token=/);
    if (lang === 'en') {
      // The dispatcher lost it: the owner sends a new one from the list.
      await page.getByRole('button', { name: 'Send a new link to Trần Điều Phối' }).click();
      await expect(page.getByText('A new link to set a password went to Trần Điều Phối')).toBeVisible();
      await expect.poll(() => waitForSms(`0${dispatcherPhone}`, /#token=/)).not.toBe(dispatcherLink);
    }

    // The owner's link was used once: opening it again says so.
    await page.goto(`${link.pathname}${link.hash}`);
    await page.getByLabel(t.password, { exact: true }).fill('nhaxe456');
    await page.getByLabel(t.rePassword, { exact: true }).fill('nhaxe456');
    await page.getByRole('button', { name: t.setSubmit }).click();
    await expect(page.getByText(t.used)).toBeVisible();
  });
}
