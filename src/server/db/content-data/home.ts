// Seed data of the home sections (issue 8): popular routes (gazetteer place ids), media items leading to our own
// news pages, and the environmental impact figures with how each is computed (modest, explained estimates).
import { BOOKING_TYPE } from '../../../shared/domain/trip-search';

const AIRPORT = BOOKING_TYPE.airport;
const LONG = BOOKING_TYPE.interProvince;

export const SEED_POPULAR_CHUNKS = [
  {
    id: 1,
    sort: 10,
    pickPlaceId: 'airport:HAN',
    dropPlaceId: 'ward:00070',
    dimensionId: AIRPORT,
    titleVi: 'Nội Bài – Hoàn Kiếm',
    titleEn: 'Nội Bài – Hoàn Kiếm',
  },
  {
    id: 2,
    sort: 20,
    pickPlaceId: 'airport:SGN',
    dropPlaceId: 'ward:26743',
    dimensionId: AIRPORT,
    titleVi: 'Tân Sơn Nhất – Bến Thành',
    titleEn: 'Tân Sơn Nhất – Bến Thành',
  },
  {
    id: 3,
    sort: 30,
    pickPlaceId: 'airport:DAD',
    dropPlaceId: 'place:P00031',
    dimensionId: AIRPORT,
    titleVi: 'Sân bay Đà Nẵng – Hội An',
    titleEn: 'Đà Nẵng Airport – Hội An',
  },
  {
    id: 4,
    sort: 40,
    pickPlaceId: 'airport:CXR',
    dropPlaceId: 'place:P00036',
    dimensionId: AIRPORT,
    titleVi: 'Cam Ranh – Nha Trang',
    titleEn: 'Cam Ranh – Nha Trang',
  },
  {
    id: 5,
    sort: 50,
    pickPlaceId: 'ward:00070',
    dropPlaceId: 'place:P00007',
    dimensionId: LONG,
    titleVi: 'Hà Nội – Hạ Long',
    titleEn: 'Hà Nội – Hạ Long',
  },
  {
    id: 6,
    sort: 60,
    pickPlaceId: 'ward:26743',
    dropPlaceId: 'place:P00047',
    dimensionId: LONG,
    titleVi: 'TP.HCM – Vũng Tàu',
    titleEn: 'Ho Chi Minh City – Vũng Tàu',
  },
  {
    id: 7,
    sort: 70,
    pickPlaceId: 'airport:PQC',
    dropPlaceId: 'place:P00059',
    dimensionId: AIRPORT,
    titleVi: 'Sân bay Phú Quốc – Dương Đông',
    titleEn: 'Phú Quốc Airport – Dương Đông',
  },
  {
    id: 8,
    sort: 80,
    pickPlaceId: 'airport:DLI',
    dropPlaceId: 'place:P00039',
    dimensionId: AIRPORT,
    titleVi: 'Liên Khương – Đà Lạt',
    titleEn: 'Liên Khương – Đà Lạt',
  },
];

export const SEED_MEDIA = [
  {
    id: 1,
    sort: 10,
    kind: 'press_release',
    newsKey: 'offline-app',
    publishedAt: '2026-10-09T03:00:00Z',
    titleVi: 'Cài Vivu lên màn hình chính, xem vé cả khi mất mạng',
    titleEn: 'Install Vivu and see your tickets offline',
    captionVi: 'Vé được lưu mã hoá trên điện thoại, có thông báo khi tài xế đến.',
    captionEn: 'Tickets kept encrypted on your phone, with a notification when the driver arrives.',
  },
  {
    id: 2,
    sort: 20,
    kind: 'press_release',
    newsKey: 'new-airports',
    publishedAt: '2026-05-18T03:00:00Z',
    titleVi: 'Thêm ba sân bay: Phú Quốc, Cam Ranh, Liên Khương',
    titleEn: 'Three more airports: Phú Quốc, Cam Ranh, Liên Khương',
    captionVi: 'Đặt xe từ sân bay về khách sạn trước khi bay.',
    captionEn: 'Book your ride from the airport to your hotel before you fly.',
  },
  {
    id: 3,
    sort: 30,
    kind: 'press_release',
    newsKey: 'shared-airport-rides',
    publishedAt: '2026-03-02T03:00:00Z',
    titleVi: 'Đi chung xe sân bay tại Nội Bài và Tân Sơn Nhất',
    titleEn: 'Shared airport rides at Nội Bài and Tân Sơn Nhất',
    captionVi: 'Trả tiền theo ghế, đặt trước tối thiểu 3 tiếng.',
    captionEn: 'Pay per seat, book at least 3 hours ahead.',
  },
  {
    id: 4,
    sort: 40,
    kind: 'press_release',
    newsKey: 'launch-bilingual-site',
    publishedAt: '2026-01-06T03:00:00Z',
    titleVi: 'Vivu ra mắt trang đặt xe song ngữ',
    titleEn: 'Vivu launches its bilingual booking site',
    captionVi: 'So sánh giá nhiều nhà xe bằng tiếng Việt hoặc tiếng Anh.',
    captionEn: 'Compare companies’ prices in Vietnamese or English.',
  },
];

/** Figures for 1 January – 31 October 2026; each says how it is computed. */
export const IMPACT_PERIOD = { start: '2026-01-01', end: '2026-10-31' } as const;

export const SEED_IMPACT = [
  {
    key: 'shared_seat_km',
    sort: 10,
    value: 412000,
    unitVi: 'ghế-km',
    unitEn: 'seat-km',
    labelVi: 'Quãng đường đi chung',
    labelEn: 'Distance travelled in shared seats',
    methodVi: 'Tổng của số ghế × quãng đường (km) của các vé đi chung đã hoàn thành trong kỳ.',
    methodEn: 'The sum of seats × distance (km) of the shared-ride tickets completed in the period.',
  },
  {
    key: 'car_km_avoided',
    sort: 20,
    value: 236000,
    unitVi: 'km',
    unitEn: 'km',
    labelVi: 'Quãng đường xe ước tính không phải chạy',
    labelEn: 'Estimated car-kilometres avoided',
    methodVi:
      'Quãng đường các hành khách đi chung lẽ ra phải đi bằng xe riêng, trừ đi quãng đường thực tế của các chuyến đi chung. Giả định mỗi nhóm đi chung sẽ đi một xe riêng.',
    methodEn:
      'The distance shared-ride passengers would have driven in private cars, minus the distance the shared trips actually drove. Assumes each booking group would otherwise have taken its own car.',
  },
  {
    key: 'co2_kg_avoided',
    sort: 30,
    value: 40100,
    unitVi: 'kg CO₂',
    unitEn: 'kg CO₂',
    labelVi: 'CO₂ ước tính tránh được',
    labelEn: 'Estimated CO₂ avoided',
    methodVi:
      'Quãng đường xe không phải chạy × 0,17 kg CO₂/km, mức phát thải trung bình của một ô tô chạy xăng cỡ vừa. Đây là ước tính, không phải số đo.',
    methodEn:
      'Car-kilometres avoided × 0.17 kg CO₂ per km, the average for a mid-size petrol car. An estimate, not a measurement.',
  },
  {
    key: 'shared_share_percent',
    sort: 40,
    value: 9,
    unitVi: '%',
    unitEn: '%',
    labelVi: 'Tỷ lệ chuyến đi chung',
    labelEn: 'Share of trips that were shared',
    methodVi: 'Số vé đi chung đã hoàn thành chia cho tổng số vé đã hoàn thành trong kỳ.',
    methodEn: 'Completed shared-ride tickets divided by all completed tickets in the period.',
  },
];
