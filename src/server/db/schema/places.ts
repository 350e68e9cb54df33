// Tables of the places module: the search keywords (the gazetteer itself is data in memory, not a table).
import { integer, pgTable, text } from 'drizzle-orm/pg-core';

/** spec 7 get_exchange_keyword: a typed keyword ("noi bai", "tsn") and the place it stands for. */
export const exchangeKeywords = pgTable('exchange_keywords', {
  /** Lower case, without diacritics. */
  keyword: text('keyword').primaryKey(),
  textVi: text('text_vi').notNull(),
  textEn: text('text_en').notNull(),
  /** A places id (`airport:HAN`, `extra:hcm-cho-ben-thanh`) or '' for a wording only. */
  placeId: text('place_id').notNull().default(''),
  sort: integer('sort').notNull().default(0),
});
