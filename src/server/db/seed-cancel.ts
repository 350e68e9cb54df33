// The cancellation reasons of spec 7 get_why_cancel_list, in its order (1, 3, 4, 5, 2, 20, 11, 9). Idempotent like
// seed(): a reason is matched on its id and never updated, so an operator's wording survives restarts.
import type { Db } from './client';
import { cancelReasons } from './schema';

export const SEED_CANCEL_REASONS: (typeof cancelReasons.$inferInsert)[] = [
  { id: 1, sort: 10, textVi: 'Tôi đổi kế hoạch', textEn: 'My plans changed' },
  { id: 3, sort: 20, textVi: 'Tôi đặt nhầm thông tin chuyến đi', textEn: 'I entered the wrong trip details' },
  { id: 4, sort: 30, textVi: 'Tôi tìm được giá tốt hơn', textEn: 'I found a better price' },
  { id: 5, sort: 40, textVi: 'Thời gian chờ tài xế quá lâu', textEn: 'The wait for a driver is too long' },
  { id: 2, sort: 50, textVi: 'Tôi muốn đổi giờ đón', textEn: 'I want a different pickup time' },
  { id: 20, sort: 60, textVi: 'Chuyến bay bị hoãn hoặc hủy', textEn: 'My flight was delayed or cancelled' },
  { id: 11, sort: 70, textVi: 'Tôi đặt trùng chuyến', textEn: 'I booked the same trip twice' },
  { id: 9, sort: 80, textVi: 'Lý do khác', textEn: 'Other reason' },
];

export async function seedCancel(db: Db): Promise<void> {
  await db.insert(cancelReasons).values(SEED_CANCEL_REASONS).onConflictDoNothing({ target: cancelReasons.id });
}
