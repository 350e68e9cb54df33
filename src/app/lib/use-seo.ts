// Keeps the SEO head right after each navigation: the title, description, robots, canonical, hreflang
// alternates and Open Graph tags the server wrote into the shell (src/server/http/seo-head.ts) are updated in place.
// The root route sets every route's own texts (useRouteSeo); a content page sets its API title and summary with
// useSeo, which then wins over the route's texts while it is mounted. A screen that names its own title
// (useDocumentTitle) keeps it: the route's texts then leave the title alone. The texts and the DOM work (seo-dom.ts)
// load as their own chunk on the first navigation, so none of it weighs on the first load.
import { useEffect } from 'react';
import type { RouteName } from '../../shared/domain/route-table';

/** What a content page knows about itself once its API has answered. */
export interface PageSeo {
  /** The content's title, without the brand (" – Vivu" is added). */
  title: string;
  /** Its summary; cut to about 160 characters. */
  description: string;
  /** The page's own path (the API's `path`); default: the current path. */
  path?: string;
  /** The same page in the other language (the API's `alternate`: lang and path), or null when it has none. */
  alternate?: { lang: string; path: string } | null;
  /** A share image: a path under the site (the API's `image`) or ''. */
  image?: string;
  /** Default 'article'. */
  type?: 'website' | 'article';
  /** Keeps the page out of search results (noindex, follow). */
  noindex?: boolean;
}

let contentClaims = 0;
let titleClaims = 0;
/** Applies the route's own texts to the current location again (set by useRouteSeo). */
let reapplyRoute: (() => void) | null = null;

/**
 * The location the server wrote the head for (its shell carries a robots tag; the service worker's cached shell does
 * not): its tags, content titles included, are already right, so the route's texts are not applied there on start.
 */
let serverWrote: string | null =
  typeof document !== 'undefined' && document.head.querySelector('meta[name="robots"]') ? window.location.pathname : null;

const loadDom = () => import('./seo-dom');

/** For useDocumentTitle: a screen names its own title while mounted; returns the release. */
export function claimDocumentTitle(): () => void {
  titleClaims += 1;
  document.querySelector('meta[property="og:title"]')?.setAttribute('content', document.title);
  return () => {
    titleClaims -= 1;
  };
}

/**
 * A content page's head from its API answer; pass null while it loads (the route's texts stay meanwhile).
 * Example: `useSeo(post ? { title: post.title, description: post.summary, path: post.path, alternate: post.alternate,
 * image: post.image } : null)`.
 */
export function useSeo(seo: PageSeo | null | undefined): void {
  const key = seo ? JSON.stringify(seo) : '';
  useEffect(() => {
    if (!key) return undefined;
    let mounted = true;
    contentClaims += 1;
    const pathname = window.location.pathname;
    void loadDom().then(({ applyContent }) => {
      if (mounted) applyContent(JSON.parse(key) as PageSeo, pathname, titleClaims > 0);
    });
    return () => {
      mounted = false;
      contentClaims -= 1;
      // A page that leaves hands the head back to the route it left for.
      if (contentClaims === 0) queueMicrotask(() => reapplyRoute?.());
    };
  }, [key]);
}

/** The root route: the route's own texts on each location (not-found texts outside the live routes). */
export function useRouteSeo(pathname: string, isLive: (name: RouteName) => boolean): void {
  useEffect(() => {
    if (serverWrote !== null) {
      const first = serverWrote === pathname;
      serverWrote = null;
      if (first) return undefined;
    }
    let current = true;
    const apply = () => {
      void loadDom().then(({ applyRoute }) => {
        if (current && contentClaims === 0) applyRoute(pathname, isLive, titleClaims > 0);
      });
    };
    reapplyRoute = apply;
    apply();
    return () => {
      current = false;
      if (reapplyRoute === apply) reapplyRoute = null;
    };
  }, [pathname, isLive]);
}
