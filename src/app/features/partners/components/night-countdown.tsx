// The time a partner has left to answer a night booking (night_seconds_left when the list was fetched), ticking
// each second on screen; screen readers hear it in 30-second steps only, through a polite live region.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCountdown, spokenCountdown } from '../console-rules';

export function NightCountdown({ secondsLeft, fetchedAt }: { secondsLeft: number; fetchedAt: number }) {
  const { t } = useTranslation();
  const deadline = fetchedAt + secondsLeft * 1000;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (Date.now() >= deadline) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  const left = Math.max(0, (deadline - now) / 1000);
  const spoken = spokenCountdown(left);
  return (
    <div className={`partner-countdown${left <= 30 ? ' urgent' : ''}`}>
      <span aria-hidden="true">
        {left > 0 ? t('partner.night.left', { time: formatCountdown(left) }) : t('partner.night.expired')}
      </span>
      <span className="visually-hidden" aria-live="polite">
        {spoken > 0 ? t('partner.night.left_spoken', { time: formatCountdown(spoken) }) : t('partner.night.expired')}
      </span>
    </div>
  );
}
