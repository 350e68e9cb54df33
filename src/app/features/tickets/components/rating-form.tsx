// The rating of a completed trip on the ticket detail: while the ticket can be rated, 5 stars (a
// radio group: arrow keys move between them) and an optional comment, checked with the contract's schema and its
// messages in the passenger's language; what was entered stays after a failure. Once rated, the stars and the comment
// (with a thank-you right after the rating was sent).
import { useMutation } from '@tanstack/react-query';
import { Formik, type FormikHelpers } from 'formik';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RATING_COMMENT_MAX, RATING_ERROR_KEYS, rateTicketRequestSchema } from '../../../../shared/contract/tickets';
import { formatVnDateTime } from '../../../../shared/domain/vn-time';
import { getStoredUser } from '../../../lib/session';
import { forgetUserIfUnauthorized } from '../../../lib/forget-user';
import { useLang } from '../../../lib/use-lang';
import { errorText, fieldErrors, isApiErrorKey, validateWith } from '../../../components/form/form-errors';
import { TextAreaField } from '../../../components/form/text-area-field';
import { ActionButton } from '../../../components/ui/dialog-actions';
import { ratingCalls, type RatingInput } from '../api';
import '../tickets.css';
import type { TicketInfo, TicketRating } from '../../../../shared/contract/tickets';

const FIELDS = ['stars', 'comment'] as const;
const STARS = [1, 2, 3, 4, 5] as const;
const EMPTY: RatingInput = { stars: 0, comment: '' };

/** Stars as an image with its text (“4 of 5 stars”). */
export function StarsShown({ stars }: { stars: number }) {
  const { t } = useTranslation();
  return (
    <span className="rating-shown" role="img" aria-label={t('ratings.stars_of', { count: stars })}>
      {STARS.map((n) => (
        <span key={n} className={n <= stars ? 'star star-on' : 'star'} aria-hidden="true">
          ★
        </span>
      ))}
    </span>
  );
}

function RatingSummary({ rating, thanks }: { rating: TicketRating; thanks: boolean }) {
  const { t } = useTranslation();
  const at = new Date(rating.created_at);
  // The form (and its focused button) is gone: the focus goes to the thank-you that replaced it.
  const thanksRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (thanks) thanksRef.current?.focus();
  }, [thanks]);
  return (
    <div className="rating-summary">
      {thanks && (
        <p ref={thanksRef} className="notice rating-thanks" role="status" tabIndex={-1}>
          {t('ratings.thanks')}
        </p>
      )}
      <StarsShown stars={rating.stars} />
      {rating.comment && <p className="rating-comment">{rating.comment}</p>}
      {!Number.isNaN(at.getTime()) && <p className="field-hint">{t('ratings.rated_at', { time: formatVnDateTime(at) })}</p>}
    </div>
  );
}

function StarsField({
  value,
  error,
  disabled,
  onChange,
}: {
  value: number;
  error?: string;
  disabled: boolean;
  onChange(stars: number): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className={`rating-stars${error ? ' invalid' : ''}`} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field-label">{t('ratings.stars_legend')}</legend>
      <div className="rating-star-row">
        {STARS.map((n) => (
          <label key={n} className={n <= value ? 'rating-star star-on' : 'rating-star'}>
            <input
              type="radio"
              name={`${id}-stars`}
              value={n}
              checked={value === n}
              disabled={disabled}
              onChange={() => onChange(n)}
            />
            <span className="star" aria-hidden="true">
              ★
            </span>
            <span className="visually-hidden">{t('ratings.star', { count: n })}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

interface Props {
  ticket: Pick<TicketInfo, 'code' | 'rating' | 'can_rate'>;
  /** The phone or e-mail of the ticket-detail route (the proof of ownership). */
  contact: string;
  /** The ticket changed (rated, or found already rated): look it up again. */
  onRated(): void;
}

export function RatingSection({ ticket, contact, onRated }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const headingId = useId();
  const commentId = useId();
  const [sent, setSent] = useState<TicketRating | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const rate = useMutation({
    mutationFn: (input: RatingInput) => ratingCalls.rate(ticket.code, contact, getStoredUser(), input, lang),
    onError: forgetUserIfUnauthorized,
  });
  const rating = sent ?? ticket.rating ?? null;
  if (!rating && !ticket.can_rate) return null;

  const submit = async (values: RatingInput, helpers: FormikHelpers<RatingInput>) => {
    setFailure(null);
    try {
      const response = await rate.mutateAsync(values);
      const { stars, comment, created_at } = response.data;
      setSent({ stars, comment, created_at });
      onRated();
    } catch (error) {
      helpers.setErrors(fieldErrors(error, FIELDS, t));
      setFailure(errorText(error, t, { fieldMessage: true }));
      // Rated meanwhile (another tab) or no longer rateable: show the ticket as it is now.
      if (isApiErrorKey(error, RATING_ERROR_KEYS.notRateable)) onRated();
    }
  };

  return (
    <section className="rating-section" aria-labelledby={headingId}>
      <h3 id={headingId}>{rating ? t('ratings.your_rating') : t('ratings.title')}</h3>
      {rating ? (
        <RatingSummary rating={rating} thanks={sent !== null} />
      ) : (
        <Formik<RatingInput>
          initialValues={EMPTY}
          validate={(values) =>
            validateWith(
              rateTicketRequestSchema,
              { ...values, stars: values.stars || undefined, ticket_code: ticket.code, lang },
              t,
              FIELDS,
            )
          }
          validateOnBlur={false}
          onSubmit={submit}
        >
          {(form) => {
            const starsError = form.submitCount > 0 ? form.errors.stars : undefined;
            const commentError = form.submitCount > 0 || form.touched.comment ? form.errors.comment : undefined;
            const busy = form.isSubmitting;
            return (
              <form
                className="rating-form"
                noValidate
                aria-labelledby={headingId}
                onSubmit={(event) => {
                  event.preventDefault();
                  void form.submitForm();
                }}
              >
                <p className="field-hint">{t('ratings.lead')}</p>
                <StarsField
                  value={form.values.stars}
                  error={starsError}
                  disabled={busy}
                  onChange={(stars) => void form.setFieldValue('stars', stars)}
                />
                <TextAreaField
                  id={commentId}
                  name="comment"
                  label={t('ratings.comment')}
                  max={RATING_COMMENT_MAX}
                  value={form.values.comment}
                  disabled={busy}
                  count={t('ratings.comment_count', { length: form.values.comment.length, max: RATING_COMMENT_MAX })}
                  error={commentError}
                  onChange={(comment) => void form.setFieldValue('comment', comment)}
                  onBlur={() => void form.setFieldTouched('comment', true)}
                />
                {failure && (
                  <p className="notice notice-error" role="alert">
                    {failure}
                  </p>
                )}
                <ActionButton submit tone="primary" block busy={busy} busyLabel={t('ratings.sending')}>
                  {t('ratings.submit')}
                </ActionButton>
              </form>
            );
          }}
        </Formik>
      )}
    </section>
  );
}
