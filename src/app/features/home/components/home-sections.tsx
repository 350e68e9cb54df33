// The home sections below the booking widget (spec 2 Home): customer ratings, popular routes (each opens
// the price list prefilled for its route), featured posts, media, environmental impact, the special request teaser
// (its form opens in a dialog: spec 4 lists the special request form among the UI flags), partners, the live booking
// count, the most booked partners (suggest-brands.tsx) and the social like button. home-page.tsx loads this module
// with React.lazy, so none of it weighs on the home route's first load; every section loads its own data with
// TanStack Query and shows its own states.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PopularChunk } from '../../../../shared/contract/content';
import type { CustomerRating } from '../../../../shared/contract/tickets';
import { formatVnd } from '../../../../shared/domain/money';
import { defaultDepartAt } from '../../../../shared/domain/depart-time';
import type { Lang } from '../../../../shared/domain/route-table';
import { DEFAULT_SEATS } from '../../../../shared/domain/trip-search';
import { formatVnDateTime } from '../../../../shared/domain/vn-time';
import { RouteLink } from '../../../components/ui/route-link';
import { useLang } from '../../../lib/use-lang';
import { linkHref, priceListLink } from '../../../../shared/domain/route-search';
import { placeQueries } from '../../places';
import { homeQueries } from '../api';
import { LiveBookingCount } from './live-booking-count';
import { SectionState } from './section-state';
import { SocialLike } from './social-like';
import { SpecialRequestSection } from '../../leads';
import { SuggestBrands } from './suggest-brands';
import '../home.css';
import { routerLink, toInternalPath } from '../../../lib/route-paths';

const isEmptyList = (items: readonly unknown[]) => items.length === 0;

/** A plain click (no modifier key, main button) is handled by the router; others open the link as the browser does. */
const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey && !event.defaultPrevented;

function formatDate(iso: string, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === 'vi' ? 'vi-VN' : 'en-GB', { dateStyle: 'medium', timeZone: 'Asia/Ho_Chi_Minh' }).format(
    new Date(iso),
  );
}

function Stars({ stars }: { stars: number }) {
  const { t } = useTranslation();
  const full = Math.max(0, Math.min(5, Math.round(stars)));
  return (
    <p className="rating-stars" role="img" aria-label={t('home_sections.ratings.stars', { count: full })}>
      <span aria-hidden="true">{'★'.repeat(full)}</span>
      <span aria-hidden="true" className="rating-stars-off">
        {'★'.repeat(5 - full)}
      </span>
    </p>
  );
}

function RatingCard({ rating }: { rating: CustomerRating }) {
  return (
    <li className="card rating-card">
      <Stars stars={rating.stars} />
      <blockquote className="rating-comment">
        <p>{rating.comment}</p>
      </blockquote>
      <p className="rating-who">
        <span className="rating-name">{rating.name}</span>
        {rating.route && <span className="rating-route">{rating.route}</span>}
      </p>
    </li>
  );
}

function RatingsSection() {
  const { t } = useTranslation();
  const lang = useLang();
  const query = useQuery(homeQueries.ratings(lang));
  return (
    <section className="section home-section" aria-labelledby="ratings-heading">
      <h2 id="ratings-heading">{t('home_sections.ratings.heading')}</h2>
      <SectionState query={query} isEmpty={isEmptyList} emptyText={t('home_sections.ratings.empty')}>
        {(items) => (
          <ul className="card-grid home-scroller">
            {items.map((rating) => (
              <RatingCard key={rating.id} rating={rating} />
            ))}
          </ul>
        )}
      </SectionState>
    </section>
  );
}

function PopularRoute({ chunk, drawnAt }: { chunk: PopularChunk; drawnAt: number }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The time is the next free slot when the list was drawn, and again at the moment of a click.
  const linkAt = (at: number) =>
    priceListLink(lang, {
      type: chunk.dimension_id === 3 ? 3 : 1,
      pick: chunk.pick.address_component.place_id,
      drop: chunk.drop.address_component.place_id,
      time: formatVnDateTime(defaultDepartAt(at)),
      chair: DEFAULT_SEATS,
    });
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    // The list page looks the two places up by id: it finds them here instead of asking the server again.
    for (const end of [chunk.pick, chunk.drop]) {
      queryClient.setQueryData(placeQueries.detail(end.address_component.place_id, lang).queryKey, { ...end, childs: [] });
    }
    void navigate(routerLink(linkAt(Date.now())));
  };
  return (
    <li>
      <a className="popular-route" href={linkHref(linkAt(drawnAt))} onClick={open}>
        <span className="popular-title">{chunk.title}</span>
        <span className="popular-price">
          {chunk.price_from === null
            ? t('home_sections.popular.see_prices')
            : t('home_sections.popular.from', { price: formatVnd(chunk.price_from) })}
        </span>
      </a>
    </li>
  );
}

