// The source of each server-rendered route's lazy parts, as routes/screens.ts (and the home page) import them.
// The server links their styles and scripts in the page's head (src/server/http/page-render.ts reads the build's
// manifest by these names), so the HTML paints styled and the chunks hydration waits for load beside the first script.
import type { RouteName } from '../../shared/domain/route-table';

/** What hydrates a rendered page (imported by src/app/main.tsx): preloaded on every rendered page. */
export const HYDRATION_SOURCE = 'src/app/lib/ssr-state.ts';

const LANDING = 'src/app/features/content/landing/components/landing-page.tsx';
const STATIC_PAGES = 'src/app/routes/static-pages.tsx';

export const SCREEN_SOURCES: Partial<Record<RouteName, string>> = {
  home: 'src/app/features/home/components/home-sections.tsx',
  'price-list': 'src/app/routes/price-list.tsx',
  blog: 'src/app/routes/blog.tsx',
  news: 'src/app/routes/news.tsx',
  faqs: 'src/app/routes/faqs.tsx',
  complaints: STATIC_PAGES,
  'corporate-customer': STATIC_PAGES,
  'privacy-policy': STATIC_PAGES,
  'transport-policy': STATIC_PAGES,
  'instructions-for-use': STATIC_PAGES,
  jobs: STATIC_PAGES,
  'about-us': STATIC_PAGES,
  'airport-noibai': LANDING,
  'airport-lienkhuong': LANDING,
  'airport-phuquoc': LANDING,
  'airport-danang': LANDING,
  'airport-camranh': LANDING,
  airport: LANDING,
  'long-distance': LANDING,
  travel: LANDING,
};
