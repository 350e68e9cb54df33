// The side menu's quick-booking dialog (spec 2, 5, 7), loaded when the passenger opens it: where from, where to (or
// not), when, seats with a drop address or a vehicle type without one, name and phone. Sent to save_pending as a
// quick booking, which the transport partners see in their console and one takes (docs/decisions.md "Quick
// bookings"). The submit stays disabled until the depart time is later than now (re-checked every 30 s); a refusal
// keeps what was typed and says why in the page's language.
import { Formik } from 'formik';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QUICK_BOOKING_VEHICLE_IDS, quickBookingSchema } from '../../../../shared/contract/partners';
import { VEHICLE_TYPES } from '../../../../shared/contract/pricing';
import { MAX_PASSENGERS } from '../../../../shared/domain/trip-search';
import { formatVnDate } from '../../../../shared/domain/vn-time';
import { NationalPhoneField, NativeField, RadioGroup, TextField } from '../../../components/form/fields';
import { Dialog } from '../../../components/ui/dialog';
import { apiPost } from '../../../lib/api-client';
import { useLang } from '../../../lib/use-lang';
import { useStoredUser } from '../../../lib/use-stored-user';
import { FormAlert, SubmitButton, submitOnce, useFocusFirst, useFormRef } from '../../../components/form/form-controls';
import { errorText, fieldErrors, validateWith } from '../../../components/form/form-errors';
import { placeDepartError } from '../../leads';
import {
  QUICK_BOOKING_FIELDS,
  asksSeats,
  departsLater,
  emptyQuickBooking,
  quickBookingPayload,
  type QuickBookingValues,
} from '../quick-booking';
import { BOOKING_PATHS, savePendingResponseSchema } from '../../../../shared/contract/booking';

/** How often the "later than now" rule is checked again while the dialog stays open. */
const NOW_REFRESH_MS = 30_000;

function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** "yyyy-mm-dd" of today in Vietnam, the date control's lower bound. */
function todayInVietnam(now: number): string {
  const [day, month, year] = formatVnDate(now).split('/');
  return `${year}-${(month ?? '').padStart(2, '0')}-${(day ?? '').padStart(2, '0')}`;
}

interface Props {
  open: boolean;
  onClose(): void;
  hotline: string;
  hotlineDisplay: string;
  defaultSeats?: number;
}

export function QuickBookingDialog({ open, onClose, hotline, hotlineDisplay, defaultSeats = 1 }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const user = useStoredUser();
  const ref = useFormRef();
  useFocusFirst(ref);
  const now = useNow(NOW_REFRESH_MS);
  // One request per opening: a resend of the same form (a retry after a lost answer) updates it, never doubles it.
  const [session] = useState(() => crypto.randomUUID());
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  return (
    <Dialog open={open} title={t('quick_booking.title')} onClose={onClose} className="quick-booking-dialog" sheet>
      {sent ? (
        <div className="notice notice-ok" role="status">
          <p>{t('quick_booking.sent')}</p>
          <p>
            {t('quick_booking.call_us')} <a href={`tel:${hotline}`}>{hotlineDisplay}</a>
          </p>
          <button type="button" className="button" onClick={onClose}>
            {t('common.close')}
          </button>
        </div>
      ) : (
        <Formik<QuickBookingValues>
          initialValues={emptyQuickBooking(user, defaultSeats)}
          validate={async (values) =>
            placeDepartError(await validateWith(quickBookingSchema, quickBookingPayload(values, session, lang), t), values)
          }
          onSubmit={async (values, helpers) => {
            setFailure(null);
            try {
              // { saved: false } is this same request already taken by a partner: it was sent.
              await apiPost(BOOKING_PATHS.savePending, quickBookingPayload(values, session, lang), {
                schema: savePendingResponseSchema,
              });
              setSent(true);
            } catch (error) {
              helpers.setErrors(placeDepartError(fieldErrors(error, [...QUICK_BOOKING_FIELDS, 'depart_time'], t), values));
              setFailure(errorText(error, t, { fieldMessage: true }));
            }
          }}
        >
          {(form) => {
            const later = departsLater(form.values, now);
            return (
              <form
                ref={ref}
                className="booking-form quick-booking-form"
                noValidate
                onSubmit={(event) => submitOnce(form, event)}
              >
                <p className="field-hint">{t('quick_booking.intro')}</p>
                <TextField name="pick_address" label={t('quick_booking.pick')} autoComplete="off" />
                <TextField
                  name="drop_address"
                  label={t('quick_booking.drop')}
                  autoComplete="off"
                  hint={t('quick_booking.drop_hint')}
                />
                <div className="field-pair">
                  <NativeField name="date" type="date" label={t('quick_booking.date')} min={todayInVietnam(now)} />
                  <NativeField name="time" type="time" label={t('quick_booking.time')} />
                </div>
                {asksSeats(form.values) ? (
                  <NativeField name="seats" type="number" label={t('quick_booking.seats')} min={1} max={MAX_PASSENGERS} />
                ) : (
                  <RadioGroup
                    name="vehicle_id"
                    legend={t('quick_booking.vehicle')}
                    options={QUICK_BOOKING_VEHICLE_IDS.map((id) => ({
                      value: id,
                      label: t(`pricing.vehicles.${VEHICLE_TYPES.find((type) => type.id === id)?.key ?? 'all'}`),
                    }))}
                  />
                )}
                <TextField name="fullname" label={t('quick_booking.fullname')} autoComplete="name" />
                <NationalPhoneField name="phone" label={t('quick_booking.phone')} />
                <TextField name="note" label={t('quick_booking.note')} multiline />
                <FormAlert message={failure} />
                <SubmitButton busy={form.isSubmitting} disabled={!later}>
                  {t('quick_booking.submit')}
                </SubmitButton>
                {!later && (
                  <p className="field-hint" role="status">
                    {t('quick_booking.time_hint')}
                  </p>
                )}
              </form>
            );
          }}
        </Formik>
      )}
    </Dialog>
  );
}
