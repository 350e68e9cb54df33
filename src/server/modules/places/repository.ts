// SQL of the places module: the search keywords (spec 7 get_exchange_keyword); the gazetteer itself is data in
// memory, not a table.
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { exchangeKeywords } from '../../db/schema';

export function createPlacesRepository(db: Db) {
  return {
    async exchangeKeywords() {
      return db.select().from(exchangeKeywords).orderBy(asc(exchangeKeywords.sort), asc(exchangeKeywords.keyword));
    },
  };
}

export type PlacesRepository = ReturnType<typeof createPlacesRepository>;
