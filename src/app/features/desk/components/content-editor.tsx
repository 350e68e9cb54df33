// One text of the site in the desk: Vietnamese and English side by side (title, lead, body where the kind has them;
// the body in the notation of shared/domain/content-notation.ts), saved as a draft the site does not show, previewed
// as its page shows it, published (what is on screen is saved first) and unpublished. What was typed stays on a
// refusal; the field the server names shows its message.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DESK_CONTENT_FIELDS,
  DESK_CONTENT_SUMMARY_MAX,
  DESK_CONTENT_TITLE_MAX,
  type DeskContentItem,
  type DeskContentKind,
  type DeskContentTexts,
} from '../../../../shared/contract/desk-content';
import { blocksToNotation, notationToBlocks } from '../../../../shared/domain/content-notation';
import type { Lang } from '../../../../shared/domain/route-table';
import { FormAlert } from '../../../components/form/form-controls';
import { errorText } from '../../../components/form/form-errors';
import { ApiError } from '../../../lib/api-client';
import { useLang } from '../../../lib/use-lang';
import { ContentPreview } from '../../content';
import { deskContentCalls, deskContentQueries, type DeskContentRefValue } from '../content-api';
import { Field, LANGS, savedAtText, type Form, type LangText } from './content-field';
import { PostDetails } from './content-post-details';
import { refreshAfterWrite } from '../../../lib/refresh-queries';

const formOf = (texts: DeskContentTexts): Form => ({
  vi: { title: texts.vi.title, summary: texts.vi.summary, body: blocksToNotation(texts.vi.body) },
  en: { title: texts.en.title, summary: texts.en.summary, body: blocksToNotation(texts.en.body) },
});

export const textsOf = (form: Form) => ({
  vi: { title: form.vi.title, summary: form.vi.summary, body: notationToBlocks(form.vi.body) },
  en: { title: form.en.title, summary: form.en.summary, body: notationToBlocks(form.en.body) },
});

export function ContentEditor({
  token,
  item,
  notice,
  onBack,
}: {
  token: string;
  item: DeskContentRefValue;
  /** A message to show first (the item was just made). */
  notice?: string;
  onBack(): void;
}) {
  const { t } = useTranslation();
  const query = useQuery(deskContentQueries.item(token, item));
  if (query.data)
    return (
      <EditorForm
        key={`${item.kind}:${item.key}`}
        token={token}
        item={item}
        data={query.data}
        first={notice ?? null}
        onBack={onBack}
      />
    );
  return (
    <section className="desk-area" aria-labelledby="desk-content-editor-heading">
      <p>
        <button type="button" className="button" onClick={onBack}>
          {t('desk_content.back')}
        </button>
      </p>
      <h1 id="desk-content-editor-heading">{t(`desk_content.kinds.${item.kind}`)}</h1>
      {query.error ? <FormAlert message={errorText(query.error, t)} /> : <p aria-busy="true">{t('desk_content.loading')}</p>}
    </section>
  );
}

