// Builds the content module (editorial content and the home's live figures) from its dependencies.
import type { PlaceSearch } from '../../adapters/geocoder/types';
import type { Db } from '../../db/client';
import { systemValue } from '../../../shared/domain/system-config';
import type { ConfigService } from '../config/service';
import type { PricingService } from '../pricing/service';
import type { RequireDesk } from '../desk/module';
import { createDeskCreateRepository } from './desk-create-repository';
import { createDeskCreateService } from './desk-create-service';
import { deskContentRoutes } from './desk-routes';
import { createDeskContentRepository } from './desk-repository';
import { createDeskContentService } from './desk-service';
import { createLiveFigures } from './live-figures';
import { createContentRepository } from './repository';
import { contentRoutes } from './routes';
import { createContentRevision } from './revision';
import { createContentService } from './service';

export interface ContentModuleOptions {
  db: Db;
  /** The landing pages' and popular routes' fares come from the same engine as the price list. */
  pricing: PricingService;
  /** The gazetteer: the routes' place ids become place-search answers (address and address component). */
  places: PlaceSearch;
  /** The live system config: the suggest-brand window, limits and refresh (spec 9). */
  config: ConfigService;
  /** The partners module's: the car assigned to each of the tickets that has one (the impact figures). */
  carsOfTickets: (ticketIds: readonly number[]) => Promise<Map<number, number | null>>;
  /** The desk's guard: the content area's calls (drafts, preview, publishing) are for admin and content staff. */
  requireDesk?: RequireDesk;
  now?: () => Date;
}

/**
 * From app.ts: the content repository and service (the SEO head and the sitemap use the same ones, so one cache
 * serves both), the content routes over them, the desk's content calls, and the revision the caches of content
 * (SEO heads, rendered pages) are made under.
 */
export function createContentModule({ db, pricing, places, config, carsOfTickets, requireDesk, now }: ContentModuleOptions) {
  const repository = createContentRepository(db);
  const postsPerPage = async () => systemValue((await config.get()).system, 'blog_posts_per_page');
  const service = createContentService({ repository, pricing, places, now, postsPerPage });
  const figures = createLiveFigures({
    db,
    partners: (ids) => pricing.activePartners(ids),
    carsOfTickets,
    repository,
    system: async () => (await config.get()).system,
    now,
  });
  const deskRepository = createDeskContentRepository(db);
  const revision = createContentRevision(deskRepository.revision);
  const routes = contentRoutes(service, figures);
  if (requireDesk) {
    const posts = createDeskCreateRepository();
    const clock = now ?? (() => new Date());
    const desk = createDeskContentService({ repository: deskRepository, posts, now: clock, onChange: revision.changed });
    const creating = createDeskCreateService({
      repository: deskRepository,
      posts,
      now: clock,
      item: desk.item,
      onChange: revision.changed,
    });
    routes.route('/', deskContentRoutes(desk, creating, requireDesk));
  }
  return { repository, service, revision, routes };
}
