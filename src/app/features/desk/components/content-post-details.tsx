// A post's address, image and date in its editor: the slugs change until the first publish (then they stay), the
// image and its descriptions any time (a published post shows a new image at once); the date is the first publish's.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskContentItem, DeskContentPost } from '../../../../shared/contract/desk-content';
import { FormAlert } from '../../../components/form/form-controls';
import { errorText } from '../../../components/form/form-errors';
import { useLang } from '../../../lib/use-lang';
import { deskContentCalls, deskContentQueries, type DeskContentRefValue } from '../content-api';
import { fieldMessages, savedAtText } from './content-field';
import { PostFields, type PostValues } from './content-post-fields';
import { refreshAfterWrite } from '../../../lib/refresh-queries';

const valuesOf = (post: DeskContentPost): PostValues => ({
  slug_vi: post.slug_vi,
  slug_en: post.slug_en,
  image: post.image,
  image_alt_vi: post.image_alt_vi,
  image_alt_en: post.image_alt_en,
});

export function PostDetails({
  token,
  item,
  post,
  onSaved,
}: {
  token: string;
  item: DeskContentRefValue;
  post: DeskContentPost;
  onSaved(next: DeskContentItem): Promise<void>;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const queryClient = useQueryClient();
  const options = useQuery(deskContentQueries.options(token));
  const [values, setValues] = useState<PostValues>(() => valuesOf(post));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const dirty = JSON.stringify(values) !== JSON.stringify(valuesOf(post));

  const save = async () => {
    setBusy(true);
    setNotice(null);
    setFailure(null);
    try {
      const next = await deskContentCalls.postDetails(token, { ...item, ...values });
      setErrors({});
      if (next.post) setValues(valuesOf(next.post));
      await onSaved(next);
      await refreshAfterWrite(queryClient, { queryKey: deskContentQueries.options(token).queryKey });
      setNotice(t('desk_content.post.saved'));
    } catch (error) {
      setErrors(fieldMessages(error, t));
      setFailure(errorText(error, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="desk-content-post" aria-labelledby="desk-content-post-heading">
      <h2 id="desk-content-post-heading">{t('desk_content.post.heading')}</h2>
      <p className="desk-content-status">
        {post.published_at
          ? t('desk_content.post.published_at', { at: savedAtText(post.published_at, lang) })
          : t('desk_content.post.not_dated')}
      </p>
      {options.error && <FormAlert message={errorText(options.error, t)} />}
      <PostFields
        values={values}
        errors={errors}
        images={options.data?.images ?? (post.image ? [post.image] : [])}
        locked={post.published_at !== null}
        onChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))}
      />
      <div className="desk-content-actions">
        <button type="button" className="button" disabled={busy || !dirty} onClick={() => void save()}>
          {t('desk_content.post.save')}
        </button>
      </div>
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      <FormAlert message={failure} />
    </section>
  );
}