function EditorForm({
  token,
  item,
  data,
  first,
  onBack,
}: {
  token: string;
  item: DeskContentRefValue;
  data: DeskContentItem;
  first: string | null;
  onBack(): void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const queryClient = useQueryClient();
  // The form starts from the draft, else the live text; later answers do not overwrite what is typed.
  const [form, setForm] = useState<Form>(() => formOf(data.draft ?? data.live));
  const [saved, setSaved] = useState<string>(() => JSON.stringify(formOf(data.draft ?? data.live)));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | null>(first);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [previewing, setPreviewing] = useState(false);

  const fields = DESK_CONTENT_FIELDS[item.kind];
  const dirty = JSON.stringify(form) !== saved;
  const refresh = async (next: DeskContentItem) => {
    queryClient.setQueryData(deskContentQueries.item(token, item).queryKey, next);
    await refreshAfterWrite(queryClient, { queryKey: deskContentQueries.all(token) });
  };

  /** Saves what is on screen as the draft (when it changed); false when the server refused it. */
  const saveDraft = async (): Promise<boolean> => {
    if (!dirty) return true;
    try {
      const next = await deskContentCalls.saveDraft(token, { ...item, ...textsOf(form) });
      // What was stored: the text as the server cleaned it (a pasted tag is gone from the box too).
      const stored = formOf(next.draft ?? next.live);
      setForm(stored);
      setSaved(JSON.stringify(stored));
      setErrors({});
      await refresh(next);
      return true;
    } catch (error) {
      const byField: Record<string, string> = {};
      if (error instanceof ApiError)
        for (const field of error.errors) byField[field.field] ??= t(field.message, field.params ?? {});
      setErrors(byField);
      setFailure(errorText(error, t));
      return false;
    }
  };

  const act = async (work: () => Promise<string | null>) => {
    setBusy(true);
    setNotice(null);
    setFailure(null);
    try {
      const done = await work();
      if (done) setNotice(done);
    } catch (error) {
      setFailure(errorText(error, t));
    } finally {
      setBusy(false);
    }
  };

  const set = (which: Lang, field: keyof LangText, value: string) =>
    setForm((current) => ({ ...current, [which]: { ...current[which], [field]: value } }));
  const canPublish = dirty || data.draft !== null || !data.published;

  return (
    <section className="desk-area" aria-labelledby="desk-content-editor-heading">
      <p>
        <button type="button" className="button" onClick={onBack}>
          {t('desk_content.back')}
        </button>
      </p>
      <h1 id="desk-content-editor-heading">
        {t(`desk_content.kinds.${item.kind}`)}: {data.title_vi}
      </h1>
      <p className="desk-content-status" role="status">
        <span className={data.published ? 'desk-content-state on' : 'desk-content-state off'}>
          {t(data.published ? 'desk_content.published' : 'desk_content.unpublished')}
        </span>{' '}
        {data.draft_saved_at
          ? t('desk_content.draft_by', { at: savedAtText(data.draft_saved_at, lang), who: data.draft_saved_by })
          : t('desk_content.no_draft')}
        {dirty && ` ${t('desk_content.unsaved')}`}
      </p>
      <form
        className="desk-content-editor"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void act(async () => ((await saveDraft()) ? t('desk_content.draft_saved') : null));
        }}
      >
        <TextsFields kind={item.kind} form={form} errors={errors} onChange={set} />
        <div className="desk-content-actions">
          <button type="submit" className="button" disabled={busy}>
            {t('desk_content.save_draft')}
          </button>
          <button
            type="button"
            className="button"
            disabled={busy}
            aria-expanded={previewing}
            aria-controls="desk-content-preview"
            onClick={() =>
              void act(async () => {
                if (!previewing && !(await saveDraft())) return null;
                await refreshAfterWrite(queryClient, { queryKey: [...deskContentQueries.all(token), 'preview'] });
                setPreviewing((value) => !value);
                return null;
              })
            }
          >
            {t(previewing ? 'desk_content.hide_preview' : 'desk_content.preview')}
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={busy || !canPublish}
            onClick={() =>
              void act(async () => {
                if (!(await saveDraft())) return null;
                const next = await deskContentCalls.publish(token, item);
                await refresh(next);
                const start = formOf(next.live);
                setForm(start);
                setSaved(JSON.stringify(start));
                return t('desk_content.published_notice');
              })
            }
          >
            {t('desk_content.publish')}
          </button>
          {fields.unpublish && data.published && (
            <button
              type="button"
              className="button button-danger"
              disabled={busy}
              onClick={() =>
                void act(async () => {
                  if (!window.confirm(t('desk_content.confirm_unpublish'))) return null;
                  await refresh(await deskContentCalls.unpublish(token, item));
                  return t('desk_content.unpublished_notice');
                })
              }
            >
              {t('desk_content.unpublish')}
            </button>
          )}
          {data.published && (data.path_vi || data.path_en) && (
            <span className="desk-content-links">
              {data.path_vi && (
                <a href={data.path_vi} target="_blank" rel="noopener">
                  {t('desk_content.view_vi')}
                </a>
              )}
              {data.path_en && (
                <a href={data.path_en} target="_blank" rel="noopener">
                  {t('desk_content.view_en')}
                </a>
              )}
            </span>
          )}
        </div>
      </form>
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      <FormAlert message={failure} />
      {data.post && <PostDetails token={token} item={item} post={data.post} onSaved={refresh} />}
      {previewing && <PreviewPanel token={token} item={item} />}
    </section>
  );
}

