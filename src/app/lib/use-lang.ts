import { useRouterState } from '@tanstack/react-router';
import { langFromPath, type Lang } from '../../shared/domain/route-table';
import { publicPathname } from './route-paths';

/** The language of the page on screen: it always follows the first path segment (spec 2). */
export function useLang(): Lang {
  return useRouterState({ select: (state) => langFromPath(publicPathname(state.location)) });
}
