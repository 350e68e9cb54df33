// Page views go into a tag-manager data layer (spec 2). The tag-manager script itself loads only when an id
// is configured (home/get_key_values gtm_id), so by default nothing leaves the site.

interface PageView {
  event: 'page_view';
  page_path: string;
  page_location: string;
  page_title: string;
  page_language: string;
  route_name: string;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export function dataLayer(): unknown[] {
  window.dataLayer ??= [];
  return window.dataLayer;
}

export function pushPageView(view: Omit<PageView, 'event'>): void {
  dataLayer().push({ event: 'page_view', ...view });
}

const GTM_ID = /^GTM-[A-Z0-9]{4,12}$/;

/** Adds the tag-manager script once; ignores ids that are not tag-manager container ids. */
export function loadTagManager(id: string): boolean {
  if (!GTM_ID.test(id) || document.getElementById('gtm-script')) return false;
  dataLayer().push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.id = 'gtm-script';
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`;
  document.head.appendChild(script);
  return true;
}