/** Both languages' texts side by side (title, lead and body where the kind has them), with each field's message. */
export function TextsFields({
  kind,
  form,
  errors,
  onChange,
}: {
  kind: DeskContentKind;
  form: Form;
  errors: Record<string, string>;
  onChange(which: Lang, field: keyof LangText, value: string): void;
}) {
  const { t } = useTranslation();
  const fields = DESK_CONTENT_FIELDS[kind];
  return (
    <>
      <div className="desk-content-langs">
        {LANGS.map((which) => (
          <fieldset key={which} className="desk-card desk-content-lang" lang={which}>
            <legend>{t(`desk_content.lang_${which}`)}</legend>
            <Field
              label={t(kind === 'faq' ? 'desk_content.question' : 'desk_content.title_field')}
              error={errors[`${which}.title`]}
            >
              {(id, described) => (
                <input
                  id={id}
                  className="field-input"
                  value={form[which].title}
                  maxLength={DESK_CONTENT_TITLE_MAX}
                  aria-invalid={described ? true : undefined}
                  aria-describedby={described}
                  onChange={(event) => onChange(which, 'title', event.target.value)}
                />
              )}
            </Field>
            {fields.summary && (
              <Field label={t('desk_content.summary')} error={errors[`${which}.summary`]}>
                {(id, described) => (
                  <textarea
                    id={id}
                    className="field-input"
                    rows={3}
                    maxLength={DESK_CONTENT_SUMMARY_MAX}
                    value={form[which].summary}
                    aria-invalid={described ? true : undefined}
                    aria-describedby={described}
                    onChange={(event) => onChange(which, 'summary', event.target.value)}
                  />
                )}
              </Field>
            )}
            {fields.body && (
              <Field label={t(kind === 'faq' ? 'desk_content.answer' : 'desk_content.body')} error={errors[`${which}.body`]}>
                {(id, described) => (
                  <textarea
                    id={id}
                    className="field-input desk-content-body-input"
                    rows={14}
                    value={form[which].body}
                    aria-invalid={described ? true : undefined}
                    aria-describedby={[described, 'desk-content-notation-hint'].filter(Boolean).join(' ')}
                    onChange={(event) => onChange(which, 'body', event.target.value)}
                  />
                )}
              </Field>
            )}
          </fieldset>
        ))}
      </div>
      {fields.body && (
        <p id="desk-content-notation-hint" className="field-hint">
          {t('desk_content.notation_hint')}
        </p>
      )}
    </>
  );
}

function PreviewPanel({ token, item }: { token: string; item: DeskContentRefValue }) {
  const { t } = useTranslation();
  const vi = useQuery(deskContentQueries.preview(token, item, 'vi'));
  const en = useQuery(deskContentQueries.preview(token, item, 'en'));
  return (
    <section id="desk-content-preview" className="desk-content-preview" aria-labelledby="desk-content-preview-heading">
      <h2 id="desk-content-preview-heading">{t('desk_content.preview_title')}</h2>
      <div className="desk-content-langs">
        {[vi, en].map((query, index) => (
          <div key={index} className="desk-card desk-content-preview-page">
            <p className="field-hint">
              {t(index === 0 ? 'desk_content.lang_vi' : 'desk_content.lang_en')}
              {query.data && ` · ${t(query.data.draft ? 'desk_content.preview_draft' : 'desk_content.preview_live')}`}
            </p>
            {query.data && <ContentPreview text={query.data} lang={query.data.lang} />}
            {query.error && <FormAlert message={errorText(query.error, t)} />}
          </div>
        ))}
      </div>
    </section>
  );
}
