import { Link } from '@tanstack/react-router';
import type { ComponentPropsWithoutRef } from 'react';
import { type RouteName, type RouteParams } from '../../../shared/domain/route-table';
import { useLang } from '../../lib/use-lang';
import { internalPath } from '../../lib/route-paths';

type Props = Omit<ComponentPropsWithoutRef<'a'>, 'href'> & { name: RouteName; params?: RouteParams };

/** A link to a named route in the page's language. */
export function RouteLink({ name, params, children, ...rest }: Props) {
  const lang = useLang();
  return (
    <Link to={internalPath(name, lang, params)} {...rest}>
      {children}
    </Link>
  );
}
