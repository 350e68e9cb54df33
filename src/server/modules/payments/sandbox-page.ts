// The built-in sandbox gateway's pages, in both languages (the gateway is not part of the app, so its few texts
// live here rather than in the app's locale files). Plain HTML forms: the CSP allows no inline script or style.
import { TOP_UP_REF_PREFIX } from '../../../shared/contract/business';
import { PAYMENT_PATHS, SANDBOX_TEST_CARD } from '../../../shared/contract/payments';
import type { Lang } from '../../../shared/domain/route-table';
import { formatVnd } from '../../../shared/domain/money';
import { formatVnDateTime } from '../../../shared/domain/vn-time';
import type { SandboxOrder } from '../../adapters/payments/sandbox';

type Text = { vi: string; en: string };

const TEXT = {
  sandboxTitle: { vi: 'Cổng thanh toán thử nghiệm', en: 'Test payment gateway' },
  paypalTitle: { vi: 'Thanh toán kiểu PayPal (thử nghiệm)', en: 'PayPal-style payment (test)' },
  notice: {
    vi: 'Đây là cổng thử nghiệm: không có tiền thật nào được chuyển.',
    en: 'This is a test gateway: no real money moves.',
  },
  ticketCode: { vi: 'Mã vé', en: 'Ticket code' },
  topUpRef: { vi: 'Mã nạp tín dụng', en: 'Credit top-up reference' },
  amount: { vi: 'Số tiền', en: 'Amount' },
  expires: { vi: 'Hết hạn lúc', en: 'Expires at' },
  card: { vi: 'Số thẻ', en: 'Card number' },
  cardHint: {
    vi: `Thẻ thử nghiệm ${SANDBOX_TEST_CARD} được chấp nhận; mọi số khác bị từ chối.`,
    en: `The test card ${SANDBOX_TEST_CARD} is accepted; any other number is declined.`,
  },
  choices: { vi: 'Bạn muốn làm gì?', en: 'What would you like to do?' },
  pay: { vi: 'Thanh toán bằng thẻ thử nghiệm', en: 'Pay with the test card' },
  decline: { vi: 'Từ chối thanh toán', en: 'Decline the payment' },
  abandon: { vi: 'Quay lại, không thanh toán', en: 'Go back without paying' },
  invalidTitle: { vi: 'Liên kết thanh toán không hợp lệ', en: 'Invalid payment link' },
  invalidBody: {
    vi: 'Liên kết này đã bị sửa đổi hoặc không đầy đủ. Vui lòng quay lại trang đặt xe.',
    en: 'This link was altered or is incomplete. Please go back to the booking page.',
  },
  // spec 8: 'Payment timed out' / 'Payment session timed out. Do you want to retry?'
  expiredTitle: { vi: 'Hết thời gian thanh toán', en: 'Payment timed out' },
  expiredBody: {
    vi: 'Phiên thanh toán đã hết hạn. Bạn có muốn thử lại không?',
    en: 'Payment session timed out. Do you want to retry?',
  },
  // spec 8: 'Lost connection'.
  lostTitle: { vi: 'Mất kết nối', en: 'Lost connection' },
  lostBody: {
    vi: 'Cổng thanh toán trực tuyến đang gặp sự cố. Vui lòng thử lại sau hoặc chọn phương thức khác.',
    en: 'The online payment gateway is not responding. Please try again later or choose another method.',
  },
  back: { vi: 'Quay lại trang đặt xe', en: 'Back to the booking' },
} satisfies Record<string, Text>;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);
}

/** The page's language first, the other after it, each marked with its language for screen readers. */
function both(text: Text, lang: Lang): string {
  const other: Lang = lang === 'vi' ? 'en' : 'vi';
  return `<span lang="${lang}">${escapeHtml(text[lang])}</span> <span lang="${other}" class="alt">${escapeHtml(text[other])}</span>`;
}

