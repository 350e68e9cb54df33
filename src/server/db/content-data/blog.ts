// Seed text of the blog: practical guides for Vivu's passengers in Vietnamese and English. Fares are not
// written into the text (they change); the landing pages show live fares from the pricing engine.

export interface PostText {
  slug: string;
  title: string;
  summary: string;
  /** Body in the compact block notation of ./blocks.ts. */
  body: string;
}

export interface SeedPost {
  key: string;
  category: string | null;
  featured: boolean;
  publishedAt: string;
  /** The author as each language's page names it. */
  author: { vi: string; en: string };
  source: string;
  vi: PostText;
  en: PostText;
}

export const SEED_BLOG_CATEGORIES = [
  {
    key: 'airport',
    sort: 10,
    slugVi: 'di-san-bay',
    slugEn: 'airport-transfers',
    nameVi: 'Đi sân bay',
    nameEn: 'Airport transfers',
    descriptionVi: 'Kinh nghiệm đưa đón sân bay: nhà ga, thời gian di chuyển, điểm hẹn tài xế.',
    descriptionEn: 'Getting to and from the airport: terminals, travel times and where to meet your driver.',
  },
  {
    key: 'travel',
    sort: 20,
    slugVi: 'du-lich',
    slugEn: 'travel',
    nameVi: 'Du lịch',
    nameEn: 'Travel',
    descriptionVi: 'Gợi ý lộ trình bằng ô tô đến các điểm du lịch trong nước.',
    descriptionEn: 'Road-trip ideas for Vietnam’s favourite destinations.',
  },
  {
    key: 'tips',
    sort: 30,
    slugVi: 'meo-dat-xe',
    slugEn: 'booking-tips',
    nameVi: 'Mẹo đặt xe',
    nameEn: 'Booking tips',
    descriptionVi: 'Đặt xe đúng cách: đi chung, thuê theo giờ, đặt ban đêm, thanh toán.',
    descriptionEn: 'Booking the right ride: shared seats, hourly hire, night bookings, payment.',
  },
] as const;

const TEAM = { vi: 'Đội ngũ Vivu', en: 'The Vivu team' };

