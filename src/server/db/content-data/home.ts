// Seed data of the home sections: popular routes (gazetteer place ids), media items leading to our own
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
/**
 * The impact figures' period columns are no longer read (the figures come from completed tickets since the first
 * one: modules/content/live-figures.ts); the seed still fills them.
 */
export const IMPACT_PERIOD = { start: '2026-01-01', end: '2026-01-01' } as const;

/** The method texts of the first seed, when the figures were estimates typed in: rows still holding them are updated. */
export const LEGACY_IMPACT_METHODS_EN: Record<string, string> = {
  shared_seat_km: 'The sum of seats × distance (km) of the shared-ride tickets completed in the period.',
  car_km_avoided:
    'The distance shared-ride passengers would have driven in private cars, minus the distance the shared trips actually drove. Assumes each booking group would otherwise have taken its own car.',
  co2_kg_avoided:
    'Car-kilometres avoided × 0.17 kg CO₂ per km, the average for a mid-size petrol car. An estimate, not a measurement.',
  shared_share_percent: 'Completed shared-ride tickets divided by all completed tickets in the period.',
};

/**
 * The labels, units and method texts of the environmental impact figures; the values are computed from completed
 * tickets (`value` is not read and stays 0). The CO₂ factor's source is in docs/decisions.md.
 */
export const SEED_IMPACT = [
  {
    key: 'shared_seat_km',
    sort: 10,
    value: 0,
    unitVi: 'ghế-km',
    unitEn: 'seat-km',
    labelVi: 'Quãng đường đi chung',
    labelEn: 'Distance travelled in shared seats',
    methodVi:
      'Tổng số ghế × quãng đường (km) của các vé đi chung đã hoàn thành. Quãng đường từ điểm đón đến điểm đến được ước tính như bảng giá: đường chim bay × 1,25 cho 50 km đầu và × 1,2 cho phần còn lại.',
    methodEn:
      'Seats × distance (km) of every completed shared-ride ticket. The distance from pick-up to drop-off is estimated as the price list does: the straight line × 1.25 for the first 50 km and × 1.2 beyond.',
  },
  {
    key: 'car_km_avoided',
    sort: 20,
    value: 0,
    unitVi: 'km',
    unitEn: 'km',
    labelVi: 'Quãng đường xe ước tính không phải chạy',
    labelEn: 'Estimated car-kilometres avoided',
    methodVi:
      'Mỗi nhóm đi chung lẽ ra đã đi một xe riêng trên quãng đường của mình. Các vé đi chung đã hoàn thành trên cùng một xe, cùng giờ đón là một chuyến; chuyến đó chỉ chạy quãng đường dài nhất trong nhóm, phần còn lại là số km xe không phải chạy. Vé đi chung một mình trên xe không được tính.',
    methodEn:
      'Each shared booking would otherwise have taken its own car over its own distance. Completed shared tickets on the same car at the same pick-up time were one run, which drove only the longest of their distances; the rest is the car-kilometres avoided. A shared ticket alone in its car counts for nothing.',
  },
  {
    key: 'co2_kg_avoided',
    sort: 30,
    value: 0,
    unitVi: 'kg CO₂',
    unitEn: 'kg CO₂',
    labelVi: 'CO₂ ước tính tránh được',
    labelEn: 'Estimated CO₂ avoided',
    methodVi:
      'Số km xe không phải chạy × 0,17 kg CO₂/km, mức phát thải của một ô tô con trung bình theo hệ số quy đổi khí nhà kính của Chính phủ Anh (DESNZ/DEFRA). Xe đi chung được tính như một ô tô con. Đây là ước tính, không phải số đo.',
    methodEn:
      'Car-kilometres avoided × 0.17 kg CO₂ per km, an average passenger car in the UK government’s greenhouse-gas conversion factors (DESNZ/DEFRA). The shared vehicle counts as one car. An estimate, not a measurement.',
  },
  {
    key: 'shared_share_percent',
    sort: 40,
    value: 0,
    unitVi: '%',
    unitEn: '%',
    labelVi: 'Tỷ lệ chuyến đi chung',
    labelEn: 'Share of trips that were shared',
    methodVi: 'Số vé đi chung đã hoàn thành chia cho tổng số vé đã hoàn thành trên Vivu, kể từ vé đầu tiên.',
    methodEn: 'Completed shared-ride tickets divided by all tickets completed on Vivu since the first one.',
  },
];
