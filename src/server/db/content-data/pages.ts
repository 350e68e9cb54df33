// Seed text of the static pages, by the spec 9 ids plus our ids for jobs and about us. The privacy policy
// describes what the product really stores (docs/decisions.md: accounts, offline store, payments, messaging).
import { STATIC_PAGE_IDS, type StaticPageKey } from '../../../shared/contract/content';
import type { RouteName } from '../../../shared/domain/route-table';

export interface SeedStaticPage {
  id: number;
  key: StaticPageKey;
  routeName: RouteName;
  titleVi: string;
  titleEn: string;
  summaryVi: string;
  summaryEn: string;
  /** Block notation of ./blocks.ts. */
  bodyVi: string;
  bodyEn: string;
  updatedAt: string;
}

export const SEED_STATIC_PAGES: SeedStaticPage[] = [
  {
    id: STATIC_PAGE_IDS.complaints,
    key: 'complaints',
    routeName: 'complaints',
    updatedAt: '2026-09-01T00:00:00Z',
    titleVi: 'Chính sách khiếu nại và bồi thường',
    titleEn: 'Complaints and compensation policy',
    summaryVi: 'Cách gửi khiếu nại, thời gian phản hồi và các trường hợp Vivu hoàn tiền hoặc bồi thường.',
    summaryEn: 'How to complain, how fast we reply, and when Vivu refunds or compensates.',
    bodyVi: `## Gửi khiếu nại

Gọi tổng đài 1900 6022 hoặc gửi email hỗ trợ kèm mã vé trong vòng 7 ngày sau chuyến đi. Hãy mô tả sự việc, thời điểm và đính kèm ảnh nếu có. Chúng tôi xác nhận đã nhận khiếu nại trong ngày làm việc và trả lời kết quả trong vòng 2 ngày làm việc.

## Các trường hợp được hoàn tiền toàn bộ

- Xe không đến điểm đón và nhà xe không báo trước.
- Xe đến trễ hơn 15 phút so với giờ đón đã đặt (không tính trường hợp chuyến bay đến muộn đã được nhà xe theo dõi), và bạn chọn không đi.
- Nhà xe từ chối hoặc hủy chuyến.

Tiền đã thanh toán trực tuyến được hoàn về đúng thẻ hoặc ví đã dùng; số dư thành viên đã dùng được trả lại tài khoản.

## Bồi thường chi phí phát sinh

Nếu xe không đến và bạn phải tự thuê phương tiện khác để kịp chuyến bay, Vivu xem xét bồi thường phần chênh lệch hợp lý khi bạn gửi kèm hoá đơn hoặc biên nhận.

## Thất lạc đồ

Liên hệ tổng đài với mã vé; chúng tôi liên lạc nhà xe và tài xế để tìm và hẹn trả đồ. Chi phí gửi trả (nếu có) do hai bên thoả thuận.

## Thái độ phục vụ và an toàn

Mọi phản ánh về thái độ, cách lái xe hay tình trạng xe đều được chuyển cho nhà xe xử lý, và được tính vào điểm đánh giá của nhà xe trên bảng giá.`,
    bodyEn: `## Making a complaint

Call 1900 6022 or e-mail support with your ticket code within 7 days of the trip. Describe what happened and when, with photos if you have them. We confirm receipt the same working day and reply with the outcome within 2 working days.

## When you get a full refund

- The car did not come to the pickup and the company gave no notice.
- The car arrived more than 15 minutes after the booked pickup time (not counting a late flight the company was following) and you chose not to travel.
- The company declined or cancelled the trip.

Money paid online goes back to the card or wallet you used; any member balance used returns to your account.

## Extra costs

If the car did not come and you had to take other transport to make your flight, Vivu will consider covering the reasonable difference when you send the receipt.

## Lost property

Call the hotline with your ticket code; we contact the company and the driver to find the item and arrange its return. Any delivery cost is agreed between you and the company.

## Service and safety

Every report about behaviour, driving or the state of the car is passed to the company, and counts towards its rating on the price list.`,
  },
  {
    id: STATIC_PAGE_IDS.corporateCustomer,
    key: 'corporateCustomer',
    routeName: 'corporate-customer',
    updatedAt: '2026-08-20T00:00:00Z',
    titleVi: 'Khách hàng doanh nghiệp',
    titleEn: 'Corporate customers',
    summaryVi: 'Đặt xe cho nhân viên và khách của công ty, thanh toán theo công nợ, có hoá đơn VAT.',
    summaryEn: 'Book rides for your staff and guests, pay on account, with VAT invoices.',
    bodyVi: `Vivu giúp doanh nghiệp đặt xe đưa đón sân bay, công tác tỉnh và thuê xe theo giờ cho nhân viên, đối tác và khách mời, với giá của nhiều nhà xe trên cùng một bảng giá.

## Doanh nghiệp nhận được gì

- Đặt xe theo hình thức công nợ: nạp tiền trước vào tài khoản doanh nghiệp và trừ dần theo từng chuyến.
- Hoá đơn VAT cho từng chuyến, ghi đúng tên công ty và mã số thuế.
- Đặt hộ người đi: nhập tên và số điện thoại người đi, tài xế liên lạc trực tiếp với họ.
- Một đầu mối hỗ trợ qua tổng đài 1900 6022.

## Cách bắt đầu

Đăng ký tại trang đối tác kinh doanh với tên công ty, mã số thuế và người liên hệ. Thông tin đăng nhập được gửi qua email trong vòng 15 phút; sau đó bạn nạp tiền vào tài khoản và đặt chuyến đầu tiên.`,
    bodyEn: `Vivu helps companies book airport transfers, business trips between provinces and hourly hire for their staff, partners and guests, with many companies’ prices on one price list.

## What you get

- Booking on account: top up your company account in advance and each ride is deducted from it.
- A VAT invoice for every ride with your company name and tax code.
- Booking for someone else: enter the traveller’s name and phone number and the driver contacts them directly.
- One point of contact on 1900 6022.

## Getting started

Register on the business partner page with your company name, tax code and a contact person. Your login is sent by e-mail within 15 minutes; then top up your account and book your first ride.`,
  },
  {
    id: STATIC_PAGE_IDS.privacyPolicy,
    key: 'privacyPolicy',
    routeName: 'privacy-policy',
    updatedAt: '2026-10-01T00:00:00Z',
    titleVi: 'Chính sách quyền riêng tư',
    titleEn: 'Privacy policy',
    summaryVi: 'Vivu thu thập dữ liệu gì, để làm gì, lưu ở đâu và bạn có những quyền gì.',
    summaryEn: 'What Vivu collects, why, where it is kept and what rights you have.',
    bodyVi: `## Dữ liệu chúng tôi thu thập

- Khi đặt xe: họ tên, số điện thoại, email (nếu bạn nhập), điểm đón, điểm đến, giờ đón, số chuyến bay và ghi chú, thông tin xuất hoá đơn nếu bạn yêu cầu.
- Khi có tài khoản: số điện thoại dùng làm tên đăng nhập và mật khẩu. Mật khẩu chỉ được lưu dưới dạng băm (argon2id), không ai đọc được.
- Khi thanh toán trực tuyến: kết quả giao dịch và số tiền. Số thẻ được nhập trên trang của cổng thanh toán; Vivu không nhận và không lưu dữ liệu thẻ.
- Khi bạn bật thông báo: địa chỉ nhận thông báo của trình duyệt cho vé đó.

## Dùng để làm gì

Để nhà xe và tài xế thực hiện chuyến đi, gửi mã vé và thông báo về chuyến, xử lý thanh toán, hoàn tiền và khiếu nại. Chúng tôi chỉ gửi cho nhà xe những thông tin cần cho chuyến đi của bạn.

## Tin nhắn SMS và email

Mã OTP 4 chữ số được gửi qua SMS để xác minh số điện thoại và đặt lại mật khẩu; mã chỉ dùng được một lần và hết hạn sau khoảng 3 phút. Email được gửi khi đặt vé hoặc hủy vé nếu bạn đã nhập email.

## Dữ liệu trên thiết bị của bạn

Vé đã đặt, thông tin người dùng và bảng giá gần nhất được lưu trên thiết bị để xem khi mất mạng. Dữ liệu này được mã hoá (AES-GCM) bằng khoá tạo riêng trên thiết bị, hết hạn sau 7 ngày (vé được giữ đến khi chuyến kết thúc) và bị xoá khi bạn đăng xuất.

## Thống kê

Nếu trang có bật công cụ đo lường, chúng tôi ghi nhận lượt xem trang (đường dẫn, ngôn ngữ), không gửi tên, số điện thoại hay email.

## Quyền của bạn

Bạn có thể yêu cầu xem, sửa hoặc xoá dữ liệu của mình bằng cách gọi 1900 6022 hoặc gửi email hỗ trợ. Dữ liệu vé được giữ trong thời gian pháp luật về kế toán và hoá đơn yêu cầu.`,
    bodyEn: `## What we collect

- When you book: your name, phone number, e-mail (if given), pickup, destination, pickup time, flight number and notes, and invoice details if you ask for an invoice.
- With an account: your phone number as the login and your password. The password is stored only as a hash (argon2id) that nobody can read.
- When you pay online: the result of the transaction and the amount. You enter your card number on the payment gateway’s page; Vivu never receives or stores card data.
- When you turn on notifications: your browser’s push address for that ticket.

## What we use it for

To let the company and driver carry out your trip, send your ticket code and trip updates, handle payment, refunds and complaints. Companies receive only what they need for your trip.

## SMS and e-mail

A 4-digit code is sent by SMS to verify your phone number and to reset your password; it works once and expires after about 3 minutes. E-mails are sent when you book or cancel, if you gave an e-mail address.

## Data on your device

Your booked tickets, user details and recent price lists are kept on your device so you can see them offline. They are encrypted (AES-GCM) with a key created on the device, expire after 7 days (tickets are kept until the trip is over) and are removed when you log out.

## Statistics

If the site’s analytics tool is turned on, we record page views (path and language); names, phone numbers and e-mails are never sent.

## Your rights

You can ask to see, correct or delete your data by calling 1900 6022 or e-mailing support. Ticket records are kept for as long as accounting and invoicing law requires.`,
  },
  {
    id: STATIC_PAGE_IDS.transportPolicy,
    key: 'transportPolicy',
    routeName: 'transport-policy',
    updatedAt: '2026-08-01T00:00:00Z',
    titleVi: 'Chính sách vận chuyển',
    titleEn: 'Transport policy',
    summaryVi: 'Quy định về giờ đón, thời gian chờ, hành lý, trẻ em và vật nuôi trên các chuyến đặt qua Vivu.',
    summaryEn: 'Rules on pickup times, waiting, luggage, children and pets for rides booked through Vivu.',
    bodyVi: `Các chuyến xe đặt qua Vivu do các nhà xe đối tác có giấy phép kinh doanh vận tải thực hiện. Vivu là nền tảng kết nối và hỗ trợ hành khách trong suốt chuyến đi.

## Giờ đón và thời gian chờ

- Tài xế có mặt tại điểm đón đúng giờ đã đặt và gọi cho bạn khi đến.
- Đón tại nhà, khách sạn: tài xế chờ miễn phí 15 phút.
- Đón sân bay: tài xế theo dõi giờ hạ cánh theo số hiệu chuyến bay và chờ miễn phí 45 phút kể từ khi máy bay hạ cánh.
- Chờ lâu hơn, nhà xe có thể tính phí chờ theo bảng giá của mình và báo trước cho bạn.

## Hành lý

Giá xe đã bao gồm hành lý thông thường: xe 4 chỗ cốp rộng khoảng 2 vali lớn, xe 7 chỗ khoảng 3–4 vali lớn. Hàng cồng kềnh, xe đạp, ván lướt sóng cần ghi chú khi đặt.

## Trẻ em và vật nuôi

Trẻ em được tính như một hành khách. Nếu cần ghế trẻ em, hãy ghi vào phần ghi chú để nhà xe chuẩn bị nếu có. Vật nuôi nhỏ trong lồng được chấp nhận khi bạn ghi chú trước và nhà xe đồng ý.

## Phí cầu đường và phụ phí

Giá trên bảng giá đã gồm phụ phí đón đêm và phí điểm dừng thêm. Phí cầu đường ước tính được hiển thị riêng khi đặt; đón biển tên và VAT được cộng ở bước thanh toán.

## An toàn

Hành khách thắt dây an toàn trong suốt chuyến đi. Tài xế có quyền từ chối chở hàng cấm hoặc hành khách có hành vi gây mất an toàn.`,
    bodyEn: `Rides booked through Vivu are carried out by licensed partner transport companies. Vivu connects you with them and supports you throughout the trip.

## Pickup time and waiting

- The driver is at the pickup at the booked time and calls you on arrival.
- Pickups at homes and hotels: the driver waits 15 minutes free of charge.
- Airport pickups: the driver follows your flight number and waits 45 minutes free from landing.
- Beyond that, the company may charge waiting time at its own rates and will tell you first.

## Luggage

The fare includes normal luggage: about 2 large suitcases in a 4-seat car with a large boot and 3–4 in a 7-seater. Bulky items, bicycles and surfboards must be mentioned in the booking note.

## Children and pets

Children count as passengers. If you need a child seat, say so in the note so the company can prepare one if available. Small pets in a carrier are accepted when noted in advance and agreed by the company.

## Tolls and surcharges

Prices on the price list include any night surcharge and the extra-stop fee. An estimated toll is shown separately when booking; name-board pickup and VAT are added at the payment step.

## Safety

Passengers wear seat belts for the whole trip. Drivers may refuse prohibited goods or passengers who put the trip’s safety at risk.`,
  },
  {
    id: STATIC_PAGE_IDS.userGuide,
    key: 'userGuide',
    routeName: 'instructions-for-use',
    updatedAt: '2026-10-15T00:00:00Z',
    titleVi: 'Hướng dẫn sử dụng',
    titleEn: 'User guide',
    summaryVi: 'Tìm xe, đặt vé, thanh toán, tra cứu và hủy vé trên Vivu, từng bước.',
    summaryEn: 'Searching, booking, paying, looking up and cancelling tickets on Vivu, step by step.',
    bodyVi: `## 1. Tìm xe

Ở trang chủ, chọn thẻ Sân bay hoặc Đi tỉnh, nhập điểm đón và điểm đến (gõ từ 2 ký tự để hiện gợi ý), chọn ngày giờ đón và số hành khách, rồi bấm Tìm xe. Với thuê xe theo giờ, chọn thẻ Theo giờ, nhập điểm đón, giờ đón và số giờ.

## 2. Chọn xe trên bảng giá

Lọc theo loại xe, đi riêng hay đi chung, hạng dịch vụ, và sắp xếp theo giá hoặc đánh giá. Mỗi lựa chọn hiện tên nhà xe, điểm đánh giá và giá trọn gói.

## 3. Nhập thông tin và xác nhận

Nhập họ tên, số điện thoại, email (không bắt buộc), số hiệu chuyến bay nếu đón sân bay, mã khuyến mãi nếu có, chọn hình thức thanh toán và xuất hoá đơn nếu cần. Kiểm tra lại trong hộp xác nhận rồi bấm Đặt xe.

## 4. Sau khi đặt

Bạn nhận mã vé (bắt đầu bằng VV). Trang đặt xe thành công cho phép xem chi tiết vé, bật thông báo và đặt nhanh chuyến về.

## 5. Tra cứu và hủy vé

Bấm Tra cứu vé trong menu, nhập mã vé và số điện thoại hoặc email đã đặt. Từ trang chi tiết vé bạn có thể hủy vé khi vé còn đang chờ và chưa đến giờ đón.

## 6. Cài Vivu lên điện thoại

Trên trình duyệt điện thoại, chọn "Thêm vào màn hình chính" để mở Vivu như một ứng dụng và xem vé đã lưu cả khi không có mạng.`,
    bodyEn: `## 1. Search

On the home page choose the Airport or Inter-province tab, enter the pickup and destination (type 2 characters for suggestions), choose the pickup date, time and passengers, then press Search. For hourly hire, choose the Hourly tab and enter the pickup, the time and the number of hours.

## 2. Choose a car on the price list

Filter by vehicle type, private or shared, service class, and sort by price or rating. Each option shows the company, its rating and the all-in price.

## 3. Enter your details and confirm

Enter your name, phone number, e-mail (optional), flight number for airport pickups, a promotion code if you have one, choose how to pay and whether you need an invoice. Check everything in the confirmation box and press Book.

## 4. After booking

You get a ticket code (starting with VV). The success page lets you see the ticket, turn on notifications and quickly book the return trip.

## 5. Look up and cancel a ticket

Choose Search ticket in the menu and enter the ticket code with the phone number or e-mail you booked with. From the ticket page you can cancel while the ticket is pending and before the pickup time.

## 6. Install Vivu on your phone

In your phone’s browser choose "Add to Home Screen" to open Vivu like an app and see saved tickets even offline.`,
  },
  {
    id: STATIC_PAGE_IDS.jobs,
    key: 'jobs',
    routeName: 'jobs',
    updatedAt: '2026-11-02T00:00:00Z',
    titleVi: 'Tuyển dụng',
    titleEn: 'Careers',
    summaryVi: 'Cùng Vivu làm cho mỗi chuyến xe đơn giản và đáng tin hơn.',
    summaryEn: 'Help Vivu make every ride simpler and more reliable.',
    bodyVi: `Vivu là đội ngũ nhỏ ở Hà Nội và TP.HCM, làm việc cùng hàng chục nhà xe đối tác trên khắp cả nước. Chúng tôi đang tìm đồng đội cho các vị trí dưới đây.

## Nhân viên chăm sóc khách hàng (ca xoay, Hà Nội)

- Trả lời tổng đài 1900 6022, hỗ trợ hành khách đặt xe, đổi giờ, hủy vé.
- Phối hợp với nhà xe khi có sự cố trên chuyến đi.
- Yêu cầu: giao tiếp tốt tiếng Việt, tiếng Anh giao tiếp là lợi thế; chấp nhận làm ca tối theo lịch.

## Chuyên viên phát triển đối tác vận chuyển (TP.HCM)

- Tìm và ký kết nhà xe mới ở các tỉnh phía Nam, hỗ trợ nhà xe đưa bảng giá lên Vivu.
- Theo dõi chất lượng dịch vụ và điểm đánh giá của nhà xe.
- Yêu cầu: từ 1 năm kinh nghiệm bán hàng B2B hoặc trong ngành vận tải, du lịch.

## Kỹ sư phần mềm (Hà Nội hoặc làm từ xa)

- Phát triển trang đặt xe và hệ thống giá (TypeScript, React, PostgreSQL).
- Yêu cầu: viết mã có kiểm thử, quan tâm đến hiệu năng trên điện thoại và khả năng truy cập.

## Cách ứng tuyển

Gửi CV và vài dòng giới thiệu về bạn qua email tuyển dụng của Vivu, ghi rõ vị trí ở tiêu đề. Chúng tôi phản hồi mọi hồ sơ trong vòng 5 ngày làm việc.`,
    bodyEn: `Vivu is a small team in Hà Nội and Ho Chi Minh City, working with dozens of partner transport companies across the country. We are looking for people for the roles below.

## Customer care agent (shifts, Hà Nội)

- Answer the 1900 6022 hotline and help passengers book, change times and cancel.
- Work with companies when something goes wrong on a trip.
- Requirements: clear spoken Vietnamese; conversational English is a plus; willing to work evening shifts on a rota.

## Transport partner development (Ho Chi Minh City)

- Find and sign new transport companies in the southern provinces and help them publish their fares on Vivu.
- Follow partners’ service quality and ratings.
- Requirements: at least 1 year of B2B sales or experience in transport or travel.

## Software engineer (Hà Nội or remote)

- Build the booking site and the pricing system (TypeScript, React, PostgreSQL).
- Requirements: you write tested code and care about performance on phones and accessibility.

## How to apply

Send your CV and a few lines about yourself to Vivu’s recruitment e-mail, with the role in the subject. We answer every application within 5 working days.`,
  },
  {
    id: STATIC_PAGE_IDS.aboutUs,
    key: 'aboutUs',
    routeName: 'about-us',
    updatedAt: '2026-09-15T00:00:00Z',
    titleVi: 'Về Vivu',
    titleEn: 'About Vivu',
    summaryVi: 'Vivu kết nối hành khách với các nhà xe uy tín cho chuyến đưa đón sân bay, đi tỉnh và du lịch.',
    summaryEn: 'Vivu connects passengers with trusted transport companies for airport, long-distance and holiday rides.',
    bodyVi: `Vivu ra đời từ một trải nghiệm quen thuộc: hạ cánh lúc nửa đêm, mệt mỏi, và không biết chuyến xe về nhà sẽ tốn bao nhiêu. Chúng tôi muốn mỗi chuyến xe được biết giá trước, có người chịu trách nhiệm và có người hỗ trợ khi cần.

## Chúng tôi làm gì

- Bảng giá minh bạch từ nhiều nhà xe cho cùng một tuyến, để bạn so sánh và chọn.
- Xe riêng, đi chung, thuê theo giờ và xe đoàn theo yêu cầu.
- Hỗ trợ qua tổng đài 1900 6022 trước, trong và sau chuyến đi.

## Cách chúng tôi chọn nhà xe

Mỗi nhà xe đối tác có giấy phép kinh doanh vận tải và được hành khách đánh giá sau mỗi chuyến. Điểm đánh giá hiện trên bảng giá, và phản ánh của hành khách được chuyển thẳng cho nhà xe.

## Giá trị của chúng tôi

- Rõ ràng: giá trọn gói hiện trước khi đặt.
- Đúng giờ: theo dõi chuyến bay, nhắc tài xế, báo cho bạn khi xe đến.
- Tôn trọng dữ liệu: chỉ thu thập những gì cần cho chuyến đi.`,
    bodyEn: `Vivu began with a familiar experience: landing at midnight, tired, with no idea what the ride home would cost. We want every ride to have a known price, someone responsible for it and someone to help when needed.

## What we do

- Transparent prices from several companies for the same route, so you can compare and choose.
- Private cars, shared rides, hourly hire and coaches on request.
- Support on 1900 6022 before, during and after your trip.

## How we choose companies

Every partner company holds a transport licence and is rated by passengers after each trip. The rating is shown on the price list, and passengers’ feedback goes straight to the company.

## What we stand for

- Clarity: the all-in price is shown before you book.
- Punctuality: we follow flights, remind drivers and tell you when the car arrives.
- Respect for your data: we collect only what the trip needs.`,
  },
];