export const SEED_BLOG_POSTS: SeedPost[] = [
  {
    key: 'noi-bai-guide',
    category: 'airport',
    featured: true,
    publishedAt: '2026-01-12T02:00:00Z',
    author: TEAM,
    source: '',
    vi: {
      slug: 'kinh-nghiem-di-san-bay-noi-bai',
      title: 'Đi sân bay Nội Bài: thời gian, nhà ga và cách đặt xe',
      summary:
        'Từ phố cổ Hà Nội đến Nội Bài khoảng 30 km. Bài viết giúp bạn tính giờ xuất phát, chọn đúng nhà ga và đặt xe đưa đón không phải chờ.',
      body: `Sân bay quốc tế Nội Bài nằm ở phía bắc Hà Nội, cách khu phố cổ khoảng 30 km. Ngoài giờ cao điểm, xe đi theo đường Võ Nguyên Giáp qua cầu Nhật Tân mất khoảng 40–50 phút; giờ cao điểm buổi sáng và chiều muộn có thể hơn một tiếng.

## Nên xuất phát lúc nào?

- Chuyến bay nội địa: có mặt ở sân bay trước giờ bay ít nhất 90 phút.
- Chuyến bay quốc tế: có mặt trước ít nhất 2–3 tiếng.
- Cộng thêm 20–30 phút nếu bạn đi vào giờ cao điểm (7:00–9:00 và 16:30–19:00) hoặc khi trời mưa.

## Nhà ga T1 hay T2?

Nhà ga T1 phục vụ các chuyến bay nội địa, nhà ga T2 phục vụ các chuyến bay quốc tế. Hai nhà ga cách nhau vài phút đi xe, nên hãy kiểm tra nhà ga trên vé máy bay và ghi vào phần ghi chú khi đặt xe để tài xế đưa bạn đến đúng cửa.

## Đón ở sân bay

Khi đặt xe đón, hãy nhập số hiệu chuyến bay: nhà xe theo dõi giờ hạ cánh và điều chỉnh giờ đón nếu chuyến bay đến sớm hoặc muộn. Nếu bạn muốn tài xế cầm biển tên chờ ở cửa ra, chọn dịch vụ đón biển tên ở bước nhập thông tin (có phụ phí, hiển thị trước khi xác nhận).

> Mẹo: đặt xe trước ít nhất vài giờ để có nhiều lựa chọn nhà xe, và nếu muốn đi chung xe thì cần đặt trước tối thiểu 3 tiếng.

Giá từ các nhà xe được hiển thị trọn gói theo loại xe ngay trên bảng giá, trước khi bạn nhập thông tin. Bạn có thể trả tiền mặt cho tài xế hoặc thanh toán trực tuyến.`,
    },
    en: {
      slug: 'noi-bai-airport-transfer-guide',
      title: 'Getting to Nội Bài Airport: timing, terminals and booking a car',
      summary:
        'Nội Bài is about 30 km from Hà Nội’s Old Quarter. Here is how to time your departure, find the right terminal and book a transfer with no waiting.',
      body: `Nội Bài International Airport lies north of Hà Nội, about 30 km from the Old Quarter. Outside rush hour the drive along Võ Nguyên Giáp road over Nhật Tân bridge takes around 40–50 minutes; in the morning and late-afternoon peaks it can take more than an hour.

## When should you leave?

- Domestic flights: be at the airport at least 90 minutes before departure.
- International flights: be there at least 2–3 hours before.
- Add 20–30 minutes in rush hour (7:00–9:00 and 16:30–19:00) or when it rains.

## Terminal 1 or Terminal 2?

Terminal 1 handles domestic flights and Terminal 2 international ones. They are a few minutes apart by car, so check the terminal on your ticket and put it in the booking note so the driver takes you to the right door.

## Being picked up at the airport

When you book a pickup, enter your flight number: the transport company follows the landing time and adjusts the pickup if the flight is early or late. If you want the driver to wait at the exit with a name board, choose name-board pickup on the details step (it costs extra, shown before you confirm).

> Tip: book a few hours ahead to get more companies to choose from; shared rides need to be booked at least 3 hours in advance.

The price list shows each company’s all-in price per vehicle type before you enter any details. You can pay the driver in cash or pay online.`,
    },
  },
  {
    key: 'tan-son-nhat-terminals',
    category: 'airport',
    featured: true,
    publishedAt: '2026-02-03T02:00:00Z',
    author: TEAM,
    source: '',
    vi: {
      slug: 'don-tien-san-bay-tan-son-nhat-t1-t2-t3',
      title: 'Đón, tiễn ở Tân Sơn Nhất: chọn đúng nhà ga T1, T2, T3',
      summary:
        'Tân Sơn Nhất chỉ cách trung tâm TP.HCM khoảng 7 km nhưng đường vào sân bay thường đông. Biết trước nhà ga và điểm đón giúp bạn tiết kiệm nhiều thời gian.',
      body: `Sân bay quốc tế Tân Sơn Nhất nằm ngay trong nội đô TP.HCM, cách chợ Bến Thành khoảng 7 km. Quãng đường ngắn nhưng các tuyến Trường Sơn, Hoàng Văn Thụ, Cộng Hòa thường kẹt xe, nên thời gian đi có thể từ 25 phút đến hơn một tiếng.

## Ba nhà ga

- T1: chuyến bay nội địa.
- T2: chuyến bay quốc tế.
- T3: nhà ga nội địa mới, đưa vào khai thác từ năm 2025, lối vào từ phía đường Trần Quốc Hoàn.

Hãng bay có thể chuyển chuyến bay giữa T1 và T3, vì vậy hãy xem lại nhà ga trên vé hoặc ứng dụng của hãng vào ngày bay và ghi vào phần ghi chú khi đặt xe.

## Hẹn tài xế ở đâu?

Xe đưa đón không được dừng lâu trước sảnh đến. Sau khi lấy hành lý, hãy gọi cho tài xế theo số trên vé xe; tài xế sẽ hẹn bạn ở làn đón dành cho xe hợp đồng. Nếu chọn đón biển tên, tài xế chờ bạn ở cửa ra với biển có tên của bạn.

## Đi sớm bao lâu?

Với chuyến bay nội địa, nên rời nhà trước giờ bay khoảng 2 tiếng nếu ở quận trung tâm; chuyến quốc tế khoảng 3 tiếng. Đặt xe trước trên Vivu để giá được chốt trước, không phụ thuộc vào tình trạng kẹt xe.`,
    },
    en: {
      slug: 'tan-son-nhat-airport-terminals-t1-t2-t3',
      title: 'Tân Sơn Nhất pickups and drop-offs: the right terminal, T1, T2 or T3',
      summary:
        'Tân Sơn Nhất is only about 7 km from central Ho Chi Minh City, but the roads to it are often busy. Knowing your terminal and meeting point saves a lot of time.',
      body: `Tân Sơn Nhất International Airport sits inside Ho Chi Minh City, about 7 km from Bến Thành Market. The distance is short, but Trường Sơn, Hoàng Văn Thụ and Cộng Hòa streets are often jammed, so the ride can take anything from 25 minutes to over an hour.

## Three terminals

- T1: domestic flights.
- T2: international flights.
- T3: the new domestic terminal, open since 2025, entered from Trần Quốc Hoàn street.

Airlines can move flights between T1 and T3, so check the terminal on your ticket or in the airline’s app on the day and add it to the booking note.

## Where to meet your driver

Private cars cannot wait long in front of arrivals. Once you have your luggage, call the driver on the number in your ticket; they will meet you in the lane for booked cars. With name-board pickup the driver waits at the exit holding a board with your name.

## How early to leave

For a domestic flight, leave about 2 hours before departure from the central districts; for an international flight, about 3 hours. Booking ahead on Vivu fixes the price in advance, whatever the traffic.`,
    },
  },
  {
    key: 'night-booking',
    category: 'tips',
    featured: false,
    publishedAt: '2026-02-24T02:00:00Z',
    author: TEAM,
    source: '',
    vi: {
      slug: 'dat-xe-ban-dem-va-sang-som',
      title: 'Đặt xe ban đêm và chuyến bay sáng sớm: những điều cần biết',
      summary:
        'Đặt xe từ 22:00 đến 6:00 sáng, Vivu cần nhà xe xác nhận trước khi giữ chỗ. Đây là cách quy trình hoạt động và cách để chuyến sáng sớm luôn có xe.',
      body: `Nhiều chuyến bay giá tốt cất cánh lúc 5–6 giờ sáng, nghĩa là bạn cần xe lúc 3–4 giờ. Vivu vẫn nhận đặt xe 24/7, nhưng ban đêm quy trình có khác một chút.

## Đặt xe trong khung giờ đêm

Vé đặt trong khoảng 22:00–6:00 được gửi đến nhà xe để xác nhận, vì lúc này không phải nhà xe nào cũng có nhân viên trực. Màn hình sẽ hiện trạng thái "đang tìm tài xế" trong tối đa khoảng 3 phút. Nếu nhà xe từ chối hoặc không trả lời, vé được hủy tự động và bạn có thể chọn nhà xe khác ngay trên bảng giá.

## Phụ phí đón đêm

Một số nhà xe tính phụ phí cho giờ đón từ 22:00 đến 5:00. Phụ phí này đã nằm trong giá hiển thị trên bảng giá, không phát sinh thêm khi lên xe.

## Mẹo cho chuyến sáng sớm

- Đặt xe từ buổi chiều hoặc tối hôm trước, trước 22:00, để vé được xác nhận ngay.
- Ghi rõ số nhà, ngõ ngách và số điện thoại đang dùng để tài xế gọi khi đến.
- Bật thông báo cho vé trên trang chi tiết vé để biết khi nhà xe nhận chuyến và khi tài xế đến.

Cần hỗ trợ gấp lúc nửa đêm, bạn gọi tổng đài 1900 6022.`,
    },
    en: {
      slug: 'booking-at-night-and-early-flights',
      title: 'Booking at night and catching early flights: what to know',
      summary:
        'Between 22:00 and 6:00 a booking waits for the transport company to confirm it. Here is how that works, and how to make sure an early-morning ride is always there.',
      body: `Many good-value flights leave at 5 or 6 in the morning, so you need a car at 3 or 4. Vivu takes bookings around the clock, but at night the process is slightly different.

## Booking during the night window

A ticket booked between 22:00 and 6:00 goes to the transport company for confirmation, since not every company has staff on duty then. The screen shows "looking for a driver" for up to about 3 minutes. If the company declines or does not answer, the ticket is cancelled automatically and you can pick another company straight from the price list.

## Night surcharge

Some companies charge extra for pickups between 22:00 and 5:00. The surcharge is already in the price on the price list; nothing is added when you get in the car.

## Tips for early departures

- Book the afternoon or evening before, before 22:00, so the ticket is confirmed at once.
- Give the full house number, alley and a phone number you will have with you so the driver can call on arrival.
- Turn on notifications on the ticket page to know when the company accepts and when the driver arrives.

For urgent help in the middle of the night, call 1900 6022.`,
    },
  },
  {
    key: 'shared-rides',
    category: 'tips',
    featured: true,
    publishedAt: '2026-03-16T02:00:00Z',
    author: TEAM,
    source: '',
    vi: {
      slug: 'di-chung-xe-tiet-kiem-ma-van-dung-gio',
      title: 'Đi chung xe: tiết kiệm mà vẫn đúng giờ',
      summary:
        'Đi chung (ghép ghế) là trả tiền theo ghế thay vì cả xe. Bài viết giải thích khi nào có xe đi chung, giá tính thế nào và cần đặt trước bao lâu.',
      body: `Trên bảng giá, bên cạnh xe riêng bạn sẽ thấy lựa chọn "đi chung" ở một số tuyến. Với đi chung, bạn trả tiền cho số ghế mình dùng; nhà xe ghép các hành khách cùng hướng vào một chuyến.

## Đi chung có ở đâu?

- Các tuyến đưa đón sân bay trong vùng phục vụ của sân bay (ví dụ Nội Bài – nội thành Hà Nội, Tân Sơn Nhất – trung tâm TP.HCM).
- Một số tuyến đường dài phổ biến giữa hai tỉnh, thành.

## Giá tính thế nào?

Giá đi chung là giá mỗi ghế nhân với số hành khách. Trên Vivu, một ghế đi chung luôn rẻ hơn ít nhất 40% so với thuê cả xe riêng cùng loại của cùng nhà xe, nên người đi một mình hoặc hai người tiết kiệm được nhiều nhất.

## Cần lưu ý

- Phải đặt trước ít nhất 3 tiếng để nhà xe kịp ghép chuyến; nếu giờ đón quá gần, lựa chọn đi chung sẽ được ẩn.
- Xe có thể đón, trả thêm hành khách khác trên đường, nên hãy dự trù thêm thời gian.
- Số ghế còn lại hiển thị trên từng lựa chọn; nếu đoàn của bạn đông hơn, hãy chọn xe riêng.

> Đi chung cũng là cách đơn giản để giảm lượng xe chạy rỗng ghế trên đường.`,
    },
    en: {
      slug: 'shared-rides-save-money-arrive-on-time',
      title: 'Shared rides: pay less and still arrive on time',
      summary:
        'A shared ride means paying per seat instead of for the whole car. Here is when shared rides are offered, how they are priced and how far ahead to book.',
      body: `On some routes the price list shows a "shared" option next to private cars. With a shared ride you pay for the seats you use, and the company groups passengers going the same way into one trip.

## Where are shared rides offered?

- Airport transfers within an airport’s service zone (for example Nội Bài – central Hà Nội, Tân Sơn Nhất – central Ho Chi Minh City).
- Some popular long-distance routes between two provinces.

## How is the price worked out?

The price is the seat price times the number of passengers. On Vivu a shared seat is always at least 40% cheaper than hiring the same company’s car of the same type privately, so solo travellers and couples save the most.

## Good to know

- Book at least 3 hours ahead so the company can group the trip; when the pickup is too close, the shared option is hidden.
- The car may pick up or drop off other passengers on the way, so allow a little extra time.
- Each option shows the seats left; if your group is larger, choose a private car.

> Sharing is also a simple way to cut the number of cars driving around with empty seats.`,
    },
  },
  {
    key: 'lien-khuong-dalat',
    category: 'travel',
    featured: false,
    publishedAt: '2026-04-08T02:00:00Z',
    author: TEAM,
    source: '',
    vi: {
      slug: 'tu-san-bay-lien-khuong-vao-da-lat',
      title: 'Từ sân bay Liên Khương vào Đà Lạt: đường đi và thời gian',
      summary:
        'Sân bay Liên Khương cách trung tâm Đà Lạt khoảng 30 km. Đường cao tốc Liên Khương – Prenn và đèo Prenn đưa bạn lên thành phố trong khoảng 40–50 phút.',
      body: `Sân bay Liên Khương nằm ở xã Đức Trọng, Lâm Đồng. Từ sân bay, xe chạy theo cao tốc Liên Khương – Prenn rồi qua đèo Prenn để vào trung tâm Đà Lạt, tổng cộng khoảng 30 km.

## Mất bao lâu?

Thông thường 40–50 phút. Cuối tuần và dịp lễ, đoạn đèo Prenn và cửa ngõ thành phố có thể đông hơn, nên hãy cộng thêm 15–20 phút nếu bạn cần đến kịp giờ nhận phòng hoặc một cuộc hẹn.

## Chọn xe nào?

- Đi 1–3 người, ít hành lý: xe 4 chỗ cốp rộng là đủ.
- Gia đình có xe đẩy, vali lớn hoặc dụng cụ chơi golf: nên chọn xe 7 chỗ.
- Đoàn từ 8 người: xe 16 chỗ.

## Lưu ý thời tiết

Đà Lạt hay có sương mù vào sáng sớm và mưa chiều vào mùa mưa (khoảng tháng 5 đến tháng 10). Tài xế địa phương quen đường đèo, nhưng bạn nên để điện thoại mở để tài xế liên lạc nếu chuyến bay trễ.

Khi về lại sân bay, nhớ tính thời gian làm thủ tục: Liên Khương nhỏ nhưng quầy thủ tục có thể đông vào các chuyến bay chiều.`,
    },
    en: {
      slug: 'lien-khuong-airport-to-da-lat',
      title: 'From Liên Khương Airport to Đà Lạt: the road and the time it takes',
      summary:
        'Liên Khương Airport is about 30 km from central Đà Lạt. The Liên Khương – Prenn expressway and the Prenn pass get you into town in about 40–50 minutes.',
      body: `Liên Khương Airport is in Đức Trọng, Lâm Đồng province. From the airport, cars take the Liên Khương – Prenn expressway and then the Prenn pass into central Đà Lạt: about 30 km in all.

## How long does it take?

Usually 40–50 minutes. At weekends and on holidays the Prenn pass and the city entrance can be busier, so add 15–20 minutes if you need to make a check-in time or a meeting.

## Which vehicle?

- 1–3 people with light luggage: a 4-seat car with a large boot is enough.
- Families with a pushchair, big suitcases or golf bags: choose a 7-seater.
- Groups of eight or more: a 16-seat van.

## Weather

Đà Lạt often has fog early in the morning and afternoon rain in the rainy season (roughly May to October). Local drivers know the pass well, but keep your phone on so the driver can reach you if your flight is late.

On the way back, leave time for check-in: Liên Khương is small, but its counters can be busy before afternoon flights.`,
    },
  },
  {
    key: 'hanoi-halong-day',
    category: 'travel',
    featured: true,
    publishedAt: '2026-05-05T02:00:00Z',
    author: TEAM,
    source: '',
    vi: {
      slug: 'ha-noi-ha-long-bang-o-to-rieng',
      title: 'Hà Nội – Hạ Long bằng ô tô riêng: gợi ý lịch trình',
      summary:
        'Nhờ cao tốc, Hà Nội đi Hạ Long chỉ còn khoảng 2,5–3 tiếng. Gợi ý giờ xuất phát, điểm dừng và cách đặt xe hai chiều.',
      body: `Từ trung tâm Hà Nội đến Bãi Cháy (Hạ Long) khoảng 160 km. Đi theo cao tốc Hà Nội – Hải Phòng rồi Hải Phòng – Hạ Long, xe riêng mất khoảng 2,5–3 tiếng, tuỳ điểm đón và lượng xe lúc ra khỏi thành phố.

## Lịch trình gợi ý

- 6:30: xe đón tại khách sạn hoặc nhà riêng ở Hà Nội.
- Khoảng 8:00: nghỉ 15 phút tại trạm dừng nghỉ trên cao tốc.
- 9:30: đến Bãi Cháy hoặc cảng tàu Tuần Châu, kịp các chuyến tàu tham quan vịnh buổi sáng.
- Chiều: đặt chuyến về xuất phát sau khi tàu cập bến, thường từ 16:00 trở đi.

## Đặt xe hai chiều

Trên Vivu, mỗi chiều là một vé. Sau khi đặt chiều đi, trang đặt xe thành công có nút đặt nhanh chuyến về với điểm đón và điểm đến được đảo ngược sẵn; bạn chỉ cần chọn giờ.

## Có nên đi chung?

Tuyến Hà Nội – Quảng Ninh có xe đi chung ở một số nhà xe. Đi chung phù hợp với người đi một mình hoặc hai người, có thời gian linh hoạt. Nếu đi cùng trẻ nhỏ hoặc cần dừng dọc đường, xe riêng thoải mái hơn.`,
    },
    en: {
      slug: 'hanoi-to-ha-long-by-private-car',
      title: 'Hà Nội to Hạ Long by private car: a suggested plan',
      summary:
        'With the expressways, Hà Nội to Hạ Long now takes about 2.5–3 hours. When to leave, where to stop and how to book both ways.',
      body: `Central Hà Nội to Bãi Cháy (Hạ Long) is about 160 km. Via the Hà Nội – Hải Phòng and Hải Phòng – Hạ Long expressways a private car takes about 2.5–3 hours, depending on the pickup point and the traffic leaving the city.

## A suggested plan

- 6:30: pickup at your hotel or home in Hà Nội.
- Around 8:00: a 15-minute break at an expressway rest stop.
- 9:30: arrive at Bãi Cháy or Tuần Châu harbour in time for the morning bay cruises.
- Afternoon: book the return for after your boat docks, usually from 16:00.

## Booking both ways

On Vivu each direction is one ticket. After you book the outward trip, the success page offers a quick booking for the return with pickup and drop-off already swapped; you only choose the time.

## Shared or private?

Some companies offer shared rides between Hà Nội and Quảng Ninh. Sharing suits one or two travellers with flexible timing. With small children, or if you want to stop on the way, a private car is more comfortable.`,
    },
  },
  {
    key: 'phu-quoc-getting-around',
    category: 'travel',
    featured: false,
    publishedAt: '2026-06-10T02:00:00Z',
    author: TEAM,
    source: '',
    vi: {
      slug: 'di-chuyen-tu-san-bay-phu-quoc',
      title: 'Phú Quốc: từ sân bay đến Dương Đông, Bãi Trường và An Thới',
      summary:
        'Sân bay Phú Quốc nằm giữa đảo, nên đi đâu cũng không xa. Thời gian di chuyển đến các khu lưu trú chính và vài lưu ý khi đặt xe.',
      body: `Sân bay quốc tế Phú Quốc nằm ở phía tây nam đảo, giữa thị trấn Dương Đông ở phía bắc và An Thới ở phía nam. Phần lớn khách sạn, khu nghỉ dưỡng đều trong vòng 10–40 phút đi xe.

## Thời gian tham khảo

- Bãi Trường (Long Beach): khoảng 10–15 phút.
- Dương Đông, chợ đêm: khoảng 15–20 phút.
- An Thới, Bãi Sao, ga cáp treo Hòn Thơm: khoảng 25–35 phút.
- Bãi Dài, Gành Dầu ở phía bắc đảo: khoảng 40–50 phút.

## Lưu ý

- Nhiều khu nghỉ dưỡng có cổng kiểm soát: hãy ghi đúng tên khu nghỉ dưỡng và toà nhà để tài xế được vào tận sảnh.
- Mùa cao điểm (tháng 11 đến tháng 4) lượng khách đông, nên đặt xe đón trước khi bay.
- Mang theo nhiều đồ lặn, phao hoặc vali lớn thì chọn xe 7 chỗ.

Từ năm 2025 Phú Quốc là đặc khu thuộc tỉnh An Giang; địa chỉ mới của các phường, xã trên đảo đều tìm được trong ô tìm kiếm địa điểm của Vivu.`,
    },
    en: {
      slug: 'getting-around-from-phu-quoc-airport',
      title: 'Phú Quốc: from the airport to Dương Đông, Long Beach and An Thới',
      summary:
        'Phú Quốc’s airport is in the middle of the island, so nothing is far. Travel times to the main areas and a few tips for booking.',
      body: `Phú Quốc International Airport lies in the south-west of the island, between Dương Đông town in the north and An Thới in the south. Most hotels and resorts are 10–40 minutes away by car.

## Typical travel times

- Long Beach (Bãi Trường): about 10–15 minutes.
- Dương Đông and the night market: about 15–20 minutes.
- An Thới, Sao Beach, the Hòn Thơm cable car station: about 25–35 minutes.
- Bãi Dài and Gành Dầu in the north: about 40–50 minutes.

## Good to know

- Many resorts have a gate: give the exact resort and building name so the driver can come up to the lobby.
- In the high season (November to April) the island is busy, so book your pickup before you fly.
- Carrying diving gear, inflatables or large suitcases? Choose a 7-seater.

Since 2025 Phú Quốc is a special zone of An Giang province; the new ward and commune addresses on the island can all be found in Vivu’s place search.`,
    },
  },
  {
    key: 'hourly-hire',
    category: 'tips',
    featured: false,
    publishedAt: '2026-07-14T02:00:00Z',
    author: TEAM,
    source: '',
    vi: {
      slug: 'thue-xe-theo-gio-co-tai-xe',
      title: 'Thuê xe theo giờ có tài xế: khi nào nên chọn?',
      summary:
        'Thuê xe theo giờ hợp với lịch trình nhiều điểm dừng trong ngày. Cách chọn gói giờ, hiểu giới hạn km và phụ phí quá giờ.',
      body: `Đặt xe theo chuyến phù hợp khi bạn đi từ A đến B. Khi trong ngày bạn có nhiều điểm hẹn, đi tham quan hoặc đưa đón khách của công ty, thuê xe theo giờ thường tiện và rẻ hơn.

## Các gói có sẵn

Vivu có các gói 2, 4, 6, 8, 10 và 12 giờ, gói 1 ngày và nhiều ngày. Mỗi gói có giới hạn số km đi kèm; bảng giá hiển thị rõ giới hạn km, giá mỗi giờ thêm và mỗi km thêm của từng nhà xe.

## Chọn gói thế nào?

- Đi họp và gặp khách trong nội thành: gói 4 hoặc 6 giờ thường đủ.
- Tham quan trong ngày quanh một thành phố: gói 8–10 giờ.
- Đi tỉnh và quay về trong ngày: gói 12 giờ hoặc 1 ngày, chú ý giới hạn km.

## Thanh toán

Thuê xe theo giờ thanh toán trực tiếp với nhà xe sau chuyến đi. Nếu cần hoá đơn VAT, hãy chọn xuất hoá đơn khi đặt để giá hiển thị đã gồm thuế.`,
    },
    en: {
      slug: 'hourly-car-hire-with-driver',
      title: 'Hourly car hire with a driver: when is it the right choice?',
      summary:
        'Hourly hire suits a day with many stops. How to pick a package, and what the kilometre limit and overtime charges mean.',
      body: `Booking a single trip is right when you go from A to B. When your day has several meetings, sightseeing stops or guests to ferry around, hiring a car by the hour is usually easier and cheaper.

## Packages

Vivu offers 2, 4, 6, 8, 10 and 12-hour packages, a one-day package and several days. Each package includes a number of kilometres; the price list shows each company’s kilometre limit, price per extra hour and per extra kilometre.

## Which package?

- Meetings around the city: 4 or 6 hours is usually enough.
- A day of sightseeing around one city: 8–10 hours.
- A return trip to another province in a day: 12 hours or one day; watch the kilometre limit.

## Payment

Hourly hire is paid directly to the company after the trip. If you need a VAT invoice, ask for one when booking so the price shown includes the tax.`,
    },
  },
];