function PopularSection() {
  const { t } = useTranslation();
  const lang = useLang();
  const query = useQuery(homeQueries.popular(lang));
  const [drawnAt] = useState(Date.now);
  return (
    <section className="section home-section" aria-labelledby="popular-heading">
      <h2 id="popular-heading">{t('home_sections.popular.heading')}</h2>
      <p className="home-lead">{t('home_sections.popular.lead')}</p>
      <SectionState query={query} isEmpty={isEmptyList} emptyText={t('home_sections.popular.empty')}>
        {(items) => (
          <ul className="popular-list">
            {items.map((chunk) => (
              <PopularRoute key={chunk.id} chunk={chunk} drawnAt={drawnAt} />
            ))}
          </ul>
        )}
      </SectionState>
    </section>
  );
}

/** An image from the content, or a drawn placeholder when it has none. */
function ContentImage({ src, alt }: { src: string; alt: string }) {
  if (!src) return <div className="content-thumb content-thumb-empty" aria-hidden="true" />;
  return <img className="content-thumb" src={src} alt={alt} loading="lazy" decoding="async" width={320} height={180} />;
}

function FeaturedSection() {
  const { t } = useTranslation();
  const lang = useLang();
  const query = useQuery(homeQueries.featured(lang));
  return (
    <section className="section home-section" aria-labelledby="featured-heading">
      <h2 id="featured-heading">{t('home_sections.featured.heading')}</h2>
      <SectionState query={query} isEmpty={isEmptyList} emptyText={t('home_sections.featured.empty')}>
        {(items) => (
          <ul className="card-grid">
            {items.map((post) => (
              <li key={post.id} className="card post-card">
                <ContentImage src={post.image} alt={post.image_alt} />
                <h3>
                  <Link to={toInternalPath(post.path)}>{post.title}</Link>
                </h3>
                <p>{post.summary}</p>
                <p className="post-meta">
                  {[
                    post.category_name,
                    formatDate(post.published_at, lang),
                    t('home_sections.featured.minutes', { count: post.reading_minutes }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </li>
            ))}
          </ul>
        )}
      </SectionState>
      <p>
        <RouteLink name="blog" className="section-more">
          {t('home_sections.featured.all')}
        </RouteLink>
      </p>
    </section>
  );
}

function MediaSection() {
  const { t } = useTranslation();
  const lang = useLang();
  const query = useQuery(homeQueries.media(lang));
  return (
    <section className="section home-section" aria-labelledby="media-heading">
      <h2 id="media-heading">{t('home_sections.media.heading')}</h2>
      <SectionState query={query} isEmpty={isEmptyList} emptyText={t('home_sections.media.empty')}>
        {(items) => (
          <ul className="card-grid">
            {items.map((item) => (
              <li key={item.id} className="card post-card">
                <ContentImage src={item.image} alt={item.image_alt} />
                <p className="post-meta">
                  {t(`home_sections.media.kinds.${item.kind}`)} · {formatDate(item.published_at, lang)}
                </p>
                <h3>{item.path ? <Link to={toInternalPath(item.path)}>{item.title}</Link> : item.title}</h3>
                {item.caption && <p>{item.caption}</p>}
              </li>
            ))}
          </ul>
        )}
      </SectionState>
    </section>
  );
}

function ImpactSection() {
  const { t } = useTranslation();
  const lang = useLang();
  const query = useQuery(homeQueries.impact(lang));
  const number = new Intl.NumberFormat(lang === 'vi' ? 'vi-VN' : 'en-GB', { maximumFractionDigits: 0 });
  return (
    <section className="section home-section" aria-labelledby="impact-heading">
      <h2 id="impact-heading">{t('home_sections.impact.heading')}</h2>
      <SectionState query={query} isEmpty={(data) => data.items.length === 0} emptyText={t('home_sections.impact.empty')}>
        {(data) => (
          <>
            <p className="home-lead">
              {t('home_sections.impact.period', {
                from: formatDate(data.period_start, lang),
                to: formatDate(data.period_end, lang),
              })}
            </p>
            <dl className="impact-list">
              {data.items.map((figure) => (
                <div key={figure.key} className="impact-figure">
                  <dt>{figure.label}</dt>
                  <dd>
                    <span className="impact-value">
                      {number.format(figure.value)}
                      {figure.unit && (figure.unit === '%' ? figure.unit : ` ${figure.unit}`)}
                    </span>
                    <small className="impact-method">{figure.method}</small>
                  </dd>
                </div>
              ))}
            </dl>
          </>
        )}
      </SectionState>
    </section>
  );
}

function PartnersSection() {
  const { t } = useTranslation();
  return (
    <section className="section home-section" aria-labelledby="partners-heading">
      <h2 id="partners-heading">{t('home_sections.partners.heading')}</h2>
      <p>{t('home_sections.partners.text')}</p>
      <p className="home-actions">
        <RouteLink name="transport-partners" className="button">
          {t('home_sections.partners.transport')}
        </RouteLink>
        <RouteLink name="business-partners" className="button">
          {t('home_sections.partners.business')}
        </RouteLink>
      </p>
    </section>
  );
}

export function HomeSections({ hotline }: { hotline: string }) {
  return (
    <>
      <LiveBookingCount />
      <SuggestBrands />
      <RatingsSection />
      <PopularSection />
      <FeaturedSection />
      <MediaSection />
      <ImpactSection />
      <SpecialRequestSection hotline={hotline} />
      <PartnersSection />
      <SocialLike />
    </>
  );
}
