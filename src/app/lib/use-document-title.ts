// A screen's own document title; while the screen is mounted the route's SEO texts (use-seo.ts) leave the title alone.
import { useEffect } from 'react';
import { claimDocumentTitle } from './use-seo';

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
    return claimDocumentTitle();
  }, [title]);
}
