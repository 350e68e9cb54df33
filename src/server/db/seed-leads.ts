// The search keywords of spec 7 get_exchange_keyword: what people type for the busiest places (short names, common
// abbreviations, English names), folded to lower case without diacritics, and the gazetteer place each stands for.
// Idempotent like seed(): a keyword is matched on itself and never updated, so an operator's edits survive restarts.
import type { Db } from './client';
import { exchangeKeywords } from './schema';

type Keyword = typeof exchangeKeywords.$inferInsert;

const place = (placeId: string, textVi: string, textEn: string, sort: number, keywords: string[]): Keyword[] =>
  keywords.map((keyword) => ({ keyword, placeId, textVi, textEn, sort }));

export const SEED_EXCHANGE_KEYWORDS: Keyword[] = [
  ...place('airport:HAN', 'Sân bay quốc tế Nội Bài', 'Noi Bai International Airport', 10, [
    'noi bai',
    'noibai',
    'san bay noi bai',
    'sb noi bai',
    'han',
    'hanoi airport',
  ]),
  ...place('airport:SGN', 'Sân bay quốc tế Tân Sơn Nhất', 'Tan Son Nhat International Airport', 20, [
    'tan son nhat',
    'tsn',
    'san bay tan son nhat',
    'sb tan son nhat',
    'sgn',
    'saigon airport',
  ]),
  ...place('airport:DAD', 'Sân bay quốc tế Đà Nẵng', 'Da Nang International Airport', 30, [
    'san bay da nang',
    'sb da nang',
    'dad',
    'da nang airport',
  ]),
  ...place('airport:CXR', 'Sân bay quốc tế Cam Ranh', 'Cam Ranh International Airport', 40, [
    'cam ranh',
    'san bay cam ranh',
    'cxr',
  ]),
  ...place('airport:PQC', 'Sân bay quốc tế Phú Quốc', 'Phu Quoc International Airport', 50, ['san bay phu quoc', 'pqc']),
  ...place('airport:DLI', 'Sân bay Liên Khương', 'Lien Khuong Airport', 60, ['lien khuong', 'san bay lien khuong', 'dli']),
  ...place('extra:hcm-cho-ben-thanh', 'Chợ Bến Thành', 'Ben Thanh Market', 70, [
    'ben thanh',
    'cho ben thanh',
    'ben thanh market',
  ]),
  ...place('extra:hn-ho-hoan-kiem', 'Hồ Hoàn Kiếm', 'Hoan Kiem Lake', 80, ['ho guom', 'ho hoan kiem', 'sword lake']),
  ...place('extra:hn-ben-xe-my-dinh', 'Bến xe Mỹ Đình', 'My Dinh Bus Station', 90, ['ben xe my dinh', 'bx my dinh']),
  ...place('extra:hn-ben-xe-giap-bat', 'Bến xe Giáp Bát', 'Giap Bat Bus Station', 100, ['ben xe giap bat', 'bx giap bat']),
  ...place('extra:hcm-ben-xe-mien-tay', 'Bến xe Miền Tây', 'Mien Tay Bus Station', 110, ['ben xe mien tay', 'bx mien tay']),
];

export async function seedLeads(db: Db): Promise<void> {
  await db.insert(exchangeKeywords).values(SEED_EXCHANGE_KEYWORDS).onConflictDoNothing({ target: exchangeKeywords.keyword });
}
