// One blog post or news item in a list (title link, date, reading time, summary) and the list itself; also the
// meta line a post page shows under its title. Dates are shown in Vietnam time in the page's language.
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { PostSummary } from '../../../shared/contract/content';
import type { Lang } from '../../../shared/domain/route-table';
import { useLang } from '../../lib/use-lang';
import { toInternalPath } from '../../lib/route-paths';

export function formatPostDate(iso: string, lang: Lang): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(lang === 'vi' ? 'vi-VN' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Ho_Chi_Minh',
  }).format(date);
}

export function PostMeta({ post }: { post: PostSummary }) {
  const { t } = useTranslation();
  const lang = useLang();
  const by = post.kind === 'news' ? post.source || post.author : post.author;
  return (
    <p className="post-meta">
      <time dateTime={post.published_at}>{formatPostDate(post.published_at, lang)}</time>
      <span aria-hidden="true"> · </span>
      <span>{t('content_pages.reading_minutes', { count: post.reading_minutes })}</span>
      {by && (
        <>
          <span aria-hidden="true"> · </span>
          <span>{by}</span>
        </>
      )}
    </p>
  );
}

/** The post's picture, or a drawn placeholder (decorative) when it has none. */
export function PostImage({ post, className }: { post: PostSummary; className: string }) {
  if (post.image) {
    return <img className={className} src={post.image} alt={post.image_alt} loading="lazy" width={640} height={360} />;
  }
  return (
    <div className={`${className} post-image-placeholder post-image-${post.kind}`} aria-hidden="true">
      <span>{(post.category_name || post.title).slice(0, 1)}</span>
    </div>
  );
}

export function PostCard({ post, headingLevel = 2 }: { post: PostSummary; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <li className="post-card">
      <PostImage post={post} className="post-card-image" />
      <div className="post-card-text">
        {post.category_name && <p className="post-category">{post.category_name}</p>}
        <Heading className="post-card-title">
          <Link to={toInternalPath(post.path)}>{post.title}</Link>
        </Heading>
        <PostMeta post={post} />
        <p className="post-summary">{post.summary}</p>
      </div>
    </li>
  );
}

/** The cards of a list; the caller owns the <ul> (a paged list keeps a ref on it to move focus). */
export function PostItems({ posts, headingLevel }: { posts: PostSummary[]; headingLevel?: 2 | 3 }) {
  return (
    <>
      {posts.map((post) => (
        <PostCard key={post.id} post={post} headingLevel={headingLevel} />
      ))}
    </>
  );
}

export function PostList({ posts, label, headingLevel }: { posts: PostSummary[]; label: string; headingLevel?: 2 | 3 }) {
  return (
    <ul className="post-list" aria-label={label}>
      <PostItems posts={posts} headingLevel={headingLevel} />
    </ul>
  );
}
