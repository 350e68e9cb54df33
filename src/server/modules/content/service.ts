// Editorial content: rows shaped into the contract in the asked language, with the page paths of the route
// table and the other-language slug for the language switch. Landing pages and popular routes carry their route as
// place-search answers (a prefilled price list) and fares from the pricing engine, computed in-process for a daytime
// pickup tomorrow and kept for FARES_TTL_MS. Every stored text is read through plainText (plain-text.ts): text put in
// the tables by any hand is served without a tag, an event handler or a javascript: address.
import {
  BLOG_PAGE_SIZE,
  NO_MORE_PAGES,
  type BlogCategory,
  type ContentRoute,
  type FaqCategory,
  type FaqQuestion,
  type LandingFare,
  type LandingKind,
  type LandingPage,
  type LandingPageRequest,
  type ListPostsRequest,
  type MediaItem,
  type NewsesRequest,
  type PopularChunk,
  type PostDetail,
  type PostKind,
  type PostListData,
  type PostSummary,
  type StaticPage,
} from '../../../shared/contract/content';
import type { PriceListData, PriceListRequest } from '../../../shared/contract/pricing';
import { pathFor, type Lang, type RouteName } from '../../../shared/domain/route-table';
import { formatVnDateTime, vnStartOfDay } from '../../../shared/domain/vn-time';
import type { PlaceSearch } from '../../adapters/geocoder/types';
import type { PricingService } from '../pricing/service';
import { refuse, type Result } from '../../http/refusal';
import type { ContentRepository, LandingRow, PostRow } from './repository';
import { searchPattern } from '../../../shared/domain/search-text';
import { plainBlocks, plainText } from './plain-text';

export { plainText } from './plain-text';

export type ContentResult<T> = Result<T, 404>;

/** Fares of landing pages and popular routes are recomputed at most this often (the same as the HTTP cache). */
export const FARES_TTL_MS = 5 * 60_000;
const RELATED_POSTS = 3;
/** Enough pages of a price list to see every offer of a route. */
const MAX_PRICE_PAGES = 10;

const other = (lang: Lang): Lang => (lang === 'vi' ? 'en' : 'vi');
const pick = <T>(lang: Lang, vi: T, en: T): T => (lang === 'vi' ? vi : en);
const ROUTE_OF_KIND: Record<PostKind, RouteName> = { blog: 'blog', news: 'news' };

/** 10:00 tomorrow, Vietnam time: a daytime pickup, far enough ahead for shared rides, with no night surcharge. */
export function referenceDepartTime(now: Date): string {
  const tomorrow = vnStartOfDay(new Date(now.getTime() + 24 * 3_600_000));
  return formatVnDateTime(new Date(tomorrow.getTime() + 10 * 3_600_000));
}

/** The cheapest visible offer per vehicle type and ride method, smaller vehicles first, private before shared. */
export function compactFares(items: PriceListData['items']): LandingFare[] {
  const groups = new Map<string, LandingFare>();
  for (const item of items) {
    if (item.hide) continue;
    const key = `${item.vehicle_id}:${item.ride_method_id}`;
    const seen = groups.get(key);
    if (!seen) {
      groups.set(key, {
        vehicle_id: item.vehicle_id,
        vehicle_name: item.vehicle_name,
        vehicle_seats: item.vehicle_seats,
        ride_method_id: item.ride_method_id,
        price_from: item.merged,
        offers: 1,
      });
      continue;
    }
    seen.offers += 1;
    seen.price_from = Math.min(seen.price_from, item.merged);
  }
  return [...groups.values()].sort(
    (a, b) => a.vehicle_seats - b.vehicle_seats || a.vehicle_id - b.vehicle_id || a.ride_method_id - b.ride_method_id,
  );
}

export interface ContentServiceDeps {
  repository: ContentRepository;
  pricing: PricingService;
  places: PlaceSearch;
  now?: () => Date;
  /** spec 9 blog_posts_per_page from the configuration (BLOG_PAGE_SIZE, 6, without one); news pages the same. */
  postsPerPage?: () => Promise<number>;
}

