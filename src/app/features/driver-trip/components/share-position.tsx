// The driver's position, shared only when the driver presses the button (the reason is said next to it) and only
// while the trip is on the way or at the pick-up: the browser's watchPosition gives positions, of which the latest is
// sent at most every POSITION_SEND_EVERY_MS, and sent again when the server refused it as too soon or it did not get
// through. A refusal or no position is said plainly; the trip goes on either way, and a position the phone cannot get
// for a while does not stop the watch (the next one is sent).
// Stopping, leaving the shared states or a dead link ends the watch.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POSITION_MIN_GAP_MS, POSITION_SEND_EVERY_MS } from '../../../../shared/contract/partner-driver';
import { ApiError } from '../../../lib/api-client';
import { driverTripCalls } from '../api';

/** 'lost': watching, but the phone has no position now (a tunnel, no fix yet); the next one turns it back on. */
type Sharing = 'off' | 'asking' | 'on' | 'lost' | 'denied' | 'unavailable';

interface Fix {
  lat: number;
  lng: number;
  accuracy: number;
}

function useSharedPosition(token: string, allowed: boolean, onLinkDead: () => void) {
  const [sharing, setSharing] = useState<Sharing>('off');
  const [sentAt, setSentAt] = useState<Date | null>(null);
  const watch = useRef<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef<Fix | null>(null);
  const lastSent = useRef(0);

  function stop(next: Sharing = 'off') {
    if (watch.current !== null) navigator.geolocation.clearWatch(watch.current);
    if (timer.current !== null) clearTimeout(timer.current);
    watch.current = null;
    timer.current = null;
    latest.current = null;
    setSharing(next);
  }

  function send() {
    timer.current = null;
    const fix = latest.current;
    if (!fix) return;
    latest.current = null;
    lastSent.current = Date.now();
    driverTripCalls
      .position(token, fix)
      .then(() => setSentAt(new Date()))
      .catch((error: unknown) => {
        // A dead link (the trip moved on, or another driver took it): nothing more to share.
        if (error instanceof ApiError && error.status === 404) {
          stop();
          onLinkDead();
          return;
        }
        // Refused as too soon after the last one, or not delivered (no connection, a busy server): the position is
        // sent again later, unless a newer one has come meanwhile or the sharing stopped. A phone standing still
        // gives no new position to send instead.
        if (watch.current === null) return;
        latest.current ??= fix;
        if (timer.current !== null) return;
        const tooSoon = error instanceof ApiError && error.status === 429;
        timer.current = setTimeout(send, tooSoon ? POSITION_MIN_GAP_MS : POSITION_SEND_EVERY_MS);
      });
  }

  function schedule() {
    if (timer.current !== null) return;
    const wait = Math.max(0, lastSent.current + POSITION_SEND_EVERY_MS - Date.now());
    timer.current = setTimeout(send, wait);
  }

  function start() {
    if (!('geolocation' in navigator)) {
      setSharing('unavailable');
      return;
    }
    setSharing('asking');
    watch.current = navigator.geolocation.watchPosition(
      (position) => {
        setSharing('on');
        latest.current = {
          lat: position.coords.latitude,
          lng: position.coords.longitude,
          accuracy: Math.round(position.coords.accuracy),
        };
        schedule();
      },
      // A refusal ends the sharing; a position the phone cannot get now does not: the watch goes on.
      (error) => (error.code === error.PERMISSION_DENIED ? stop('denied') : setSharing('lost')),
      { enableHighAccuracy: true, maximumAge: POSITION_SEND_EVERY_MS, timeout: 30_000 },
    );
  }

  // Leaving the shared states (the passenger on board, the trip over) ends the watch; so does leaving the screen.
  useEffect(() => {
    if (!allowed && watch.current !== null) stop();
  }, [allowed]);
  useEffect(
    () => () => {
      if (watch.current !== null) navigator.geolocation.clearWatch(watch.current);
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );

  return { sharing, sentAt, start, stop: () => stop() };
}

export function SharePosition({ token, allowed, onLinkDead }: { token: string; allowed: boolean; onLinkDead: () => void }) {
  const { t, i18n } = useTranslation();
  const { sharing, sentAt, start, stop } = useSharedPosition(token, allowed, onLinkDead);
  if (!allowed) return null;
  const active = sharing === 'asking' || sharing === 'on' || sharing === 'lost';
  const time = sentAt?.toLocaleTimeString(i18n.language === 'en' ? 'en-GB' : 'vi-VN', { timeStyle: 'medium' });
  return (
    <section className="driver-position" aria-labelledby="driver-position-heading">
      <h2 id="driver-position-heading">{t('driver_trip.position.title')}</h2>
      <p id="driver-position-reason">{t('driver_trip.position.reason')}</p>
      {active ? (
        <button type="button" className="button" onClick={stop}>
          {t('driver_trip.position.stop')}
        </button>
      ) : (
        <button type="button" className="button" aria-describedby="driver-position-reason" onClick={start}>
          {t('driver_trip.position.share')}
        </button>
      )}
      <p role="status" aria-live="polite" className="driver-position-status">
        {sharing === 'asking' ? t('driver_trip.position.asking') : null}
        {sharing === 'on' ? (time ? t('driver_trip.position.sent', { time }) : t('driver_trip.position.on')) : null}
        {sharing === 'denied' ? t('driver_trip.position.denied') : null}
        {sharing === 'unavailable' || sharing === 'lost' ? t('driver_trip.position.unavailable') : null}
      </p>
    </section>
  );
}
