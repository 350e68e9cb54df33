// Seed text of the FAQ: four categories, answers consistent with the product's rules (docs/decisions.md:
// booking, payments, cancellation and refunds, accounts).

export const SEED_FAQ_CATEGORIES = [
  { key: 'booking', sort: 10, nameVi: 'Đặt xe', nameEn: 'Booking' },
  { key: 'payment', sort: 20, nameVi: 'Thanh toán', nameEn: 'Payment' },
  { key: 'cancellation', sort: 30, nameVi: 'Hủy chuyến và hoàn tiền', nameEn: 'Cancellation and refunds' },
  { key: 'account', sort: 40, nameVi: 'Tài khoản', nameEn: 'Account' },
] as const;

export interface SeedFaq {
  id: number;
  category: (typeof SEED_FAQ_CATEGORIES)[number]['key'];
  sort: number;
  questionVi: string;
  questionEn: string;
  /** Block notation of ./blocks.ts. */
  answerVi: string;
  answerEn: string;
}

export const SEED_FAQ: SeedFaq[] = [
  {
    id: 1,
    category: 'booking',
    sort: 10,
    questionVi: 'Đặt xe trên Vivu gồm những bước nào?',
    questionEn: 'How do I book a ride on Vivu?',
    answerVi: `Nhập điểm đón, điểm đến và giờ đón rồi bấm tìm xe. Bảng giá hiện các lựa chọn của nhà xe theo loại xe; bạn chọn một lựa chọn, nhập họ tên, số điện thoại, hình thức thanh toán, rồi xác nhận. Mã vé được gửi ngay trên màn hình và qua email nếu bạn nhập email.`,
    answerEn: `Enter the pickup, the destination and the pickup time, then search. The price list shows each company’s options by vehicle type; choose one, enter your name, phone number and payment method, then confirm. Your ticket code appears on screen at once, and by e-mail if you gave one.`,
  },
  {
    id: 2,
    category: 'booking',
    sort: 20,
    questionVi: 'Tôi cần đặt trước bao lâu?',
    questionEn: 'How far ahead do I need to book?',
    answerVi: `Xe riêng có thể đặt cho bất kỳ giờ đón nào sau thời điểm hiện tại, theo bước 15 phút. Đi chung cần đặt trước ít nhất 3 tiếng. Vé đặt trong khoảng 22:00–6:00 cần nhà xe xác nhận, thường trong vài phút.`,
    answerEn: `A private car can be booked for any pickup time from now on, in 15-minute steps. Shared rides need at least 3 hours’ notice. Tickets booked between 22:00 and 6:00 wait for the company to confirm, usually within a few minutes.`,
  },
  {
    id: 3,
    category: 'booking',
    sort: 30,
    questionVi: 'Có thể thêm điểm đón hoặc điểm trả không?',
    questionEn: 'Can I add another pickup or drop-off point?',
    answerVi: `Có, mỗi chuyến được thêm một điểm đón hoặc một điểm trả. Phí điểm thêm đã nằm trong giá hiển thị trên bảng giá. Một chuyến chở tối đa 16 hành khách; đoàn đông hơn, hãy gửi yêu cầu đặc biệt để được báo giá xe 29, 35 hoặc 45 chỗ trong vòng 48 giờ.`,
    answerEn: `Yes, one extra pickup or one extra drop-off per trip. The fee for it is already in the price on the price list. A booking takes up to 16 passengers; for larger groups, send a special request and we reply within 48 hours with a quote for a 29, 35 or 45-seat coach.`,
  },
  {
    id: 4,
    category: 'payment',
    sort: 10,
    questionVi: 'Tôi có thể thanh toán bằng những cách nào?',
    questionEn: 'How can I pay?',
    answerVi: `- Tiền mặt cho tài xế sau chuyến đi.
- Thẻ ngân hàng, thanh toán trực tuyến qua cổng thanh toán.
- Ví điện tử quốc tế, kèm phí xử lý 5%.

Thuê xe theo giờ thanh toán trực tiếp với nhà xe.`,
    answerEn: `- Cash to the driver after the trip.
- Bank card, paid online through a payment gateway.
- An international e-wallet, with a 5% processing fee.

Hourly hire is paid directly to the company.`,
  },
  {
    id: 5,
    category: 'payment',
    sort: 20,
    questionVi: 'Vivu có lưu thông tin thẻ của tôi không?',
    questionEn: 'Does Vivu keep my card details?',
    answerVi: `Không. Số thẻ được nhập trên trang của cổng thanh toán; Vivu chỉ nhận kết quả giao dịch (thành công hay không) và số tiền.`,
    answerEn: `No. You enter your card number on the payment gateway’s page; Vivu only receives the result of the transaction (paid or not) and the amount.`,
  },
  {
    id: 6,
    category: 'payment',
    sort: 30,
    questionVi: 'Tôi cần hoá đơn VAT thì làm thế nào?',
    questionEn: 'How do I get a VAT invoice?',
    answerVi: `Ở bước nhập thông tin, chọn xuất hoá đơn và điền tên công ty, mã số thuế, địa chỉ. Thuế VAT (mặc định 10%) được cộng vào tổng tiền trước khi bạn xác nhận.`,
    answerEn: `On the details step, ask for an invoice and enter the company name, tax code and address. VAT (10% by default) is added to the total before you confirm.`,
  },
  {
    id: 7,
    category: 'cancellation',
    sort: 10,
    questionVi: 'Tôi có thể hủy vé không?',
    questionEn: 'Can I cancel my ticket?',
    answerVi: `Có, khi vé còn đang chờ và chưa đến giờ đón. Mở vé bằng mã vé kèm số điện thoại hoặc email đã đặt (hoặc từ tài khoản), bấm hủy vé và xác nhận. Chuyến đã bắt đầu hoặc đã qua giờ đón thì không hủy trực tuyến được; hãy gọi 1900 6022.`,
    answerEn: `Yes, while the ticket is still pending and before the pickup time. Open the ticket with its code and the phone number or e-mail you booked with (or from your account), press cancel and confirm. A trip that has started or whose pickup time has passed cannot be cancelled online; call 1900 6022.`,
  },
  {
    id: 8,
    category: 'cancellation',
    sort: 20,
    questionVi: 'Tôi đã thanh toán trực tuyến, hủy vé thì được hoàn tiền thế nào?',
    questionEn: 'I paid online. How am I refunded if I cancel?',
    answerVi: `Khi hủy một vé đã thanh toán trực tuyến, khoản hoàn tiền bằng đúng số tiền đã trả được ghi nhận ngay lúc hủy, và số tiền này được hiện trong hộp xác nhận trước khi bạn bấm hủy. Bộ phận tài chính hoàn về đúng thẻ hoặc ví đã dùng; thời gian tiền về tài khoản tuỳ ngân hàng hoặc ví.`,
    answerEn: `When you cancel a ticket paid online, a refund of the full amount paid is recorded at the moment of cancelling, and the confirmation box shows the amount before you press cancel. Our finance team returns it to the card or wallet you used; how long it takes to show depends on your bank or wallet.`,
  },
  {
    id: 9,
    category: 'cancellation',
    sort: 30,
    questionVi: 'Nhà xe hủy chuyến của tôi thì sao?',
    questionEn: 'What if the company cancels my trip?',
    answerVi: `Nếu nhà xe từ chối chuyến, vé được hủy và bạn nhận thông báo (nếu đã bật). Tiền đã thanh toán trực tuyến được hoàn như khi bạn tự hủy, và số dư thành viên đã dùng được trả lại tài khoản. Bạn có thể đặt lại ngay với nhà xe khác trên bảng giá.`,
    answerEn: `If the company declines the trip, the ticket is cancelled and you are notified (if notifications are on). Money paid online is refunded as when you cancel yourself, and any member balance used goes back to your account. You can rebook at once with another company from the price list.`,
  },
  {
    id: 10,
    category: 'account',
    sort: 10,
    questionVi: 'Tôi có cần tài khoản để đặt xe không?',
    questionEn: 'Do I need an account to book?',
    answerVi: `Không. Bạn có thể đặt xe và tra cứu vé bằng mã vé kèm số điện thoại hoặc email. Tài khoản giúp xem lịch sử chuyến đi, dùng số dư thành viên và mã giới thiệu, và điền sẵn thông tin khi đặt.`,
    answerEn: `No. You can book and look up tickets with the ticket code and your phone number or e-mail. An account keeps your trip history, lets you use member balance and a referral code, and fills in your details when you book.`,
  },
  {
    id: 11,
    category: 'account',
    sort: 20,
    questionVi: 'Đăng ký tài khoản như thế nào?',
    questionEn: 'How do I sign up?',
    answerVi: `Nhập số điện thoại và mật khẩu (6–30 ký tự gồm chữ, số hoặc !@#$%^&*). Vivu gửi mã OTP 4 chữ số qua SMS, có hiệu lực khoảng 3 phút; nhập mã để kích hoạt tài khoản. Nếu không nhận được, bạn có thể gửi lại mã khi hết thời gian đếm ngược.`,
    answerEn: `Enter your phone number and a password (6–30 letters, digits or !@#$%^&*). Vivu sends a 4-digit code by SMS, valid for about 3 minutes; enter it to activate the account. If it does not arrive, you can ask for a new code when the countdown ends.`,
  },
  {
    id: 12,
    category: 'account',
    sort: 30,
    questionVi: 'Tôi quên mật khẩu thì làm sao?',
    questionEn: 'I forgot my password. What should I do?',
    answerVi: `Chọn "Quên mật khẩu" ở hộp đăng nhập, nhập số điện thoại, nhập mã OTP nhận qua SMS rồi đặt mật khẩu mới. Khi đổi mật khẩu, mọi phiên đăng nhập cũ trên các thiết bị khác đều bị đăng xuất.`,
    answerEn: `Choose "Forgot password" in the sign-in box, enter your phone number, then the code you receive by SMS, and set a new password. Changing the password signs out every other session on other devices.`,
  },
  {
    id: 13,
    category: 'account',
    sort: 40,
    questionVi: 'Số dư thành viên dùng thế nào?',
    questionEn: 'How does the member balance work?',
    answerVi: `Số dư thành viên được trừ vào giá vé khi bạn đặt lúc đã đăng nhập, từ 10.000đ trở lên. Nếu vé bị hủy, số dư đã dùng được trả lại.`,
    answerEn: `Member balance is taken off the fare when you book while signed in, from 10,000 VND upwards. If the ticket is cancelled, the balance used is returned.`,
  },
];
