// The social like button of the home page (spec 2). It appears, and the provider's script loads, only when a
// provider is configured: the site key facebook_page_url (home/get_key_values). With none configured (the default)
// it renders nothing and loads nothing. The script is added once, after the section is on screen.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { SITE_KEY_DEFAULTS } from '../../../../shared/domain/system-config';
import { useLang } from '../../../lib/use-lang';
import { configQueries } from '../../../lib/config-queries';

const SCRIPT_ID = 'social-like-sdk';

function loadProviderScript(locale: string): void {
  if (document.getElementById(SCRIPT_ID)) return;
  const script = document.createElement('script');
  script.id = SCRIPT_ID;
  script.async = true;
  script.defer = true;
  script.crossOrigin = 'anonymous';
  script.src = `https://connect.facebook.net/${locale}/sdk.js#xfbml=1&version=v19.0`;
  document.body.appendChild(script);
}

export function SocialLike() {
  const { t } = useTranslation();
  const lang = useLang();
  const { data = SITE_KEY_DEFAULTS } = useQuery(configQueries.siteKeys());
  const pageUrl = data.facebook_page_url.trim();
  useEffect(() => {
    if (pageUrl) loadProviderScript(lang === 'vi' ? 'vi_VN' : 'en_US');
  }, [pageUrl, lang]);
  if (!pageUrl) return null;
  return (
    <section className="section home-section" aria-label={t('home_sections.social.label')}>
      <div
        className="fb-like"
        data-href={pageUrl}
        data-width=""
        data-layout="button_count"
        data-action="like"
        data-size="large"
        data-share="false"
      />
      <p>
        <a href={pageUrl} target="_blank" rel="noopener noreferrer">
          {t('home_sections.social.follow')}
        </a>
      </p>
    </section>
  );
}
