// A complaint from the complaints policy page on a phone (vi): sent empty, every field says what it needs in
// Vietnamese and the focus goes to the first; a bad ticket code is refused while the rest stays typed; sent, the page
// shows the complaint's number and the day its answer is due, and the acknowledgement with the same number is in the
// mail outbox.
import { expect, test } from './fixtures';
import { mailTexts } from './outbox';

test('a passenger sends a complaint about a late car and gets its number and the day of the answer (vi)', async ({
  page,
}, testInfo) => {
  await page.goto('/boi-thuong');
  await expect(page.getByRole('heading', { level: 1, name: 'Chính sách khiếu nại và bồi thường' })).toBeVisible();
  const form = page.getByRole('region', { name: 'Gửi khiếu nại' });
  // The form is in the server's HTML before its script has loaded: a press then would be the browser's own submit.
  await page.waitForFunction(() => {
    const button = document.querySelector('.complaint-form button[type="submit"]');
    return button !== null && Object.keys(button).some((key) => key.startsWith('__reactProps'));
  });
  await form.getByRole('button', { name: 'Gửi khiếu nại', exact: true }).click();
  await expect(form.getByLabel('Họ và tên', { exact: true })).toBeFocused();
  await expect(form.getByText('Trường này không được để trống')).toHaveCount(3);
  await expect(form.getByText('Vui lòng chọn khiếu nại về việc gì')).toBeVisible();

  const email = `ha.pham.${Date.now()}@example.com`;
  const description = 'Xe đến đón trễ 40 phút ở sân bay Nội Bài, tài xế không gọi báo trước.';
  await form.getByLabel('Họ và tên', { exact: true }).fill('Phạm Thu Hà');
  await form.getByLabel('Số điện thoại', { exact: true }).fill('0912345680');
  await form.getByLabel('E-mail (không bắt buộc)', { exact: true }).fill(email);
  await form.getByLabel('Mã vé (nếu có)', { exact: true }).fill('VV-AB23');
  await form.getByRole('radio', { name: 'Xe đến trễ' }).check();
  await form.getByLabel('Mô tả sự việc', { exact: true }).fill(description);
  await form.getByRole('button', { name: 'Gửi khiếu nại', exact: true }).click();
  await expect(form.getByText('Mã vé chỉ gồm chữ và số, ví dụ VVAB23CD')).toBeVisible();
  await expect(form.getByLabel('Mã vé (nếu có)', { exact: true })).toBeFocused();
  await expect(form.getByLabel('Mô tả sự việc', { exact: true })).toHaveValue(description);
  await page.screenshot({ path: testInfo.outputPath('complaint-refused-vi.png'), fullPage: true });

  await form.getByLabel('Mã vé (nếu có)', { exact: true }).fill('vvab23cd');
  await form.getByRole('button', { name: 'Gửi khiếu nại', exact: true }).click();
  const sent = form.getByRole('status');
  await expect(sent.getByRole('heading', { name: /^Đã nhận khiếu nại KN\d{6}$/ })).toBeFocused();
  const reference = /KN\d{6}/.exec((await sent.getByRole('heading').textContent()) ?? '')![0];
  await expect(sent).toContainText(/Chúng tôi sẽ trả lời kết quả trước hết ngày \d{1,2}\/\d{1,2}\/\d{4}\./);
  await expect(sent).toContainText(`Xác nhận đang được gửi tới ${email}.`);
  await page.screenshot({ path: testInfo.outputPath('complaint-sent-vi.png'), fullPage: true });
  await expect.poll(async () => (await mailTexts(email, reference)).length, { timeout: 10_000 }).toBe(1);

  // Another complaint starts from an empty form.
  await sent.getByRole('button', { name: 'Gửi khiếu nại khác' }).click();
  await expect(form.getByLabel('Mô tả sự việc', { exact: true })).toHaveValue('');
});
