import { Link, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LANGS, switchLanguagePath, type Lang } from '../../../shared/domain/route-table';
import { alternateFor, useAlternatePaths } from '../../lib/alternate-path';
import { writeEntry } from '../../lib/store-keys';
import { LANGUAGE_KEY } from '../../lib/i18n';
import { publicPathname, toInternalPath } from '../../lib/route-paths';
import { useLang } from '../../lib/use-lang';

/** The same page in `lang`: the path the page set (a post's translated slug) when there is one, else the route table's. */
function useSwitchTarget(lang: Lang): string {
  const alternate = useAlternatePaths();
  const pathname = useRouterState({ select: (state) => publicPathname(state.location) });
  return alternateFor(alternate, pathname, lang) ?? switchLanguagePath(pathname, lang);
}

function remember(lang: Lang) {
  writeEntry(LANGUAGE_KEY, lang, null);
}

// A language switch is not a step of the passenger's way: it takes the place of the page's history entry, so Back
// and a page's close button (the ticket's) lead where they led before, not to the same page in the other language.

/** The header's switch: one link to the same page in the other language (spec 2). */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const lang = useLang();
  const other: Lang = lang === 'vi' ? 'en' : 'vi';
  const target = useSwitchTarget(other);
  return (
    <Link
      to={toInternalPath(target)}
      replace
      search={true}
      hash={true}
      className="header-lang"
      hrefLang={other}
      aria-label={t('lang.switch_to')}
      onClick={() => remember(other)}
    >
      <span lang={other}>{t('lang.short')}</span>
    </Link>
  );
}

function LanguageOption({ lang, current, onPick }: { lang: Lang; current: Lang; onPick: () => void }) {
  const { t } = useTranslation();
  const target = useSwitchTarget(lang);
  return (
    <li>
      <Link
        to={toInternalPath(target)}
        replace
        search={true}
        hash={true}
        hrefLang={lang}
        lang={lang}
        aria-current={lang === current ? 'true' : undefined}
        className="menu-lang-option"
        onClick={() => {
          remember(lang);
          onPick();
        }}
      >
        {t(`lang.${lang}`)}
      </Link>
    </li>
  );
}

/** The side menu's switcher: both languages, the current one marked. */
export function LanguageList({ onPick }: { onPick: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <nav aria-label={t('lang.label')}>
      <ul className="menu-lang">
        {LANGS.map((option) => (
          <LanguageOption key={option} lang={option} current={lang} onPick={onPick} />
        ))}
      </ul>
    </nav>
  );
}