function document(lang: Lang, title: Text, body: string): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title[lang])} · ${escapeHtml(title[lang === 'vi' ? 'en' : 'vi'])}</title>
<link rel="stylesheet" href="${PAYMENT_PATHS.sandboxStyle}">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
</head>
<body>
<main>
<h1>${both(title, lang)}</h1>
${body}
</main>
</body>
</html>`;
}

function titleOf(order: Pick<SandboxOrder, 'gateway'>): Text {
  return order.gateway === 'paypal_sandbox' ? TEXT.paypalTitle : TEXT.sandboxTitle;
}

/** The payment page: the order, the test card pre-filled and three choices, each a submit button of one form. */
export function paymentPage(order: SandboxOrder, signed: Record<string, string>): string {
  const lang = order.locale;
  // Only the gateway's signed fields travel on; anything else in the link is dropped.
  const hidden = Object.entries(signed)
    .filter(([name]) => name.startsWith('sb_'))
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  return document(
    lang,
    titleOf(order),
    `<p class="notice">${both(TEXT.notice, lang)}</p>
<dl>
<dt>${both(order.ticketCode.startsWith(TOP_UP_REF_PREFIX) ? TEXT.topUpRef : TEXT.ticketCode, lang)}</dt><dd>${escapeHtml(order.ticketCode)}</dd>
<dt>${both(TEXT.amount, lang)}</dt><dd class="amount">${escapeHtml(formatVnd(order.amount))}</dd>
<dt>${both(TEXT.expires, lang)}</dt><dd><time datetime="${order.expiresAt.toISOString()}">${escapeHtml(formatVnDateTime(order.expiresAt))}</time></dd>
</dl>
<form method="post" action="${PAYMENT_PATHS.sandboxPay}">
${hidden}
<label for="card-number">${both(TEXT.card, lang)}</label>
<input id="card-number" name="card_number" type="text" inputmode="numeric" autocomplete="cc-number" value="${escapeHtml(SANDBOX_TEST_CARD)}" aria-describedby="card-hint">
<p id="card-hint" class="hint">${both(TEXT.cardHint, lang)}</p>
<fieldset>
<legend>${both(TEXT.choices, lang)}</legend>
<button type="submit" name="choice" value="pay" class="primary">${both(TEXT.pay, lang)}</button>
<button type="submit" name="choice" value="decline">${both(TEXT.decline, lang)}</button>
<button type="submit" name="choice" value="abandon">${both(TEXT.abandon, lang)}</button>
</fieldset>
</form>`,
  );
}

export type MessagePage = 'invalid' | 'expired' | 'lost';

/** A page that explains why there is nothing to pay here, with a way back when one is known. */
export function messagePage(kind: MessagePage, lang: Lang, back?: string, order?: Pick<SandboxOrder, 'gateway'>): string {
  const [title, body] =
    kind === 'invalid'
      ? [TEXT.invalidTitle, TEXT.invalidBody]
      : kind === 'expired'
        ? [TEXT.expiredTitle, TEXT.expiredBody]
        : [TEXT.lostTitle, TEXT.lostBody];
  const link = back ? `\n<p><a href="${escapeHtml(back)}">${both(TEXT.back, lang)}</a></p>` : '';
  return document(
    lang,
    order ? titleOf(order) : TEXT.sandboxTitle,
    `<h2 role="alert">${both(title, lang)}</h2>\n<p>${both(body, lang)}</p>${link}`,
  );
}

/** The pages' stylesheet (served from this server: style-src 'self'). */
export const SANDBOX_CSS = `body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;background:#f4f6f8}
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.75rem;box-shadow:0 1px 4px rgba(0,0,0,.12)}
h1{font-size:1.35rem;margin:0 0 1rem}h2{font-size:1.15rem}
.alt{display:block;font-size:.85em;color:#555}
.notice{padding:.5rem .75rem;background:#fff7e0;border-left:4px solid #e0a400}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0}
.amount{font-size:1.25rem;font-weight:700}
label{display:block;font-weight:600;margin-top:1rem}
input[type=text]{width:100%;box-sizing:border-box;padding:.6rem;font-size:1.1rem;border:1px solid #888;border-radius:.4rem}
.hint{font-size:.9rem;color:#444}
fieldset{border:0;padding:0;margin:1rem 0 0;display:grid;gap:.6rem}legend{font-weight:600;margin-bottom:.5rem}
button{padding:.75rem;font-size:1rem;border-radius:.4rem;border:1px solid #555;background:#fff;cursor:pointer;text-align:left}
button.primary{background:#0b5cad;border-color:#0b5cad;color:#fff}button.primary .alt{color:#dde9f7}
button:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #e0a400;outline-offset:2px}
`;
