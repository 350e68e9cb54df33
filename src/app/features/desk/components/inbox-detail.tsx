// One inbox item beside the list: who is waiting and what they sent, its promise clock, who took it, the actions its
// state allows (take, close, reopen), the answer form (by e-mail or SMS, whichever the person gave; the member
// chooses when both) and the item's history. Each action's answer replaces the item; a refusal says why and the
// answer's text stays as typed.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Formik } from 'formik';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  INBOX_ANSWER_MAX,
  inboxAnswerSchema,
  type InboxChannel,
  type InboxEvent,
  type InboxItemDetail,
} from '../../../../shared/contract/desk-inbox';
import { formatVnDateTime } from '../../../../shared/domain/vn-time';
import { TextField } from '../../../components/form/fields';
import { FormAlert, SubmitButton, submitOnce } from '../../../components/form/form-controls';
import { errorText, fieldErrors, validateWith } from '../../../components/form/form-errors';
import { inboxCalls, inboxQueries } from '../inbox-api';
import { InboxClockText } from './inbox-clock';
import { refreshAfterWrite } from '../../../lib/refresh-queries';

const ANSWER_FIELDS = ['channel', 'text'] as const;
/** Fields whose value is a code the texts name (desk_inbox.<field>.<code>). */
const CODED_FIELDS = new Set(['application_status', 'complaint_topic', 'transfer_reason', 'transfer_status', 'trip_state']);
const when = (iso: string) => formatVnDateTime(new Date(iso));

export function InboxDetail({ token, id, staffId, onBack }: { token: string; id: number; staffId: number; onBack(): void }) {
  const { t } = useTranslation();
  const item = useQuery(inboxQueries.item(token, id));
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [id, item.isSuccess]);
  if (item.error) return <FormAlert message={errorText(item.error, t)} />;
  if (!item.data) return <p aria-busy="true">{t('desk_inbox.loading')}</p>;
  const data = item.data;
  return (
    <article className="inbox-detail" aria-labelledby="inbox-detail-heading">
      <button type="button" className="button inbox-back" onClick={onBack}>
        {t('desk_inbox.back')}
      </button>
      <h2 id="inbox-detail-heading" ref={heading} tabIndex={-1}>
        {t(`desk_inbox.kinds.${data.kind}`)}: {data.name || data.person.phone}
      </h2>
      <p className="inbox-detail-meta">
        {t(`desk_inbox.states.${data.state}`)} · {t('desk_inbox.received', { at: when(data.received_at) })}
      </p>
      <p>
        <InboxClockText clock={data.clock} withDue />
      </p>
      <p>{data.taken_by ? t('desk_inbox.taken_by', { email: data.taken_by.email }) : t('desk_inbox.not_taken')}</p>
      <ItemActions key={data.id} token={token} item={data} staffId={staffId} />
      <section aria-labelledby="inbox-person">
        <h3 id="inbox-person">{t('desk_inbox.person')}</h3>
        <dl className="inbox-fields">
          {data.person.name && <Field label={t('desk_inbox.name')} value={data.person.name} />}
          {data.person.phone && <Field label={t('desk_inbox.phone')} value={data.person.phone} />}
          {data.person.email && <Field label={t('desk_inbox.email')} value={data.person.email} />}
          <Field
            label={t('desk_inbox.lang')}
            value={t(`desk_inbox.langs.${data.person.lang}`, { defaultValue: data.person.lang })}
          />
        </dl>
      </section>
      {data.fields.length > 0 && (
        <section aria-labelledby="inbox-request">
          <h3 id="inbox-request">{t('desk_inbox.request')}</h3>
          <dl className="inbox-fields">
            {data.fields.map((field) => (
              <Field
                key={field.key}
                label={t(`desk_inbox.fields.${field.key}`, { defaultValue: field.key })}
                value={
                  CODED_FIELDS.has(field.key)
                    ? t(`desk_inbox.${field.key}.${field.value}`, { defaultValue: field.value })
                    : field.value
                }
              />
            ))}
          </dl>
        </section>
      )}
      {data.state !== 'closed' && (data.taken_by === null || data.taken_by.id === staffId) && (
        <AnswerForm key={data.id} token={token} item={data} />
      )}
      <History events={data.events} receivedAt={data.received_at} />
    </article>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** The item as an action answered it, in the item's query, and the list read again. */
function useApply(token: string) {
  const queryClient = useQueryClient();
  return async (item: InboxItemDetail) => {
    queryClient.setQueryData(inboxQueries.item(token, item.id).queryKey, item);
    await refreshAfterWrite(queryClient, { queryKey: [...inboxQueries.all(token), 'list'] });
  };
}

function ItemActions({ token, item, staffId }: { token: string; item: InboxItemDetail; staffId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const apply = useApply(token);
  const noteId = useId();
  const [note, setNote] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const act = async (work: () => Promise<InboxItemDetail>, done: string) => {
    setBusy(true);
    setNotice(null);
    setFailure(null);
    try {
      await apply(await work());
      setNotice(done);
      setNote('');
    } catch (error) {
      setFailure(errorText(error, t));
      // Whatever changed meanwhile (another member took it) shows.
      await refreshAfterWrite(queryClient, { queryKey: inboxQueries.item(token, item.id).queryKey });
    } finally {
      setBusy(false);
    }
  };
  const mine = item.taken_by?.id === staffId;
  const canTake = (item.state === 'open' || item.state === 'reopened') && item.taken_by === null;
  const closed = item.state === 'closed';
  return (
    <div className="inbox-actions">
      {canTake && (
        <button
          type="button"
          className="button button-primary"
          disabled={busy}
          onClick={() => void act(() => inboxCalls.take(token, item.id), t('desk_inbox.taken_notice'))}
        >
          {t('desk_inbox.take')}
        </button>
      )}
      {(closed || mine || item.taken_by === null) && (
        <div className="inbox-note">
          <label className="field-label" htmlFor={noteId}>
            {t('desk_inbox.note')}
          </label>
          <input
            id={noteId}
            className="field-input"
            value={note}
            maxLength={500}
            onChange={(event) => setNote(event.target.value)}
          />
          {closed ? (
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => void act(() => inboxCalls.reopen(token, item.id, note), t('desk_inbox.reopened_notice'))}
            >
              {t('desk_inbox.reopen')}
            </button>
          ) : (
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => void act(() => inboxCalls.close(token, item.id, note), t('desk_inbox.closed_notice'))}
            >
              {t('desk_inbox.close')}
            </button>
          )}
        </div>
      )}
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      <FormAlert message={failure} />
    </div>
  );
}

