import { Link } from '@tanstack/react-router';
import type { ComponentPropsWithoutRef } from 'react';
import { pathFor, type RouteName, type RouteParams } from '../../../shared/domain/route-table';
import { useLang } from '../../lib/use-lang';

type Props = Omit<ComponentPropsWithoutRef<'a'>, 'href'> & { name: RouteName; params?: RouteParams };

/** A link to a named route in the page's language. */
export function RouteLink({ name, params, children, ...rest }: Props) {
  const lang = useLang();
  return (
    <Link to={pathFor(name, lang, params)} {...rest}>
      {children}
    </Link>
  );
}
