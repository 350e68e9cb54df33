// spec 7 get_exchange_keyword: the keywords a passenger may type ("tsn", "sb Nội Bài") and what the place search
// looks for instead, read from the database once per spec 9 exchange_keyword_cache_minutes.
import type { ExchangeKeyword } from '../../../shared/contract/places';
import type { Lang } from '../../../shared/domain/route-table';
import { SYSTEM_CONFIG_DEFAULTS } from '../../../shared/domain/system-config';
import { cached } from '../../http/cached';
import type { PlacesRepository } from './repository';

export function createKeywordService(
  repository: PlacesRepository,
  cacheMinutes: () => Promise<number> = () => Promise.resolve(SYSTEM_CONFIG_DEFAULTS.exchange_keyword_cache_minutes),
) {
  // The lifetime read with the keywords is the one the next get compares with.
  let lifetimeMs = SYSTEM_CONFIG_DEFAULTS.exchange_keyword_cache_minutes * 60_000;
  const keywords = cached(
    () => repository.exchangeKeywords(),
    () => lifetimeMs,
  );
  return {
    /** The keywords in `lang`, and the minutes they may be kept. */
    async exchangeKeywords(lang: Lang): Promise<{ keywords: ExchangeKeyword[]; cacheMinutes: number }> {
      const minutes = await cacheMinutes();
      lifetimeMs = minutes * 60_000;
      const rows = await keywords.get();
      return {
        cacheMinutes: minutes,
        keywords: rows.map((row) => ({
          keyword: row.keyword,
          text: lang === 'en' ? row.textEn : row.textVi,
          place_id: row.placeId,
        })),
      };
    },
  };
}

export type KeywordService = ReturnType<typeof createKeywordService>;
