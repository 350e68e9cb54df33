import { useQuery } from '@tanstack/react-query';
import { HomePage } from '../features/home/components/home-page';
import { configQueries } from '../features/config/api';
import { SITE_KEY_DEFAULTS } from '../../shared/domain/system-config';

export function HomeRoute() {
  const { data = SITE_KEY_DEFAULTS } = useQuery(configQueries.siteKeys());
  return <HomePage hotline={data.hotline} hotlineDisplay={data.hotline_display} />;
}