/** A summary made from a post's first paragraph is at most this long (about two lines of a card). */
const SUMMARY_FALLBACK_MAX = 160;

export function createContentService({
  repository,
  pricing,
  places,
  now = () => new Date(),
  postsPerPage = () => Promise.resolve(BLOG_PAGE_SIZE),
}: ContentServiceDeps) {
  const fareCache = new Map<
    string,
    { at: number; value: Promise<{ fares: LandingFare[]; distanceKm: number; departTime: string }> }
  >();

  /**
   * A post's summary, or where its editor left none (the desk asks only for a title and a text), the start of its first
   * paragraph: lists, cards and the page's description always have a line to show.
   */
  function summaryText(row: PostRow): string {
    const own = plainText(row.summary);
    if (own) return own;
    const first = row.body.find((block) => block.type === 'p');
    const text = first && first.type === 'p' ? plainText(first.text) : plainText(row.title);
    if (text.length <= SUMMARY_FALLBACK_MAX) return text;
    const cut = text.slice(0, SUMMARY_FALLBACK_MAX);
    return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : cut.length).trimEnd()}…`;
  }

  function summary(row: PostRow): PostSummary {
    const lang = row.lang as Lang;
    return {
      id: row.id,
      kind: row.kind as PostKind,
      slug: row.slug,
      path: pathFor(ROUTE_OF_KIND[row.kind as PostKind], lang, { slug: row.slug }),
      title: plainText(row.title),
      summary: summaryText(row),
      image: row.image,
      image_alt: row.imageAlt,
      category_key: row.categoryKey ?? '',
      category_name: (lang === 'vi' ? row.categoryNameVi : row.categoryNameEn) ?? '',
      author: row.author,
      source: row.source,
      reading_minutes: row.readingMinutes,
      // The site shows only active posts, and a post goes live at a publish that dates it: never null here.
      published_at: (row.publishedAt ?? new Date(0)).toISOString(),
    };
  }

  async function page(
    kind: PostKind,
    lang: Lang,
    pageNo: number,
    perPage: number,
    filter: { categoryKey?: string; pattern?: string | null },
  ): Promise<PostListData> {
    const { rows, total } = await repository.listPosts({
      kind,
      lang,
      ...filter,
      offset: (pageNo - 1) * perPage,
      limit: perPage,
    });
    return {
      items: rows.map(summary),
      page: pageNo * perPage < total ? pageNo + 1 : NO_MORE_PAGES,
      total,
      per_page: perPage,
    };
  }

  /** A post by its slug in the asked language; a slug of the other language answers that post's translation. */
  async function post(kind: PostKind, lang: Lang, slug: string, notFound: string): Promise<ContentResult<PostDetail>> {
    let row = await repository.postBySlug(kind, lang, slug);
    if (!row) {
      const foreign = await repository.postBySlug(kind, other(lang), slug);
      row = foreign ? await repository.postByTranslation(kind, foreign.translationKey, lang) : null;
    }
    if (!row) return refuse(404, notFound);
    const [translation, related] = await Promise.all([
      repository.postByTranslation(kind, row.translationKey, other(lang)),
      repository.related(kind, lang, row.translationKey, row.categoryKey, RELATED_POSTS),
    ]);
    return {
      ok: true,
      data: {
        ...summary(row),
        body: plainBlocks(row.body),
        alternate: translation
          ? {
              lang: other(lang),
              slug: translation.slug,
              path: pathFor(ROUTE_OF_KIND[kind], other(lang), { slug: translation.slug }),
            }
          : null,
        related: related.map(summary),
      },
    };
  }

  async function routeEnd(placeId: string, lang: Lang) {
    const place = places.get(placeId, lang);
    if (!place) throw new Error(`content route place not in the gazetteer: ${placeId}`);
    return { address: place.address, address_component: place.address_component };
  }

  async function contentRoute(
    row: { pickPlaceId: string; dropPlaceId: string; dimensionId: number },
    lang: Lang,
  ): Promise<ContentRoute> {
    return {
      dimension_id: row.dimensionId === 3 ? 3 : 1,
      pick: await routeEnd(row.pickPlaceId, lang),
      drop: await routeEnd(row.dropPlaceId, lang),
    };
  }

  function priceRequest(route: ContentRoute, lang: Lang, departTime: string, pageNo: number): PriceListRequest {
    return {
      depart_time: departTime,
      dimension_id: route.dimension_id,
      pick_address: route.pick.address,
      pick_address_component: route.pick.address_component,
      drop_address: route.drop.address,
      drop_address_component: route.drop.address_component,
      more_address: [],
      chair: 1,
      vehicle_id: 0,
      ride_method_id: 0,
      service: '',
      sort: 'price_lowest',
      page: pageNo,
      lang,
    };
  }

  /** Every offer of the route for one passenger (all pages), summed up per vehicle type and ride method. */
  async function computeFares(route: ContentRoute, lang: Lang) {
    const departTime = referenceDepartTime(now());
    const items: PriceListData['items'] = [];
    let distanceKm = 0;
    for (let pageNo = 1; pageNo <= MAX_PRICE_PAGES;) {
      const result = await pricing.priceList(priceRequest(route, lang, departTime, pageNo));
      if (!result.ok) break;
      items.push(...result.data.items);
      distanceKm = result.data.distance_km;
      if (result.data.page === NO_MORE_PAGES) break;
      pageNo = result.data.page;
    }
    return { fares: compactFares(items), distanceKm, departTime };
  }

  function fares(cacheKey: string, route: ContentRoute, lang: Lang) {
    const at = now().getTime();
    const hit = fareCache.get(`${cacheKey}:${lang}`);
    if (hit && at - hit.at < FARES_TTL_MS) return hit.value;
    const value = computeFares(route, lang);
    fareCache.set(`${cacheKey}:${lang}`, { at, value });
    value.catch(() => fareCache.delete(`${cacheKey}:${lang}`));
    return value;
  }

  const landingPath = (row: { key: string; routeName: string; slugVi: string; slugEn: string }, lang: Lang) =>
    // A route's own page (the named airports, the generic airport page) has no slug in its path.
    row.key === row.routeName
      ? pathFor(row.routeName, lang)
      : pathFor(row.routeName, lang, { slug: pick(lang, row.slugVi, row.slugEn) });

  return {
    async blogCategories(lang: Lang): Promise<BlogCategory[]> {
      const [rows, counts] = await Promise.all([repository.blogCategories(), repository.postCounts(lang)]);
      return rows.map((row) => ({
        key: row.key,
        slug: pick(lang, row.slugVi, row.slugEn),
        name: pick(lang, row.nameVi, row.nameEn),
        description: pick(lang, row.descriptionVi, row.descriptionEn),
        post_count: counts.get(row.key) ?? 0,
      }));
    },

    async listPosts(input: ListPostsRequest, notFound: string): Promise<ContentResult<PostListData>> {
      let categoryKey: string | undefined;
      if (input.category) {
        const categories = await repository.blogCategories();
        const found = categories.find((c) => pick(input.lang, c.slugVi, c.slugEn) === input.category);
        if (!found) return refuse(404, notFound);
        categoryKey = found.key;
      }
      return { ok: true, data: await page('blog', input.lang, input.page, await postsPerPage(), { categoryKey }) };
    },

    blogPost: (lang: Lang, slug: string, notFound: string) => post('blog', lang, slug, notFound),

    async newses(input: NewsesRequest): Promise<PostListData> {
      return page('news', input.lang, input.page, await postsPerPage(), { pattern: searchPattern(input.search) });
    },

    news: (lang: Lang, slug: string, notFound: string) => post('news', lang, slug, notFound),

    async featuredPosts(lang: Lang, limit: number): Promise<PostSummary[]> {
      return (await repository.featured(lang, limit)).map(summary);
    },

    async staticPage(lang: Lang, id: number, notFound: string): Promise<ContentResult<StaticPage>> {
      const row = await repository.staticPage(id);
      if (!row) return refuse(404, notFound);
      return {
        ok: true,
        data: {
          id: row.id,
          key: row.key,
          route_name: row.routeName,
          path: pathFor(row.routeName, lang),
          title: plainText(pick(lang, row.titleVi, row.titleEn)),
          summary: plainText(pick(lang, row.summaryVi, row.summaryEn)),
          body: plainBlocks(pick(lang, row.bodyVi, row.bodyEn)),
          updated_at: row.updatedAt.toISOString(),
        },
      };
    },

    async faqCategories(lang: Lang): Promise<FaqCategory[]> {
      const [categories, questions] = await Promise.all([repository.faqCategories(), repository.faqQuestions()]);
      return categories.map((c) => ({
        key: c.key,
        name: plainText(pick(lang, c.nameVi, c.nameEn)),
        question_count: questions.filter((q) => q.categoryKey === c.key).length,
      }));
    },

    async faqQuestions(lang: Lang, category: string, notFound: string): Promise<ContentResult<FaqQuestion[]>> {
      if (category && !(await repository.faqCategories()).some((c) => c.key === category)) return refuse(404, notFound);
      const rows = await repository.faqQuestions(category || undefined);
      return {
        ok: true,
        data: rows.map((q) => ({
          id: q.id,
          category_key: q.categoryKey,
          question: plainText(pick(lang, q.questionVi, q.questionEn)),
          answer: plainBlocks(pick(lang, q.answerVi, q.answerEn)),
        })),
      };
    },

    async landingPage(input: LandingPageRequest, notFound: string): Promise<ContentResult<LandingPage>> {
      const lang = input.lang;
      const row: LandingRow | null = await repository.landing({
        key: input.key || undefined,
        slug: input.slug || undefined,
        lang,
      });
      if (!row || (input.kind && row.kind !== input.kind)) return refuse(404, notFound);
      const route = await contentRoute(row, lang);
      const [priced, siblings] = await Promise.all([
        fares(row.key, route, lang),
        repository.landingSiblings(row.kind as LandingKind),
      ]);
      const otherLang = other(lang);
      return {
        ok: true,
        data: {
          key: row.key,
          kind: row.kind as LandingKind,
          route_name: row.routeName,
          slug: pick(lang, row.slugVi, row.slugEn),
          path: landingPath(row, lang),
          title: plainText(pick(lang, row.titleVi, row.titleEn)),
          summary: plainText(pick(lang, row.summaryVi, row.summaryEn)),
          body: plainBlocks(pick(lang, row.bodyVi, row.bodyEn)),
          alternate: { lang: otherLang, slug: pick(otherLang, row.slugVi, row.slugEn), path: landingPath(row, otherLang) },
          route,
          fares: priced.fares,
          fares_depart_time: priced.departTime,
          distance_km: priced.distanceKm,
          siblings: siblings
            .filter((s) => s.key !== row.key)
            .map((s) => ({ key: s.key, title: plainText(pick(lang, s.titleVi, s.titleEn)), path: landingPath(s, lang) })),
        },
      };
    },

    async popularChunks(lang: Lang): Promise<PopularChunk[]> {
      const rows = await repository.popularChunks();
      return Promise.all(
        rows.map(async (row) => {
          const route = await contentRoute(row, lang);
          const { fares: list } = await fares(`chunk:${row.id}`, route, lang);
          const prices = list.map((f) => f.price_from);
          return {
            id: row.id,
            title: pick(lang, row.titleVi, row.titleEn),
            ...route,
            price_from: prices.length ? Math.min(...prices) : null,
          };
        }),
      );
    },

    async homepageMedia(lang: Lang): Promise<MediaItem[]> {
      const rows = await repository.media();
      const slugs = await repository.newsSlugs(
        lang,
        rows.flatMap((r) => (r.newsKey ? [r.newsKey] : [])),
      );
      return rows.map((row) => {
        const slug = row.newsKey ? slugs.get(row.newsKey) : undefined;
        return {
          id: row.id,
          kind: row.kind as MediaItem['kind'],
          title: pick(lang, row.titleVi, row.titleEn),
          caption: pick(lang, row.captionVi, row.captionEn),
          image: row.image,
          image_alt: pick(lang, row.imageAltVi, row.imageAltEn),
          path: slug ? pathFor('news', lang, { slug }) : '',
          published_at: row.publishedAt.toISOString(),
        };
      });
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
