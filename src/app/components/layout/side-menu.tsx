import { useTranslation } from 'react-i18next';
import type { RouteName } from '../../../shared/domain/route-table';
import type { StoredUser } from '../../lib/session';
import { CloseIcon } from '../ui/icons';
import { RouteLink } from '../ui/route-link';
import { useModal } from '../ui/use-modal';
import { LanguageList } from './language-switch';
import { AIRPORT_ROUTES, PARTNER_ROUTES, type IsAvailable, type MenuActions } from './menu-model';
import { formatPhone } from '../../../shared/domain/phone';

interface Props {
  open: boolean;
  onClose: () => void;
  user: StoredUser | null;
  onLogout: () => void;
  isAvailable: IsAvailable;
  actions: MenuActions;
}

function MenuAction({ label, onClick, close }: { label: string; onClick: (() => void) | undefined; close: () => void }) {
  if (!onClick) return null;
  return (
    <li>
      <button
        type="button"
        className="menu-item"
        onClick={() => {
          close();
          onClick();
        }}
      >
        {label}
      </button>
    </li>
  );
}

function MenuLink({ name, close, label }: { name: RouteName; close: () => void; label?: string }) {
  const { t } = useTranslation();
  return (
    <li>
      <RouteLink name={name} className="menu-item" onClick={close}>
        {label ?? t(`routes.${name}`)}
      </RouteLink>
    </li>
  );
}

function Submenu({
  label,
  names,
  isAvailable,
  close,
}: {
  label: string;
  names: readonly RouteName[];
  isAvailable: IsAvailable;
  close: () => void;
}) {
  const shown = names.filter(isAvailable);
  if (shown.length === 0) return null;
  return (
    <li>
      <details className="submenu">
        <summary className="menu-item">{label}</summary>
        <ul>
          {shown.map((name) => (
            <MenuLink key={name} name={name} close={close} />
          ))}
        </ul>
      </details>
    </li>
  );
}

/** The side menu of spec 2, a modal drawer: focus stays inside, Escape or the close button closes it. */
export function SideMenu({ open, onClose, user, onLogout, isAvailable, actions }: Props) {
  const { t } = useTranslation();
  const dialog = useModal(open);

  return (
    <dialog
      id="side-menu"
      ref={dialog}
      className="side-menu"
      aria-labelledby="side-menu-title"
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose(); // a click on the backdrop
      }}
    >
      <div className="side-menu-head">
        <h2 id="side-menu-title">
          {user
            ? t('menu.signed_in_as', { name: user.fullname || (user.phone ? formatPhone(user.phone) : user.email) })
            : t('menu.title')}
        </h2>
        <button type="button" className="icon-button" aria-label={t('header.menu_close')} onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      <nav aria-labelledby="side-menu-title">
        <ul className="menu-list">
          <MenuLink name="home" close={onClose} label={t('menu.home')} />
          <MenuAction label={t('menu.quick_booking')} onClick={actions.quickBooking} close={onClose} />
          {user ? (
            <>
              {isAvailable('account') && <MenuLink name="account" close={onClose} label={t('menu.account')} />}
              {isAvailable('ticket-manage') && (
                <MenuLink name="ticket-manage" close={onClose} label={t('menu.trip_management')} />
              )}
              <li>
                <button
                  type="button"
                  className="menu-item"
                  onClick={() => {
                    onClose();
                    onLogout();
                  }}
                >
                  {t('menu.logout')}
                </button>
              </li>
            </>
          ) : (
            <>
              <MenuAction label={t('menu.login')} onClick={actions.login} close={onClose} />
              <MenuAction label={t('menu.search_ticket')} onClick={actions.searchTicket} close={onClose} />
            </>
          )}
          <Submenu label={t('menu.airport_cars')} names={AIRPORT_ROUTES} isAvailable={isAvailable} close={onClose} />
          <Submenu label={t('menu.partners')} names={PARTNER_ROUTES} isAvailable={isAvailable} close={onClose} />
          {isAvailable('about-us') && <MenuLink name="about-us" close={onClose} label={t('menu.about_us')} />}
          {isAvailable('contact') && <MenuLink name="contact" close={onClose} label={t('routes.contact')} />}
          {isAvailable('blog') && <MenuLink name="blog" close={onClose} />}
        </ul>
      </nav>
      <div className="side-menu-lang">
        <p className="menu-section-label" id="menu-lang-label">
          {t('lang.label')}
        </p>
        <LanguageList onPick={onClose} />
      </div>
    </dialog>
  );
}
