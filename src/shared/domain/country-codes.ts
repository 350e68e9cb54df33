// Country calling codes for the phone fields (spec 3: dial code, country name, optional flag code). Names are
// not stored: the app shows each country's name in the user's language with Intl.DisplayNames.
import { foldText } from './fold-text';

/** ISO 3166-1 alpha-2 code and ITU calling code (without "+"). */
export const COUNTRY_CODES: readonly (readonly [iso: string, dial: string])[] = [
  ['VN', '84'],
  ['US', '1'],
  ['CA', '1'],
  ['GB', '44'],
  ['AU', '61'],
  ['NZ', '64'],
  ['FR', '33'],
  ['DE', '49'],
  ['IT', '39'],
  ['ES', '34'],
  ['PT', '351'],
  ['NL', '31'],
  ['BE', '32'],
  ['CH', '41'],
  ['AT', '43'],
  ['SE', '46'],
  ['NO', '47'],
  ['DK', '45'],
  ['FI', '358'],
  ['IE', '353'],
  ['IS', '354'],
  ['PL', '48'],
  ['CZ', '420'],
  ['SK', '421'],
  ['HU', '36'],
  ['RO', '40'],
  ['BG', '359'],
  ['GR', '30'],
  ['TR', '90'],
  ['RU', '7'],
  ['UA', '380'],
  ['BY', '375'],
  ['LT', '370'],
  ['LV', '371'],
  ['EE', '372'],
  ['HR', '385'],
  ['SI', '386'],
  ['RS', '381'],
  ['BA', '387'],
  ['ME', '382'],
  ['MK', '389'],
  ['AL', '355'],
  ['LU', '352'],
  ['MT', '356'],
  ['CY', '357'],
  ['MD', '373'],
  ['GE', '995'],
  ['AM', '374'],
  ['AZ', '994'],
  ['KZ', '7'],
  ['UZ', '998'],
  ['KG', '996'],
  ['TJ', '992'],
  ['TM', '993'],
  ['MN', '976'],
  ['CN', '86'],
  ['HK', '852'],
  ['MO', '853'],
  ['TW', '886'],
  ['JP', '81'],
  ['KR', '82'],
  ['KP', '850'],
  ['TH', '66'],
  ['LA', '856'],
  ['KH', '855'],
  ['MM', '95'],
  ['MY', '60'],
  ['SG', '65'],
  ['ID', '62'],
  ['PH', '63'],
  ['BN', '673'],
  ['TL', '670'],
  ['IN', '91'],
  ['PK', '92'],
  ['BD', '880'],
  ['LK', '94'],
  ['NP', '977'],
  ['BT', '975'],
  ['MV', '960'],
  ['AF', '93'],
  ['IR', '98'],
  ['IQ', '964'],
  ['SA', '966'],
  ['AE', '971'],
  ['QA', '974'],
  ['KW', '965'],
  ['BH', '973'],
  ['OM', '968'],
  ['YE', '967'],
  ['JO', '962'],
  ['LB', '961'],
  ['SY', '963'],
  ['IL', '972'],
  ['PS', '970'],
  ['EG', '20'],
  ['MA', '212'],
  ['DZ', '213'],
  ['TN', '216'],
  ['LY', '218'],
  ['SD', '249'],
  ['ET', '251'],
  ['KE', '254'],
  ['TZ', '255'],
  ['UG', '256'],
  ['RW', '250'],
  ['NG', '234'],
  ['GH', '233'],
  ['CI', '225'],
  ['SN', '221'],
  ['CM', '237'],
  ['ZA', '27'],
  ['ZW', '263'],
  ['ZM', '260'],
  ['MZ', '258'],
  ['AO', '244'],
  ['NA', '264'],
  ['BW', '267'],
  ['MG', '261'],
  ['MU', '230'],
  ['SC', '248'],
  ['MX', '52'],
  ['BR', '55'],
  ['AR', '54'],
  ['CL', '56'],
  ['CO', '57'],
  ['PE', '51'],
  ['VE', '58'],
  ['EC', '593'],
  ['BO', '591'],
  ['PY', '595'],
  ['UY', '598'],
  ['CU', '53'],
  ['DO', '1'],
  ['JM', '1'],
  ['PA', '507'],
  ['CR', '506'],
  ['GT', '502'],
  ['HN', '504'],
  ['SV', '503'],
  ['NI', '505'],
  ['PR', '1'],
  ['FJ', '679'],
  ['PG', '675'],
];

export const DEFAULT_COUNTRY = { iso: 'VN', dial: '84' } as const;

/** The flag emoji of an ISO code (regional indicator letters). */
export function flagOf(iso: string): string {
  return String.fromCodePoint(...[...iso.toUpperCase()].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));
}

/** Case and accent folding for searching country names ("viet" finds "Việt Nam"). */
export { foldText };

export interface CountryOption {
  iso: string;
  dial: string;
  name: string;
}

/** Options matching `query` by name, ISO code or dial code; Vietnam first, then by name. */
export function filterCountries(options: CountryOption[], query: string): CountryOption[] {
  const q = foldText(query.trim()).replace(/^\+/, '');
  const matches = q
    ? options.filter((option) => foldText(option.name).includes(q) || option.iso.toLowerCase() === q || option.dial.startsWith(q))
    : options;
  return [...matches].sort((a, b) => (a.iso === 'VN' ? -1 : b.iso === 'VN' ? 1 : a.name.localeCompare(b.name)));
}

/** The country a phone field starts on: the first one with the configured default_country_code (spec 9), else Vietnam. */
export function countryForDial(dial: string | undefined): { iso: string; dial: string } {
  const found = COUNTRY_CODES.find(([, code]) => code === dial);
  return found ? { iso: found[0], dial: found[1] } : { iso: DEFAULT_COUNTRY.iso, dial: DEFAULT_COUNTRY.dial };
}
