// A blog post or news item on its own page: a link back to the list, the title, date and reading time, the picture,
// the body blocks, optional tools (news: share) and up to 3 related posts.
import type { ReactNode } from 'react';
import type { PostDetail } from '../../../shared/contract/content';
import { ContentBlocks } from './blocks';
import { OfflineNotice } from './states';
import { PostImage, PostList, PostMeta } from './post-card';

export function PostArticle({
  post,
  back,
  relatedTitle,
  tools,
}: {
  post: PostDetail;
  back: ReactNode;
  relatedTitle: string;
  tools?: ReactNode;
}) {
  return (
    <div className="page content-page">
      {back}
      <OfflineNotice />
      <article className="post-article" aria-labelledby="post-heading">
        <header className="post-header">
          {post.category_name && <p className="post-category">{post.category_name}</p>}
          <h1 id="post-heading">{post.title}</h1>
          <PostMeta post={post} />
          <p className="content-lead">{post.summary}</p>
        </header>
        {/* A post without a picture goes straight to its text (the lists show a drawn placeholder). */}
        {post.image && <PostImage post={post} className="post-article-image" />}
        <ContentBlocks blocks={post.body} />
        {tools}
      </article>
      {post.related.length > 0 && (
        <section className="related-posts" aria-labelledby="related-heading">
          <h2 id="related-heading">{relatedTitle}</h2>
          <PostList posts={post.related} label={relatedTitle} headingLevel={3} />
        </section>
      )}
    </div>
  );
}
