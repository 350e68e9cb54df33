// Seed text of the landing pages: the five named airports, the generic airport page (Tân Sơn Nhất), long
// distance and travel routes. Each names a route by gazetteer place ids; its fares come from the pricing engine.
import type { LandingKind } from '../../../shared/contract/content';
import { BOOKING_TYPE } from '../../../shared/domain/trip-search';
import type { RouteName } from '../../../shared/domain/route-table';

export interface SeedLandingPage {
  key: string;
  kind: LandingKind;
  routeName: RouteName;
  sort: number;
  slugVi: string;
  slugEn: string;
  titleVi: string;
  titleEn: string;
  summaryVi: string;
  summaryEn: string;
  /** Block notation of ./blocks.ts. */
  bodyVi: string;
  bodyEn: string;
  pick: string;
  drop: string;
  dimensionId: number;
}

const AIRPORT = BOOKING_TYPE.airport;
const LONG = BOOKING_TYPE.interProvince;

export const SEED_LANDING_PAGES: SeedLandingPage[] = [
  {
    key: 'airport-noibai',
    kind: 'airport',
    routeName: 'airport-noibai',
    sort: 10,
    slugVi: 'taxi-noi-bai',
    slugEn: 'noi-bai-taxi',
    titleVi: 'Taxi, xe đưa đón sân bay Nội Bài',
    titleEn: 'Nội Bài Airport taxi and transfers',
    summaryVi:
      'Đặt xe Nội Bài – trung tâm Hà Nội với giá trọn gói của nhiều nhà xe, xe riêng hoặc đi chung, đón theo giờ hạ cánh.',
    summaryEn:
      'Book Nội Bài – central Hà Nội with all-in prices from several companies, private or shared, timed to your landing.',
    pick: 'airport:HAN',
    drop: 'ward:00070',
    dimensionId: AIRPORT,
    bodyVi: `Sân bay quốc tế Nội Bài cách khu phố cổ Hà Nội khoảng 30 km, đi mất 40–50 phút ngoài giờ cao điểm qua đường Võ Nguyên Giáp và cầu Nhật Tân.

## Vì sao đặt trước

- Giá trọn gói hiện trước, không lo tính cước theo đồng hồ khi kẹt xe.
- Tài xế theo dõi chuyến bay theo số hiệu bạn nhập, đón đúng lúc bạn ra.
- Đón biển tên ở cửa ra nhà ga T1 (quốc nội) hoặc T2 (quốc tế) nếu bạn chọn.

## Tuyến phổ biến

- Nội Bài – phố cổ, Hoàn Kiếm.
- Nội Bài – Mỹ Đình, Cầu Giấy.
- Nội Bài – Hạ Long, Ninh Bình, Hải Phòng.`,
    bodyEn: `Nội Bài International Airport is about 30 km from Hà Nội’s Old Quarter: 40–50 minutes outside rush hour via Võ Nguyên Giáp road and Nhật Tân bridge.

## Why book ahead

- An all-in price up front, no meter running in traffic.
- The driver follows the flight number you give and meets you when you come out.
- Name-board pickup at the exit of Terminal 1 (domestic) or Terminal 2 (international) if you choose it.

## Popular routes

- Nội Bài – Old Quarter, Hoàn Kiếm.
- Nội Bài – Mỹ Đình, Cầu Giấy.
- Nội Bài – Hạ Long, Ninh Bình, Hải Phòng.`,
  },
  {
    key: 'airport-lienkhuong',
    kind: 'airport',
    routeName: 'airport-lienkhuong',
    sort: 20,
    slugVi: 'taxi-lien-khuong',
    slugEn: 'lien-khuong-taxi',
    titleVi: 'Xe đưa đón sân bay Liên Khương – Đà Lạt',
    titleEn: 'Liên Khương Airport – Đà Lạt transfers',
    summaryVi: 'Từ sân bay Liên Khương vào trung tâm Đà Lạt khoảng 30 km, 40–50 phút qua cao tốc Liên Khương – Prenn.',
    summaryEn: 'Liên Khương Airport to central Đà Lạt is about 30 km, 40–50 minutes via the Liên Khương – Prenn expressway.',
    pick: 'airport:DLI',
    drop: 'place:P00039',
    dimensionId: AIRPORT,
    bodyVi: `Sân bay Liên Khương ở xã Đức Trọng, Lâm Đồng, là cửa ngõ hàng không của Đà Lạt.

## Đi như thế nào

Xe chạy theo cao tốc Liên Khương – Prenn rồi qua đèo Prenn vào thành phố. Tài xế địa phương quen đường đèo và thời tiết sương mù buổi sáng.

## Chọn xe

- Xe 4 chỗ cốp rộng cho 1–3 người.
- Xe 7 chỗ cho gia đình nhiều hành lý.
- Xe 16 chỗ cho đoàn.`,
    bodyEn: `Liên Khương Airport in Đức Trọng, Lâm Đồng, is Đà Lạt’s gateway by air.

## The way in

Cars take the Liên Khương – Prenn expressway and then the Prenn pass into the city. Local drivers know the pass and the morning fog well.

## Which vehicle

- A 4-seat car with a large boot for 1–3 people.
- A 7-seater for families with lots of luggage.
- A 16-seat van for groups.`,
  },
  {
    key: 'airport-phuquoc',
    kind: 'airport',
    routeName: 'airport-phuquoc',
    sort: 30,
    slugVi: 'taxi-phu-quoc',
    slugEn: 'phu-quoc-taxi',
    titleVi: 'Xe đưa đón sân bay Phú Quốc',
    titleEn: 'Phú Quốc Airport transfers',
    summaryVi: 'Sân bay Phú Quốc đến Dương Đông khoảng 15–20 phút, Bãi Trường 10–15 phút, An Thới 25–35 phút.',
    summaryEn: 'Phú Quốc Airport to Dương Đông takes about 15–20 minutes, Long Beach 10–15, An Thới 25–35.',
    pick: 'airport:PQC',
    drop: 'place:P00059',
    dimensionId: AIRPORT,
    bodyVi: `Sân bay quốc tế Phú Quốc nằm giữa đảo, nên các khu nghỉ dưỡng ở Bãi Trường, Dương Đông hay An Thới đều gần.

## Lưu ý khi đặt

- Ghi đúng tên khu nghỉ dưỡng và toà nhà để tài xế vào tận sảnh.
- Mùa cao điểm từ tháng 11 đến tháng 4: đặt xe trước khi bay.
- Nhiều đồ lặn hoặc vali lớn: chọn xe 7 chỗ.`,
    bodyEn: `Phú Quốc International Airport is in the middle of the island, so resorts at Long Beach, Dương Đông or An Thới are all close.

## When booking

- Give the exact resort and building name so the driver can reach the lobby.
- High season runs from November to April: book before you fly.
- Lots of diving gear or big suitcases: choose a 7-seater.`,
  },
  {
    key: 'airport-danang',
    kind: 'airport',
    routeName: 'airport-danang',
    sort: 40,
    slugVi: 'taxi-da-nang',
    slugEn: 'da-nang-taxi',
    titleVi: 'Xe đưa đón sân bay Đà Nẵng',
    titleEn: 'Đà Nẵng Airport transfers',
    summaryVi: 'Sân bay Đà Nẵng chỉ cách trung tâm Hải Châu khoảng 10 phút; đi Hội An khoảng 45 phút.',
    summaryEn: 'Đà Nẵng Airport is about 10 minutes from central Hải Châu and about 45 minutes from Hội An.',
    pick: 'airport:DAD',
    drop: 'ward:20242',
    dimensionId: AIRPORT,
    bodyVi: `Sân bay quốc tế Đà Nẵng nằm ngay trong thành phố. Nhà ga T1 phục vụ chuyến bay nội địa, T2 phục vụ chuyến bay quốc tế.

## Tuyến phổ biến

- Sân bay – trung tâm Hải Châu, cầu Rồng: khoảng 10 phút.
- Sân bay – bãi biển Mỹ Khê: khoảng 15 phút.
- Sân bay – phố cổ Hội An: khoảng 45 phút, khoảng 30 km.
- Sân bay – Bà Nà: khoảng 45–50 phút.`,
    bodyEn: `Đà Nẵng International Airport is right inside the city. Terminal 1 handles domestic flights and Terminal 2 international ones.

## Popular routes

- Airport – central Hải Châu, Dragon Bridge: about 10 minutes.
- Airport – Mỹ Khê beach: about 15 minutes.
- Airport – Hội An Ancient Town: about 45 minutes, about 30 km.
- Airport – Bà Nà Hills: about 45–50 minutes.`,
  },
  {
    key: 'airport-camranh',
    kind: 'airport',
    routeName: 'airport-camranh',
    sort: 50,
    slugVi: 'taxi-cam-ranh',
    slugEn: 'cam-ranh-taxi',
    titleVi: 'Xe đưa đón sân bay Cam Ranh – Nha Trang',
    titleEn: 'Cam Ranh Airport – Nha Trang transfers',
    summaryVi: 'Sân bay Cam Ranh cách trung tâm Nha Trang khoảng 35 km, 40–45 phút theo đường ven biển Nguyễn Tất Thành.',
    summaryEn: 'Cam Ranh Airport is about 35 km from central Nha Trang, 40–45 minutes along the coastal Nguyễn Tất Thành road.',
    pick: 'airport:CXR',
    drop: 'place:P00036',
    dimensionId: AIRPORT,
    bodyVi: `Sân bay quốc tế Cam Ranh nằm trên bán đảo Cam Ranh, phía nam Nha Trang. Đường ven biển Nguyễn Tất Thành đi qua nhiều khu nghỉ dưỡng trên bãi Dài.

## Tuyến phổ biến

- Sân bay – trung tâm Nha Trang: 40–45 phút.
- Sân bay – các khu nghỉ dưỡng bãi Dài: 10–20 phút.
- Sân bay – Đà Lạt: khoảng 3,5 tiếng qua đèo Khánh Lê.`,
    bodyEn: `Cam Ranh International Airport is on the Cam Ranh peninsula south of Nha Trang. The coastal Nguyễn Tất Thành road passes many resorts along Bãi Dài beach.

## Popular routes

- Airport – central Nha Trang: 40–45 minutes.
- Airport – Bãi Dài resorts: 10–20 minutes.
- Airport – Đà Lạt: about 3.5 hours over the Khánh Lê pass.`,
  },
  {
    key: 'airport',
    kind: 'airport',
    routeName: 'airport',
    sort: 60,
    slugVi: 'xe-dua-don-san-bay',
    slugEn: 'airport-transfers',
    titleVi: 'Xe đưa đón sân bay trên toàn quốc',
    titleEn: 'Airport transfers across Vietnam',
    summaryVi:
      'Đặt xe đưa đón tại các sân bay lớn: Tân Sơn Nhất, Nội Bài, Đà Nẵng, Cam Ranh, Phú Quốc, Liên Khương và nhiều sân bay khác.',
    summaryEn: 'Book transfers at the main airports: Tân Sơn Nhất, Nội Bài, Đà Nẵng, Cam Ranh, Phú Quốc, Liên Khương and more.',
    pick: 'airport:SGN',
    drop: 'ward:26743',
    dimensionId: AIRPORT,
    bodyVi: `Vivu nhận đặt xe đưa đón tại các sân bay trên cả nước. Giá các tuyến trong vùng phục vụ của sân bay là giá cố định theo khu vực; ngoài vùng, giá tính theo quãng đường và hiện ngay trên bảng giá.

## Ví dụ: Tân Sơn Nhất – trung tâm TP.HCM

Tân Sơn Nhất cách chợ Bến Thành khoảng 7 km nhưng đường vào sân bay thường đông; tính 30–60 phút tuỳ giờ. Nhà ga T1 và T3 phục vụ chuyến bay nội địa, T2 phục vụ chuyến bay quốc tế.

## Đặt xe sân bay cần gì

- Số hiệu chuyến bay để tài xế theo dõi giờ hạ cánh.
- Nhà ga, nếu bạn biết trước.
- Số điện thoại dùng được khi vừa hạ cánh.`,
    bodyEn: `Vivu takes transfer bookings at airports across Vietnam. Routes within an airport’s service zone have fixed zone prices; beyond it, the price goes by distance and is shown at once on the price list.

## Example: Tân Sơn Nhất – central Ho Chi Minh City

Tân Sơn Nhất is about 7 km from Bến Thành Market, but the roads to it are often busy: allow 30–60 minutes depending on the time. Terminals 1 and 3 handle domestic flights, Terminal 2 international ones.

## What an airport booking needs

- Your flight number, so the driver can follow the landing time.
- The terminal, if you know it.
- A phone number that works as soon as you land.`,
  },
  {
    key: 'long-hanoi-halong',
    kind: 'long_distance',
    routeName: 'long-distance',
    sort: 10,
    slugVi: 'xe-ha-noi-ha-long',
    slugEn: 'hanoi-to-ha-long',
    titleVi: 'Xe Hà Nội – Hạ Long',
    titleEn: 'Hà Nội to Hạ Long by car',
    summaryVi: 'Khoảng 160 km, 2,5–3 tiếng qua cao tốc Hà Nội – Hải Phòng – Hạ Long. Xe riêng đón tận nơi hoặc đi chung.',
    summaryEn:
      'About 160 km, 2.5–3 hours on the Hà Nội – Hải Phòng – Hạ Long expressways. Door-to-door private cars or shared rides.',
    pick: 'ward:00070',
    drop: 'place:P00007',
    dimensionId: LONG,
    bodyVi: `Xe riêng từ Hà Nội đến Hạ Long đón bạn tại nhà hoặc khách sạn và đưa thẳng đến Bãi Cháy, cảng tàu Tuần Châu hoặc khách sạn ở Hạ Long.

## Gợi ý

- Xuất phát trước 7:00 để kịp tàu tham quan vịnh buổi sáng.
- Đặt chuyến về sau giờ tàu cập bến, thường từ 16:00.
- Giá đã gồm phí cầu đường ước tính hiện riêng khi đặt.`,
    bodyEn: `A private car from Hà Nội to Hạ Long picks you up at home or your hotel and takes you straight to Bãi Cháy, Tuần Châu harbour or your hotel in Hạ Long.

## Tips

- Leave before 7:00 to make the morning bay cruises.
- Book the return for after your boat docks, usually from 16:00.
- Estimated tolls are shown separately when booking.`,
  },
  {
    key: 'long-hcm-vungtau',
    kind: 'long_distance',
    routeName: 'long-distance',
    sort: 20,
    slugVi: 'xe-tp-hcm-vung-tau',
    slugEn: 'ho-chi-minh-city-to-vung-tau',
    titleVi: 'Xe TP.HCM – Vũng Tàu',
    titleEn: 'Ho Chi Minh City to Vũng Tàu by car',
    summaryVi: 'Khoảng 95 km, 2–2,5 tiếng. Đón tận nơi tại TP.HCM, trả tại khách sạn hoặc bãi biển ở Vũng Tàu.',
    summaryEn: 'About 95 km, 2–2.5 hours. Picked up anywhere in Ho Chi Minh City, dropped at your hotel or beach in Vũng Tàu.',
    pick: 'ward:26743',
    drop: 'place:P00047',
    dimensionId: LONG,
    bodyVi: `Vũng Tàu là điểm nghỉ cuối tuần quen thuộc của người TP.HCM. Từ năm 2025, Vũng Tàu thuộc TP.HCM sau khi sáp nhập tỉnh Bà Rịa – Vũng Tàu.

## Lưu ý

- Chiều thứ Sáu và sáng thứ Bảy đường ra Vũng Tàu đông: đặt xe sớm và dự trù thêm thời gian.
- Chiều Chủ nhật chiều về TP.HCM thường kẹt ở cửa ngõ thành phố.
- Đi nhóm 5–6 người: xe 7 chỗ thường rẻ hơn hai xe 4 chỗ.`,
    bodyEn: `Vũng Tàu is Ho Chi Minh City’s favourite weekend escape. Since 2025 it has been part of Ho Chi Minh City, after the merger of Bà Rịa – Vũng Tàu province.

## Good to know

- Friday afternoons and Saturday mornings are busy on the way out: book early and allow extra time.
- On Sunday afternoons the way back is often slow at the city entrance.
- Groups of 5–6: one 7-seater is usually cheaper than two 4-seat cars.`,
  },
  {
    key: 'long-danang-hoian',
    kind: 'long_distance',
    routeName: 'long-distance',
    sort: 30,
    slugVi: 'xe-da-nang-hoi-an',
    slugEn: 'da-nang-to-hoi-an',
    titleVi: 'Xe Đà Nẵng – Hội An',
    titleEn: 'Đà Nẵng to Hội An by car',
    summaryVi: 'Khoảng 30 km, 40–45 phút dọc biển. Đón tại trung tâm Đà Nẵng, trả tại phố cổ Hội An.',
    summaryEn: 'About 30 km, 40–45 minutes along the coast. Picked up in central Đà Nẵng, dropped in Hội An Ancient Town.',
    pick: 'ward:20242',
    drop: 'place:P00031',
    dimensionId: LONG,
    bodyVi: `Từ trung tâm Đà Nẵng đến phố cổ Hội An khoảng 30 km theo đường ven biển Võ Nguyên Giáp – Trường Sa. Sau sáp nhập năm 2025, Hội An thuộc thành phố Đà Nẵng.

## Gợi ý

- Đến Hội An buổi chiều, dạo phố cổ lúc lên đèn và đặt chuyến về sau 21:00.
- Ô tô không vào được trong phố cổ: tài xế trả bạn ở bãi đỗ gần nhất và đón lại ở đó.`,
    bodyEn: `Central Đà Nẵng to Hội An Ancient Town is about 30 km along the Võ Nguyên Giáp – Trường Sa coast road. Since the 2025 merger, Hội An is part of Đà Nẵng city.

## Tips

- Arrive in the afternoon, walk the old town as the lanterns come on and book the ride back for after 21:00.
- Cars cannot enter the old town: the driver drops you at the nearest car park and picks you up there.`,
  },
  {
    key: 'travel-hanoi-ninhbinh',
    kind: 'travel',
    routeName: 'travel',
    sort: 10,
    slugVi: 'du-lich-ninh-binh-tu-ha-noi',
    slugEn: 'ninh-binh-day-trip-from-hanoi',
    titleVi: 'Du lịch Ninh Bình từ Hà Nội bằng xe riêng',
    titleEn: 'Ninh Bình from Hà Nội by private car',
    summaryVi:
      'Tràng An, Tam Cốc, Hang Múa trong một ngày: khoảng 95 km, 1,5–2 tiếng qua cao tốc Pháp Vân – Cầu Giẽ – Ninh Bình.',
    summaryEn:
      'Tràng An, Tam Cốc and Hang Múa in a day: about 95 km, 1.5–2 hours on the Pháp Vân – Cầu Giẽ – Ninh Bình expressway.',
    pick: 'ward:00070',
    drop: 'place:P00021',
    dimensionId: LONG,
    bodyVi: `Ninh Bình là chuyến đi trong ngày được yêu thích nhất từ Hà Nội, với cảnh núi đá vôi và sông nước của Tràng An, Tam Cốc.

## Lịch trình gợi ý

- 7:00: xe đón ở Hà Nội.
- 9:00: đi thuyền Tràng An (khoảng 2–3 tiếng).
- Chiều: leo Hang Múa ngắm toàn cảnh Tam Cốc.
- 17:00: về Hà Nội.

Muốn xe chờ cả ngày và đưa bạn qua nhiều điểm, hãy chọn thuê xe theo giờ gói 10–12 giờ thay vì hai vé một chiều.`,
    bodyEn: `Ninh Bình is the favourite day trip from Hà Nội, with the limestone peaks and rivers of Tràng An and Tam Cốc.

## A suggested day

- 7:00: pickup in Hà Nội.
- 9:00: Tràng An boat trip (about 2–3 hours).
- Afternoon: climb Hang Múa for the view over Tam Cốc.
- 17:00: back to Hà Nội.

If you want the car to wait all day and take you between sights, hourly hire with a 10–12-hour package is better than two one-way tickets.`,
  },
  {
    key: 'travel-hcm-muine',
    kind: 'travel',
    routeName: 'travel',
    sort: 20,
    slugVi: 'du-lich-mui-ne-tu-tp-hcm',
    slugEn: 'mui-ne-from-ho-chi-minh-city',
    titleVi: 'Du lịch Mũi Né từ TP.HCM bằng xe riêng',
    titleEn: 'Mũi Né from Ho Chi Minh City by private car',
    summaryVi: 'Khoảng 220 km, khoảng 3,5–4 tiếng nhờ cao tốc Dầu Giây – Phan Thiết. Đón tận nơi, trả tại resort.',
    summaryEn:
      'About 220 km, around 3.5–4 hours thanks to the Dầu Giây – Phan Thiết expressway. Door to door, dropped at your resort.',
    pick: 'ward:26743',
    drop: 'place:P00041',
    dimensionId: LONG,
    bodyVi: `Mũi Né nổi tiếng với đồi cát, làng chài và các resort ven biển. Từ năm 2025, Mũi Né thuộc tỉnh Lâm Đồng sau sáp nhập với Bình Thuận.

## Gợi ý

- Xuất phát sáng sớm để tránh kẹt xe ở cửa ngõ TP.HCM.
- Đồi cát trắng đẹp nhất lúc bình minh hoặc hoàng hôn.
- Đi gia đình nhiều hành lý: xe 7 chỗ.`,
    bodyEn: `Mũi Né is known for its sand dunes, fishing village and beach resorts. Since 2025 it belongs to Lâm Đồng province, after the merger with Bình Thuận.

## Tips

- Leave early in the morning to avoid the traffic leaving Ho Chi Minh City.
- The white sand dunes are best at sunrise or sunset.
- Families with lots of luggage: a 7-seater.`,
  },
];
