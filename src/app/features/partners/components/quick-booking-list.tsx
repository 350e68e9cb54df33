// The console's quick bookings (spec 2 side menu, handled like a lead): every partner sees the open ones without the
// passenger's contact; the first to take one gets the name and phone, the others see it taken. Refreshed every
// CONSOLE_REFRESH_MS as the ticket list (paused in a hidden tab and offline), with "load more" and the loading,
// empty, error and offline states. A take lost to another partner (409) says so and asks the list again.
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QUICK_BOOKING_ERROR_KEYS } from '../../../../shared/contract/partners';
import { CONSOLE_REFRESH_MS } from '../../../../shared/contract/partners';
import { useLang } from '../../../lib/use-lang';
import { errorText, isApiErrorKey } from '../../../components/form/form-errors';
import { useOnline } from '../../../lib/use-online';
import { partnerCalls, partnerQueries } from '../api';
import { endSessionIfUnauthorized } from '../session';
import { ListEnd, ListStart } from './list-parts';
import { useAnnounce } from './announce';
import { QuickBookingCard } from './quick-booking-card';
import { refreshAfterWrite } from '../../../lib/refresh-queries';

export function QuickBookingList({ token, labelId }: { token: string; labelId: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const online = useOnline();
  const announce = useAnnounce();
  const queryClient = useQueryClient();
  const queryKey = partnerQueries.quickBookings(token, lang).queryKey;
  const list = useInfiniteQuery({ ...partnerQueries.quickBookings(token, lang), refetchInterval: CONSOLE_REFRESH_MS });
  const [failed, setFailed] = useState<{ id: number; text: string } | null>(null);
  useEffect(() => {
    if (list.error) endSessionIfUnauthorized(list.error);
  }, [list.error]);

  const take = useMutation({
    mutationFn: (id: number) => partnerCalls.takeQuickBooking(token, id, lang),
    onMutate: () => setFailed(null),
    onSuccess: (item) => announce(t('partner.quick.taken_by_you', { id: item.id })),
    onError: (error, id) => {
      if (endSessionIfUnauthorized(error)) return;
      const text = isApiErrorKey(error, QUICK_BOOKING_ERROR_KEYS.taken) ? t('partner.quick.taken_by_other') : errorText(error, t);
      // Shown on the card (role alert), which stays in the list as taken: no toast over it.
      setFailed({ id, text });
    },
    // Asked again whatever the answer: another partner may have taken it meanwhile.
    onSettled: () => refreshAfterWrite(queryClient, { queryKey }),
  });

  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="partner-list-wrap">
      <h2 className="visually-hidden">{t('partner.quick.heading')}</h2>
      <p className="partner-quick-intro">{t('partner.quick.intro')}</p>
      <ListStart
        list={list}
        online={online}
        loading={t('partner.quick.loading')}
        empty={list.data && items.length === 0 ? t('partner.quick.empty') : null}
      />
      {items.length > 0 && (
        <ul className="partner-list" aria-labelledby={labelId}>
          {items.map((item) => (
            <QuickBookingCard
              key={item.id}
              item={item}
              taking={take.isPending && take.variables === item.id}
              error={failed?.id === item.id ? failed.text : null}
              onTake={(id) => take.mutate(id)}
            />
          ))}
        </ul>
      )}
      <ListEnd list={list} online={online} />
    </div>
  );
}
