// The live booking count (spec 7 notify_new_booking, spec 9: refreshed every 5,000 ms while the page is visible). It
// polls only while the page is visible and the device online. The number on screen changes quietly; a polite live
// region tells screen-reader users the count when it first arrives and then at most once a minute, never every tick.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../lib/use-lang';
import { useOnline } from '../../../lib/use-online';
import { homeQueries } from '../api';
import { usePageVisible } from '../use-page-visible';
import type { LiveBookingCount } from '../../../../shared/contract/booking';

/** The live region speaks again only after this long, and only when the count changed. */
const ANNOUNCE_EVERY_MS = 60_000;

function useQuietAnnouncement(text: string | null): string {
  const [spoken, setSpoken] = useState('');
  const lastAt = useRef(0);
  useEffect(() => {
    if (!text || text === spoken) return;
    const wait = lastAt.current === 0 ? 0 : Math.max(0, lastAt.current + ANNOUNCE_EVERY_MS - Date.now());
    const timer = setTimeout(() => {
      lastAt.current = Date.now();
      setSpoken(text);
    }, wait);
    return () => clearTimeout(timer);
  }, [text, spoken]);
  return spoken;
}

export function LiveBookingCount() {
  const { t } = useTranslation();
  const lang = useLang();
  const visible = usePageVisible();
  const online = useOnline();
  const query = useQuery({ ...homeQueries.liveCount(visible && online), enabled: online });
  const number = new Intl.NumberFormat(lang === 'vi' ? 'vi-VN' : 'en-GB');
  const data = query.data;
  const summary = data
    ? t('home_sections.live.summary', {
        count: data.today,
        today: number.format(data.today),
        hour: number.format(data.last_hour),
      })
    : null;
  const spoken = useQuietAnnouncement(summary);

  return (
    <section className="section home-section live-count" aria-labelledby="live-heading">
      <h2 id="live-heading" className="live-heading">
        <span className="live-dot" aria-hidden="true" />
        {t('home_sections.live.heading')}
      </h2>
      {data ? (
        <p className="live-figures" aria-hidden="true">
          <span className="live-number" data-testid="live-count-today">
            {number.format(data.today)}
          </span>{' '}
          <span>{t('home_sections.live.today', { count: data.today })}</span>
          <span className="live-hour">
            {t('home_sections.live.last_hour', { count: data.last_hour, value: number.format(data.last_hour) })}
          </span>
        </p>
      ) : query.isError || !online ? (
        <p className="home-empty">{t(online ? 'home_sections.live.unavailable' : 'home_sections.offline')}</p>
      ) : (
        <p className="home-empty">{t('home_sections.loading')}</p>
      )}
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {spoken}
      </p>
    </section>
  );
}
