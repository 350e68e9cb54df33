// A news or blog post's address and image in the desk: a slug per language (editable until the first publish, then
// shown as it stays), the image chosen among those the site's posts already use (with a small preview) or none, and
// the image's description in each language, required when an image is chosen.
import { useTranslation } from 'react-i18next';
import { DESK_CONTENT_IMAGE_ALT_MAX, DESK_CONTENT_SLUG_MAX } from '../../../../shared/contract/desk-content-create';
import type { Lang } from '../../../../shared/domain/route-table';
import { Field, LANGS } from './content-field';

export interface PostValues {
  slug_vi: string;
  slug_en: string;
  image: string;
  image_alt_vi: string;
  image_alt_en: string;
}

export function PostFields({
  values,
  errors,
  images,
  locked,
  onChange,
}: {
  values: PostValues;
  errors: Record<string, string>;
  images: string[];
  /** The post has been published: its address stays. */
  locked: boolean;
  onChange(field: keyof PostValues, value: string): void;
}) {
  const { t } = useTranslation();
  const slugField = (lang: Lang) => `slug_${lang}` as const;
  const altField = (lang: Lang) => `image_alt_${lang}` as const;
  return (
    <div className="desk-content-post-fields">
      <fieldset className="desk-card desk-content-lang">
        <legend>{t('desk_content.new.address')}</legend>
        <div className="desk-content-pair">
          {LANGS.map((lang) => (
            <Field key={lang} label={t(`desk_content.new.slug_${lang}`)} error={errors[slugField(lang)]}>
              {(id, described) => (
                <input
                  id={id}
                  className="field-input desk-content-slug"
                  value={values[slugField(lang)]}
                  maxLength={DESK_CONTENT_SLUG_MAX}
                  readOnly={locked}
                  spellCheck={false}
                  autoCapitalize="none"
                  aria-invalid={described ? true : undefined}
                  aria-describedby={[described, 'desk-content-slug-hint'].filter(Boolean).join(' ')}
                  onChange={(event) => onChange(slugField(lang), event.target.value)}
                />
              )}
            </Field>
          ))}
        </div>
        <p id="desk-content-slug-hint" className="field-hint">
          {t(locked ? 'desk_content.post.locked' : 'desk_content.new.slug_hint')}
        </p>
      </fieldset>
      <fieldset className="desk-card desk-content-lang">
        <legend>{t('desk_content.new.image')}</legend>
        <div className="desk-content-images" role="radiogroup" aria-label={t('desk_content.new.image')}>
          <label className="desk-content-image-choice">
            <input type="radio" name="desk-content-image" checked={values.image === ''} onChange={() => onChange('image', '')} />
            <span className="desk-content-image-none" aria-hidden="true" />
            <span>{t('desk_content.new.no_image')}</span>
          </label>
          {images.map((image) => (
            <label key={image} className="desk-content-image-choice">
              <input
                type="radio"
                name="desk-content-image"
                checked={values.image === image}
                onChange={() => onChange('image', image)}
              />
              <img src={image} alt="" width={96} height={64} loading="lazy" />
              <span className="desk-content-image-name">{image.split('/').pop()}</span>
            </label>
          ))}
        </div>
        {images.length === 0 && <p className="field-hint">{t('desk_content.new.no_images')}</p>}
        {errors.image && (
          <p className="field-error" role="alert">
            {errors.image}
          </p>
        )}
        {values.image && (
          <div className="desk-content-pair">
            {LANGS.map((lang) => (
              <Field key={lang} label={t(`desk_content.new.image_alt_${lang}`)} error={errors[altField(lang)]}>
                {(id, described) => (
                  <input
                    id={id}
                    lang={lang}
                    className="field-input"
                    value={values[altField(lang)]}
                    maxLength={DESK_CONTENT_IMAGE_ALT_MAX}
                    aria-invalid={described ? true : undefined}
                    aria-describedby={described}
                    onChange={(event) => onChange(altField(lang), event.target.value)}
                  />
                )}
              </Field>
            ))}
          </div>
        )}
      </fieldset>
    </div>
  );
}
