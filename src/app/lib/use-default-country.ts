// spec 9 default_country_code (84): the country the phone fields with a country picker start on, from the served
// configuration (Vietnam until it answers, or when the code is not a known calling code).
import { useQuery } from '@tanstack/react-query';
import { countryForDial } from '../../shared/domain/country-codes';
import { configQueries } from './config-queries';

export function useDefaultCountry(): { iso: string; dial: string } {
  const { data } = useQuery(configQueries.system());
  return countryForDial(data?.default_country_code);
}
