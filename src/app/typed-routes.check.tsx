// Read by tsc only (`npm run typecheck`), never run: the router is registered (router.tsx), so a link or navigation to
// a route that does not exist, with a missing param, or with a search param its route does not read is a type error.
// Each such line below is marked as an expected error; were the router to accept one, the mark would be unused and the
// typecheck would fail.
import { Link, useNavigate } from '@tanstack/react-router';

export function LinksTheRouterChecks() {
  const navigate = useNavigate();
  const lang = 'en' as const;
  // Accepted: routes, params and search as the route tree declares them.
  void navigate({ to: '/$lang/home', params: { lang } });
  void navigate({ to: '/$lang/ticket-detail/$code/$phone', params: { lang, code: 'VV12AB34', phone: '0912345678' } });
  void navigate({ to: '/$lang/price-list', params: { lang }, search: { pick: 'ward:1', drop: 'province:79', chair: 2 } });
  void navigate({ to: '/$lang/blog/{-$slug}', params: { lang }, search: { category: 'news' } });

  // @ts-expect-error a route that does not exist
  void navigate({ to: '/$lang/no-such-page', params: { lang } });
  // @ts-expect-error a public path is not a route of the tree (the rewrite maps it)
  void navigate({ to: '/dat-xe' });
  // @ts-expect-error a required param left out
  void navigate({ to: '/$lang/ticket-detail/$code/$phone', params: { lang, code: 'VV12AB34' } });
  // @ts-expect-error a search param the price list does not read
  void navigate({ to: '/$lang/price-list', params: { lang }, search: { pickup: 'ward:1' } });
  // @ts-expect-error a search param on a route that reads none
  void navigate({ to: '/$lang/home', params: { lang }, search: { q: 'x' } });

  return (
    <>
      <Link to="/$lang/faqs" params={{ lang }}>
        faqs
      </Link>
      {/* @ts-expect-error a route that does not exist */}
      <Link to="/$lang/no-such-page">nowhere</Link>
      {/* @ts-expect-error a search param the news page does not read */}
      <Link to="/$lang/news/{-$slug}" params={{ lang }} search={{ query: 'x' }} />
    </>
  );
}
