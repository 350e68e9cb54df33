// Seed text of the news (press) section: Vivu's own announcements of 2026, in both languages. They are
// published by Vivu's newsroom (source), not attributed to outside newspapers.
import type { SeedPost } from './blog';

const SOURCE = 'Vivu';
const NEWSROOM = { vi: 'Phòng truyền thông Vivu', en: 'Vivu press office' };

export const SEED_NEWS: SeedPost[] = [
  {
    key: 'launch-bilingual-site',
    category: null,
    featured: false,
    publishedAt: '2026-01-06T03:00:00Z',
    author: NEWSROOM,
    source: SOURCE,
    vi: {
      slug: 'vivu-ra-mat-trang-dat-xe-song-ngu',
      title: 'Vivu ra mắt trang đặt xe đưa đón sân bay và đường dài song ngữ Việt – Anh',
      summary:
        'Hành khách so sánh giá của nhiều nhà xe, đặt xe riêng hoặc đi chung và thanh toán tiền mặt hay trực tuyến, bằng tiếng Việt hoặc tiếng Anh.',
      body: `Hà Nội, tháng 1/2026 – Vivu chính thức mở trang đặt xe trực tuyến cho các chuyến đưa đón sân bay, đi tỉnh, du lịch và thuê xe theo giờ có tài xế.

Chỉ với điểm đón, điểm đến và giờ đi, hành khách xem ngay bảng giá trọn gói của các nhà xe đối tác theo từng loại xe, chọn xe riêng hoặc đi chung, rồi đặt vé trong ba bước: chọn giá, nhập thông tin và xác nhận.

## Điểm chính

- Giao diện tiếng Việt và tiếng Anh, dành cho cả du khách quốc tế.
- Giá hiển thị trước khi đặt, đã gồm phụ phí đón đêm nếu có.
- Tra cứu vé bằng mã vé kèm số điện thoại hoặc email, không cần tài khoản.
- Tổng đài hỗ trợ 1900 6022.

> "Chúng tôi muốn việc đặt một chuyến xe ra sân bay đơn giản như đặt vé máy bay: biết giá trước, biết ai chở mình và có người hỗ trợ khi cần", đại diện Vivu chia sẻ.`,
    },
    en: {
      slug: 'vivu-launches-bilingual-booking-site',
      title: 'Vivu launches a bilingual Vietnamese–English site for airport and long-distance rides',
      summary:
        'Passengers compare prices from several transport companies, book a private or shared ride and pay in cash or online, in Vietnamese or English.',
      body: `Hà Nội, January 2026 – Vivu has opened its online booking site for airport transfers, trips between provinces, sightseeing and hourly car hire with a driver.

With just a pickup point, a destination and a time, passengers see every partner company’s all-in price per vehicle type, choose a private or shared ride and book in three steps: pick a price, enter details and confirm.

## Highlights

- Vietnamese and English, for international visitors too.
- Prices shown before booking, night surcharges included where they apply.
- Ticket lookup with the ticket code and a phone number or e-mail, no account needed.
- Support hotline 1900 6022.

> "We want booking a ride to the airport to be as simple as booking the flight: you know the price first, you know who is driving you and there is someone to help when you need it," said a Vivu representative.`,
    },
  },
  {
    key: 'shared-airport-rides',
    category: null,
    featured: false,
    publishedAt: '2026-03-02T03:00:00Z',
    author: NEWSROOM,
    source: SOURCE,
    vi: {
      slug: 'vivu-mo-dich-vu-di-chung-xe-san-bay-noi-bai-tan-son-nhat',
      title: 'Vivu mở dịch vụ đi chung xe sân bay tại Nội Bài và Tân Sơn Nhất',
      summary:
        'Hành khách đi một mình có thể đặt từng ghế trên các chuyến đưa đón sân bay Nội Bài và Tân Sơn Nhất, đặt trước tối thiểu 3 tiếng.',
      body: `TP.HCM, tháng 3/2026 – Từ tháng này, bảng giá Vivu cho các tuyến giữa sân bay Nội Bài, Tân Sơn Nhất và khu trung tâm có thêm lựa chọn đi chung: hành khách trả tiền theo ghế, nhà xe ghép các khách cùng hướng.

Một ghế đi chung rẻ hơn ít nhất 40% so với thuê cả xe riêng cùng loại của cùng nhà xe. Để kịp ghép chuyến, vé đi chung cần đặt trước giờ đón ít nhất 3 tiếng; số ghế còn trống hiển thị trên từng lựa chọn.

## Vì sao đi chung?

- Tiết kiệm cho người đi một mình hoặc hai người.
- Ít xe chạy với ghế trống hơn trên các tuyến sân bay đông đúc.

Dịch vụ đi chung cũng có trên một số tuyến đường dài giữa các tỉnh, thành.`,
    },
    en: {
      slug: 'vivu-opens-shared-airport-rides-noi-bai-tan-son-nhat',
      title: 'Vivu opens shared airport rides at Nội Bài and Tân Sơn Nhất',
      summary:
        'Solo travellers can now book single seats on transfers to and from Nội Bài and Tân Sơn Nhất airports, at least 3 hours ahead.',
      body: `Ho Chi Minh City, March 2026 – From this month, Vivu’s price list for routes between Nội Bài or Tân Sơn Nhất airport and the city centres includes a shared option: passengers pay per seat and the company groups travellers going the same way.

A shared seat is at least 40% cheaper than hiring the same company’s car of the same type privately. To allow time for grouping, shared tickets must be booked at least 3 hours before pickup; the seats left are shown on each option.

## Why share?

- Lower fares for people travelling alone or in pairs.
- Fewer cars with empty seats on busy airport routes.

Shared rides are also offered on some long-distance routes between provinces.`,
    },
  },
  {
    key: 'new-airports',
    category: null,
    featured: false,
    publishedAt: '2026-05-18T03:00:00Z',
    author: NEWSROOM,
    source: SOURCE,
    vi: {
      slug: 'vivu-phuc-vu-them-san-bay-phu-quoc-cam-ranh-lien-khuong',
      title: 'Vivu phục vụ thêm đưa đón sân bay Phú Quốc, Cam Ranh và Liên Khương',
      summary:
        'Cùng với Nội Bài, Tân Sơn Nhất và Đà Nẵng, hành khách đến ba điểm du lịch biển và cao nguyên có thể đặt xe trước khi bay.',
      body: `Đà Nẵng, tháng 5/2026 – Vivu mở rộng dịch vụ đưa đón tới sân bay Phú Quốc (An Giang), Cam Ranh (Khánh Hòa) và Liên Khương (Lâm Đồng), trước mùa du lịch hè.

Hành khách có thể đặt xe từ sân bay về khách sạn ở Dương Đông, Bãi Trường, Nha Trang hay trung tâm Đà Lạt và ngược lại, với giá trọn gói hiển thị trước từ các nhà xe địa phương.

## Trang thông tin từng sân bay

Mỗi sân bay có một trang riêng trên Vivu với thời gian di chuyển tham khảo, bảng giá theo loại xe và mẫu đặt xe đã điền sẵn tuyến phổ biến nhất.

- Phú Quốc: sân bay – Dương Đông, Bãi Trường, An Thới.
- Cam Ranh: sân bay – Nha Trang, bán đảo Cam Ranh.
- Liên Khương: sân bay – trung tâm Đà Lạt.`,
    },
    en: {
      slug: 'vivu-adds-phu-quoc-cam-ranh-lien-khuong-airports',
      title: 'Vivu adds transfers at Phú Quốc, Cam Ranh and Liên Khương airports',
      summary:
        'Alongside Nội Bài, Tân Sơn Nhất and Đà Nẵng, travellers to three beach and highland destinations can now book their car before they fly.',
      body: `Đà Nẵng, May 2026 – Vivu has extended its transfers to Phú Quốc (An Giang), Cam Ranh (Khánh Hòa) and Liên Khương (Lâm Đồng) airports ahead of the summer season.

Passengers can book from the airport to hotels in Dương Đông, Long Beach, Nha Trang or central Đà Lạt and back, with all-in prices from local transport companies shown up front.

## A page for each airport

Each airport has its own page on Vivu with typical travel times, fares by vehicle type and a booking form prefilled with its most popular route.

- Phú Quốc: airport – Dương Đông, Long Beach, An Thới.
- Cam Ranh: airport – Nha Trang, the Cam Ranh peninsula.
- Liên Khương: airport – central Đà Lạt.`,
    },
  },
  {
    key: 'online-payments',
    category: null,
    featured: false,
    publishedAt: '2026-07-01T03:00:00Z',
    author: NEWSROOM,
    source: SOURCE,
    vi: {
      slug: 'vivu-them-thanh-toan-the-va-vi-dien-tu',
      title: 'Vivu thêm thanh toán bằng thẻ và ví điện tử',
      summary:
        'Ngoài trả tiền mặt cho tài xế, hành khách có thể thanh toán trực tuyến bằng thẻ qua cổng thanh toán hoặc qua ví điện tử quốc tế.',
      body: `Hà Nội, tháng 7/2026 – Vivu bổ sung thanh toán trực tuyến cho các chuyến đặt trước, bên cạnh hình thức trả tiền mặt sau chuyến đi.

## Các hình thức thanh toán

- Tiền mặt: trả cho tài xế khi kết thúc chuyến.
- Thẻ ngân hàng: thanh toán qua cổng thanh toán, Vivu không lưu số thẻ.
- Ví điện tử quốc tế: phí xử lý 5% được hiển thị trước khi xác nhận.

Phiên thanh toán trực tuyến kéo dài 5 phút; nếu quá thời gian, hành khách có thể thử lại hoặc đổi sang hình thức khác. Vé đã thanh toán trực tuyến mà được hủy đúng quy định sẽ được hoàn tiền về đúng phương thức đã dùng.`,
    },
    en: {
      slug: 'vivu-adds-card-and-e-wallet-payments',
      title: 'Vivu adds card and e-wallet payments',
      summary:
        'Besides paying the driver in cash, passengers can now pay online by card through a payment gateway or with an international e-wallet.',
      body: `Hà Nội, July 2026 – Vivu has added online payment for booked rides, alongside paying in cash after the trip.

## Ways to pay

- Cash: pay the driver at the end of the ride.
- Bank card: paid through a payment gateway; Vivu never stores card numbers.
- International e-wallet: a 5% processing fee, shown before you confirm.

An online payment session lasts 5 minutes; if it runs out, passengers can retry or switch to another method. A ticket paid online and cancelled under the cancellation rules is refunded to the method used.`,
    },
  },
  {
    key: 'partner-program',
    category: null,
    featured: false,
    publishedAt: '2026-08-20T03:00:00Z',
    author: NEWSROOM,
    source: SOURCE,
    vi: {
      slug: 'vivu-mo-chuong-trinh-doi-tac-kinh-doanh',
      title: 'Vivu mở chương trình đối tác kinh doanh và đối tác vận chuyển',
      summary:
        'Khách sạn, đại lý du lịch và doanh nghiệp vận tải có thể đăng ký làm đối tác của Vivu để đặt xe cho khách hoặc nhận chuyến.',
      body: `TP.HCM, tháng 8/2026 – Vivu mở đăng ký cho hai nhóm đối tác: đối tác kinh doanh (khách sạn, đại lý du lịch, doanh nghiệp đặt xe cho khách và nhân viên) và đối tác vận chuyển (nhà xe, hãng taxi, doanh nghiệp cho thuê xe).

## Đối tác kinh doanh

Đối tác được hưởng hoa hồng 20% trên các chuyến đặt qua mình, có thể đặt xe theo hình thức công nợ và nạp tiền vào tài khoản. Sau khi đăng ký, đối tác nhận thông tin đăng nhập qua email trong vòng 15 phút.

## Đối tác vận chuyển

Nhà xe đưa bảng giá của mình lên Vivu, nhận chuyến trên bảng điều khiển dành cho đối tác, tự phân công tài xế và xe. Đăng ký tại mục Đối tác trên trang Vivu.`,
    },
    en: {
      slug: 'vivu-opens-business-partner-programme',
      title: 'Vivu opens its business and transport partner programmes',
      summary:
        'Hotels, travel agents and transport companies can sign up as Vivu partners to book rides for their guests or to take bookings.',
      body: `Ho Chi Minh City, August 2026 – Vivu has opened sign-ups for two kinds of partner: business partners (hotels, travel agents and companies booking rides for guests and staff) and transport partners (car companies, taxi firms and rental companies).

## Business partners

Partners earn a 20% commission on rides booked through them, can book on credit and top up their account. After registering, a partner receives its login details by e-mail within 15 minutes.

## Transport partners

Companies publish their fares on Vivu, receive bookings in the partner console and assign their own drivers and cars. Sign up under Partners on the Vivu site.`,
    },
  },
  {
    key: 'offline-app',
    category: null,
    featured: false,
    publishedAt: '2026-10-09T03:00:00Z',
    author: NEWSROOM,
    source: SOURCE,
    vi: {
      slug: 'vivu-cai-dat-len-man-hinh-chinh-xem-ve-khi-mat-mang',
      title: 'Cài Vivu lên màn hình chính, xem vé cả khi mất mạng',
      summary:
        'Trang Vivu nay có thể cài như một ứng dụng trên điện thoại; vé đã đặt được lưu mã hoá trên máy để xem khi không có mạng, và có thông báo khi tài xế đến.',
      body: `Hà Nội, tháng 10/2026 – Trang đặt xe Vivu được nâng cấp thành ứng dụng web có thể cài lên màn hình chính của điện thoại, không cần tải từ kho ứng dụng.

## Có gì mới

- Xem lại vé đã đặt khi mất mạng, ví dụ khi vừa hạ cánh chưa có sóng: vé được lưu trên máy, mã hoá.
- Nhận thông báo khi nhà xe nhận chuyến, khi tài xế được phân công và khi tài xế đến điểm đón (bật từ trang chi tiết vé).
- Khi đăng xuất, dữ liệu cá nhân lưu trên máy được xoá.

Thông báo chỉ được bật khi hành khách bấm chọn, không bao giờ tự hỏi khi vừa mở trang.`,
    },
    en: {
      slug: 'install-vivu-and-see-tickets-offline',
      title: 'Install Vivu on your home screen and see your tickets offline',
      summary:
        'Vivu can now be installed like an app on your phone; booked tickets are kept encrypted on the device for offline viewing, with notifications when the driver arrives.',
      body: `Hà Nội, October 2026 – Vivu’s booking site is now a web app that can be installed on your phone’s home screen, with no app store download.

## What’s new

- See your booked tickets without a connection, for example just after landing: tickets are stored on the device, encrypted.
- Get notified when the company accepts, when a driver is assigned and when the driver reaches the pickup (turned on from the ticket page).
- Logging out removes the personal data kept on the device.

Notifications are only turned on when the passenger chooses to; the site never asks as soon as it opens.`,
    },
  },
];
