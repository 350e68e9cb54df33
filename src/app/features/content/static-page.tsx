// The static pages by id (spec 9: complaints 237, corporate customer 219, privacy 234, transport policy 233, user
// guide 511; jobs and about us, docs/decisions.md Content): one component for all, the title and body from
// get_static_page in the page's language, with the date of the last change. A page may add a call to action below.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { STATIC_PAGE_IDS, type StaticPageKey } from '../../../shared/contract/content';
import { pathFor, type RouteName } from '../../../shared/domain/route-table';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSeo } from '../../lib/use-seo';
import { useLang } from '../../lib/use-lang';
import { ContentBlocks } from './blocks';
import { contentQueries } from './content-api';
import { formatPostDate } from './post-card';
import { ContentError, ContentLoading, OfflineNotice } from './states';
import './content.css';

export function StaticContentPage({ page, route, after }: { page: StaticPageKey; route: RouteName; after?: ReactNode }) {
  const { t } = useTranslation();
  const lang = useLang();
  const query = useQuery(contentQueries.staticPage(lang, STATIC_PAGE_IDS[page]));
  const data = query.data;
  useDocumentTitle(`${data?.title ?? t(`routes.${route}`)} – Vivu`);
  const other = lang === 'vi' ? 'en' : 'vi';
  useSeo(
    data && {
      title: data.title,
      description: data.summary,
      path: data.path,
      alternate: { lang: other, path: pathFor(route, other) },
      type: 'website',
    },
  );
  if (query.isPending) {
    return (
      <section className="page content-page" aria-labelledby="static-heading">
        <h1 id="static-heading">{t(`routes.${route}`)}</h1>
        <ContentLoading />
      </section>
    );
  }
  if (!data) {
    return (
      <section className="page content-page" aria-labelledby="static-heading">
        <h1 id="static-heading">{t(`routes.${route}`)}</h1>
        <ContentError error={query.error} onRetry={() => void query.refetch()} />
      </section>
    );
  }
  return (
    <article className="page content-page static-page" aria-labelledby="static-heading">
      <OfflineNotice />
      <h1 id="static-heading">{data.title}</h1>
      {data.summary && <p className="content-lead">{data.summary}</p>}
      <ContentBlocks blocks={data.body} />
      <p className="post-meta">{t('content_pages.updated', { date: formatPostDate(data.updated_at, lang) })}</p>
      {after}
    </article>
  );
}