function AnswerForm({ token, item }: { token: string; item: InboxItemDetail }) {
  const { t } = useTranslation();
  const apply = useApply(token);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const recipient = (channel: InboxChannel) => (channel === 'mail' ? item.person.email : item.person.phone);
  if (item.channels.length === 0) return <p>{t('desk_inbox.answer.no_channel')}</p>;
  return (
    <section aria-labelledby="inbox-answer" className="inbox-answer">
      <h3 id="inbox-answer">{t('desk_inbox.answer.title')}</h3>
      <Formik
        initialValues={{ channel: item.channels[0]!, text: '' }}
        validate={(values) => validateWith(inboxAnswerSchema, { ...values, id: item.id }, t, ANSWER_FIELDS)}
        validateOnChange={false}
        validateOnBlur={false}
        onSubmit={async (values, helpers) => {
          setNotice(null);
          setFailure(null);
          try {
            await apply(await inboxCalls.answer(token, { id: item.id, ...values }));
            setNotice(t('desk_inbox.answer.sent', { to: recipient(values.channel) }));
            helpers.resetForm();
          } catch (error) {
            helpers.setErrors(fieldErrors(error, ANSWER_FIELDS, t));
            setFailure(errorText(error, t));
          }
        }}
      >
        {(form) => (
          <form noValidate onSubmit={(event) => submitOnce(form, event)}>
            {item.channels.length > 1 ? (
              <fieldset className="inbox-channels">
                <legend className="field-label">{t('desk_inbox.answer.channel')}</legend>
                {item.channels.map((channel) => (
                  <label key={channel}>
                    <input
                      type="radio"
                      name="channel"
                      value={channel}
                      checked={form.values.channel === channel}
                      onChange={() => void form.setFieldValue('channel', channel)}
                    />{' '}
                    {t(`desk_inbox.answer.${channel}`, { to: recipient(channel) })}
                  </label>
                ))}
              </fieldset>
            ) : (
              <p>{t(`desk_inbox.answer.${item.channels[0]!}`, { to: recipient(item.channels[0]!) })}</p>
            )}
            <TextField
              name="text"
              label={t('desk_inbox.answer.text')}
              multiline
              hint={t('desk_inbox.answer.count', {
                count: form.values.text.length,
                max: INBOX_ANSWER_MAX,
                lang: t(`desk_inbox.langs.${item.person.lang}`, { defaultValue: item.person.lang }),
              })}
            />
            <SubmitButton busy={form.isSubmitting}>{t('desk_inbox.answer.send')}</SubmitButton>
          </form>
        )}
      </Formik>
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      <FormAlert message={failure} />
    </section>
  );
}

function History({ events, receivedAt }: { events: InboxEvent[]; receivedAt: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="inbox-history">
      <h3 id="inbox-history">{t('desk_inbox.history')}</h3>
      <ol className="inbox-history">
        <li>
          <time dateTime={receivedAt}>{when(receivedAt)}</time> {t('desk_inbox.received_event')}
        </li>
        {events.map((event) => (
          <li key={event.id}>
            <time dateTime={event.at}>{when(event.at)}</time>{' '}
            {t(`desk_inbox.events.${event.action}`, {
              email: event.staff_email,
              channel: event.channel ? t(`desk_inbox.channels.${event.channel}`) : '',
              to: event.recipient ?? '',
            })}
            {event.answer && <blockquote className="inbox-answer-text">{event.answer}</blockquote>}
            {event.note && <p className="inbox-event-note">{event.note}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}
