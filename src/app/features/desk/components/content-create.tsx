// The desk's form for a new FAQ question, news or blog post: the kind, its category (FAQ questions and blog posts),
// both languages' texts side by side, and for a post its address (proposed from each title until edited) and image.
// It makes an unpublished item with its first draft and opens it in the editor; a refusal keeps what was typed.
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskContentItem } from '../../../../shared/contract/desk-content';
import {
  DESK_CONTENT_NEW_KINDS,
  isPostKind,
  slugFromTitle,
  type DeskContentNewKind,
} from '../../../../shared/contract/desk-content-create';
import type { Lang } from '../../../../shared/domain/route-table';
import { FormAlert } from '../../../components/form/form-controls';
import { errorText } from '../../../components/form/form-errors';
import { useLang } from '../../../lib/use-lang';
import { deskContentCalls, deskContentQueries } from '../content-api';
import { TextsFields, textsOf } from './content-editor';
import { Field, fieldMessages, type Form, type LangText } from './content-field';
import { PostFields, type PostValues } from './content-post-fields';

const EMPTY_TEXT: LangText = { title: '', summary: '', body: '' };
const EMPTY_POST: PostValues = { slug_vi: '', slug_en: '', image: '', image_alt_vi: '', image_alt_en: '' };

export function ContentCreate({
  token,
  onCreated,
  onCancel,
}: {
  token: string;
  onCreated(item: DeskContentItem): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const options = useQuery(deskContentQueries.options(token));
  const [kind, setKind] = useState<DeskContentNewKind>('news');
  const [category, setCategory] = useState('');
  const [form, setForm] = useState<Form>({ vi: EMPTY_TEXT, en: EMPTY_TEXT });
  const [post, setPost] = useState<PostValues>(EMPTY_POST);
  // A slug follows its title until the member edits it.
  const [slugEdited, setSlugEdited] = useState<Record<Lang, boolean>>({ vi: false, en: false });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const categories =
    kind === 'faq' ? (options.data?.faq_categories ?? []) : kind === 'blog' ? (options.data?.blog_categories ?? []) : [];

  /** A field's message goes once the member changes it. */
  const clearError = (field: string) =>
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _cleared, ...rest } = current;
      return rest;
    });

  const setText = (which: Lang, field: keyof LangText, value: string) => {
    clearError(`${which}.${field}`);
    setForm((current) => ({ ...current, [which]: { ...current[which], [field]: value } }));
    if (field === 'title' && !slugEdited[which]) setPost((current) => ({ ...current, [`slug_${which}`]: slugFromTitle(value) }));
  };
  const setPostField = (field: keyof PostValues, value: string) => {
    clearError(field);
    setPost((current) => ({ ...current, [field]: value }));
    if (field === 'slug_vi' || field === 'slug_en') setSlugEdited((current) => ({ ...current, [field.slice(5)]: true }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      const created = await deskContentCalls.create(token, {
        kind,
        category: kind === 'news' ? '' : category,
        ...textsOf(form),
        ...(isPostKind(kind) ? post : EMPTY_POST),
      });
      onCreated(created);
    } catch (error) {
      setErrors(fieldMessages(error, t));
      setFailure(errorText(error, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="desk-area" aria-labelledby="desk-content-new-heading">
      <p>
        <button type="button" className="button" onClick={onCancel}>
          {t('desk_content.back')}
        </button>
      </p>
      <h1 id="desk-content-new-heading">{t('desk_content.new.title')}</h1>
      <p>{t('desk_content.new.intro')}</p>
      {options.isPending && <p aria-busy="true">{t('desk_content.new.loading')}</p>}
      {options.error && <FormAlert message={errorText(options.error, t)} />}
      <form className="desk-content-editor" noValidate onSubmit={(event) => void submit(event)}>
        <div className="desk-card desk-content-pair">
          <Field label={t('desk_content.new.kind')} error={errors.kind}>
            {(id, described) => (
              <select
                id={id}
                className="field-input"
                value={kind}
                aria-describedby={described}
                onChange={(event) => {
                  setKind(event.target.value as DeskContentNewKind);
                  setCategory('');
                }}
              >
                {DESK_CONTENT_NEW_KINDS.map((value) => (
                  <option key={value} value={value}>
                    {t(`desk_content.new.kinds.${value}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {kind !== 'news' && (
            <Field label={t('desk_content.new.category')} error={errors.category}>
              {(id, described) => (
                <select
                  id={id}
                  className="field-input"
                  value={category}
                  aria-invalid={described ? true : undefined}
                  aria-describedby={described}
                  onChange={(event) => {
                    clearError('category');
                    setCategory(event.target.value);
                  }}
                >
                  <option value="">{t('desk_content.new.choose_category')}</option>
                  {categories.map((c) => (
                    <option key={c.key} value={c.key}>
                      {lang === 'vi' ? c.name_vi : c.name_en}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          )}
        </div>
        <TextsFields kind={kind} form={form} errors={errors} onChange={setText} />
        {isPostKind(kind) && (
          <PostFields values={post} errors={errors} images={options.data?.images ?? []} locked={false} onChange={setPostField} />
        )}
        <div className="desk-content-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {t('desk_content.new.create')}
          </button>
          <button type="button" className="button" onClick={onCancel}>
            {t('desk_content.new.cancel')}
          </button>
        </div>
      </form>
      <FormAlert message={failure} />
    </section>
  );
}
