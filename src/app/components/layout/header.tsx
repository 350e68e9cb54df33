import { useTranslation } from 'react-i18next';
import { RouteLink } from '../ui/route-link';
import { LogoMark, MenuIcon, PhoneIcon } from '../ui/icons';
import { LanguageSwitch } from './language-switch';

interface Props {
  hotline: string;
  hotlineDisplay: string;
  menuOpen: boolean;
  onOpenMenu: () => void;
}

export function Header({ hotline, hotlineDisplay, menuOpen, onOpenMenu }: Props) {
  const { t } = useTranslation();
  return (
    <header className="site-header">
      <RouteLink name="home" className="logo" aria-label={t('header.home')}>
        <LogoMark />
        <span className="logo-text" aria-hidden="true">
          Vivu
        </span>
      </RouteLink>
      <a className="hotline" href={`tel:${hotline}`} aria-label={t('header.call_hotline', { number: hotlineDisplay })}>
        <PhoneIcon />
        <span>
          <span className="hotline-label">{t('header.hotline')} </span>
          {hotlineDisplay}
        </span>
      </a>
      <LanguageSwitch />
      <button
        type="button"
        className="icon-button"
        aria-label={t('header.menu_open')}
        aria-haspopup="dialog"
        aria-expanded={menuOpen}
        aria-controls="side-menu"
        onClick={onOpenMenu}
      >
        <MenuIcon />
      </button>
    </header>
  );
}
