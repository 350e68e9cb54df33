// The landing pages: the airports (Nội Bài, Liên Khương, Phú Quốc, Đà Nẵng, Cam Ranh and the generic
// airport page), long-distance and travel routes. Each is home/get_landing_page by key (routes without a slug) or by
// slug, in the page's language: its title and summary, the home booking widget prefilled for its route, the fare
// table from the pricing engine with a link to the prefilled price list, the page text and its sibling pages.
// The widget opens with the page's route as its initial values without storing them, so the visitor's saved search
// (home) is kept until they change something here; see landingInitialValues.
import { useQuery } from '@tanstack/react-query';
import { Link, useRouterState } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentRoute, LandingPage } from '../../../../../shared/contract/content';
import type { Suggestion } from '../../../../../shared/contract/places';
import { matchPath } from '../../../../../shared/domain/route-table';
import { SITE_KEY_DEFAULTS } from '../../../../../shared/domain/system-config';
import { BOOKING_TYPE, DEFAULT_SEATS } from '../../../../../shared/domain/trip-search';
import { NotFoundPage } from '../../../../components/layout/not-found-page';
import { ApiError } from '../../../../lib/api-client';
import { writeEntry } from '../../../../lib/store-keys';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { useLang } from '../../../../lib/use-lang';
import { clearStoredPriceLists, priceListHref, useOpenPriceList } from '../../../pricing';
import { errorText } from '../../../../components/form/form-errors';
import { BOOKING_TYPE_KEY, BookingWidget, clearPartnerChoice, type WidgetInitialValues } from '../../../booking';
import { configQueries } from '../../../../lib/config-queries';
import { useOnline } from '../../../../lib/use-online';
import { publicPathname, toInternalPath } from '../../../../lib/route-paths';
import { AddressInput } from '../../../places';
import { isLandingRoute, landingLookup } from '../../../../../shared/domain/landing-routes';
import { landingQueries } from '../api';
import { ContentBlocks } from '../../blocks';
import { FareTable } from './fare-table';
import '../landing.css';

const suggestionOf = (end: ContentRoute['pick']): Suggestion => ({ ...end, childs: [] });

/**
 * The page's route as the widget's initial values: the tab follows the route, as choosing it would; the visitor's
 * stored time (while still ahead) and passenger count stay. Nothing is stored until the visitor changes something,
 * so a visit does not replace the search saved on home.
 */
export function landingInitialValues(route: ContentRoute): WidgetInitialValues {
  return {
    tab: route.dimension_id === BOOKING_TYPE.interProvince ? BOOKING_TYPE.interProvince : BOOKING_TYPE.airport,
    pick: suggestionOf(route.pick),
    drop: suggestionOf(route.drop),
    more: null,
  };
}

function PrefilledWidget({ page }: { page: LandingPage }) {
  const open = useOpenPriceList();
  const [initialValues] = useState(() => landingInitialValues(page.route));
  return (
    <BookingWidget
      AddressField={AddressInput}
      initialValues={initialValues}
      onSearch={(search) => {
        // spec 2: the booking type on the user state follows the search the visitor makes here.
        writeEntry(BOOKING_TYPE_KEY, search.type, null);
        open.trip(search);
      }}
      onHourlySearch={open.hourly}
      onSearchChange={() => {
        clearStoredPriceLists();
        clearPartnerChoice();
      }}
    />
  );
}

function LandingView({ page }: { page: LandingPage }) {
  const { t } = useTranslation();
  const lang = useLang();
  const pricesHref = priceListHref(lang, {
    type: page.route.dimension_id === BOOKING_TYPE.interProvince ? 3 : 1,
    pick: page.route.pick.address_component.place_id,
    drop: page.route.drop.address_component.place_id,
    time: page.fares_depart_time,
    chair: DEFAULT_SEATS,
  });
  return (
    <article className="page landing-page" aria-labelledby="landing-heading">
      <header className="landing-head">
        <p className="landing-kind">{t(`landing.kinds.${page.kind}`)}</p>
        <h1 id="landing-heading">{page.title}</h1>
        <p className="landing-summary">{page.summary}</p>
      </header>
      <section className="landing-book" aria-labelledby="landing-book-heading">
        <h2 id="landing-book-heading">{t('landing.book_heading')}</h2>
        <PrefilledWidget key={page.key} page={page} />
      </section>
      <section className="section" aria-labelledby="landing-fares-heading">
        <h2 id="landing-fares-heading">{t('landing.fares_heading')}</h2>
        <FareTable fares={page.fares} departTime={page.fares_depart_time} distanceKm={page.distance_km} />
        <p>
          <a className="button" href={pricesHref}>
            {t('landing.see_prices')}
          </a>
        </p>
      </section>
      <section className="section" aria-label={t('landing.about')}>
        <ContentBlocks blocks={page.body} />
      </section>
      {page.siblings.length > 0 && (
        <nav className="section" aria-labelledby="landing-more-heading">
          <h2 id="landing-more-heading">{t(`landing.more.${page.kind}`)}</h2>
          <ul className="landing-siblings">
            {page.siblings.map((sibling) => (
              <li key={sibling.key}>
                <Link to={toInternalPath(sibling.path)}>{sibling.title}</Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </article>
  );
}

function LandingStatus({ children, role }: { children: ReactNode; role: 'status' | 'alert' }) {
  return (
    <div className="page landing-page">
      <div className={`notice${role === 'alert' ? ' notice-error' : ''}`} role={role}>
        {children}
      </div>
    </div>
  );
}

export function LandingRoute() {
  const { t } = useTranslation();
  const lang = useLang();
  const online = useOnline();
  const pathname = useRouterState({ select: (state) => publicPathname(state.location) });
  const match = matchPath(pathname);
  const name = match && isLandingRoute(match.name) ? match.name : null;
  const lookup = name ? landingLookup(name, match?.params.slug) : null;
  const query = useQuery({
    ...landingQueries.page(lang, lookup ?? { key: 'airport', slug: '', kind: 'airport' }),
    enabled: lookup !== null,
  });
  const { data: keys = SITE_KEY_DEFAULTS } = useQuery(configQueries.siteKeys());
  useDocumentTitle(query.data ? `${query.data.title} | Vivu` : t('landing.loading'));

  if (!lookup) return <NotFoundPage hotlineDisplay={keys.hotline_display} />;
  if (query.data) return <LandingView page={query.data} />;
  if (query.error instanceof ApiError && query.error.status === 404)
    return <NotFoundPage hotlineDisplay={keys.hotline_display} />;
  if (!online) return <LandingStatus role="status">{t('landing.offline')}</LandingStatus>;
  if (query.isError) {
    return (
      <LandingStatus role="alert">
        <p>{errorText(query.error, t)}</p>
        <p className="home-actions">
          <button type="button" className="button" onClick={() => void query.refetch()}>
            {t('home_sections.retry')}
          </button>
          <a className="button" href={`tel:${keys.hotline}`}>
            {t('landing.call', { hotline: keys.hotline_display })}
          </a>
        </p>
      </LandingStatus>
    );
  }
  return (
    <LandingStatus role="status">
      <p>{t('landing.loading')}</p>
    </LandingStatus>
  );
}
