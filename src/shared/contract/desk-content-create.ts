// New items of the desk's content area: an FAQ question (in an FAQ category), a news post or a blog post (in a blog
// category), made unpublished with its first draft; a post's address (a slug per language) and image are chosen here
// and can change only until its first publish. Every message is an i18n key of the desk_content section.
import { foldedWords } from '../domain/search-text';
import { DESK_CONTENT_ERROR_KEYS as E, deskContentRefSchema, deskContentTextSchema } from './desk-content';
import { successSchema } from './envelope';
import { yup } from './yup';

export const DESK_CONTENT_NEW_KINDS = ['faq', 'news', 'blog'] as const;
export type DeskContentNewKind = (typeof DESK_CONTENT_NEW_KINDS)[number];
export const isPostKind = (kind: string): kind is 'news' | 'blog' => kind === 'news' || kind === 'blog';

export const DESK_CONTENT_SLUG_MAX = 120;
export const DESK_CONTENT_IMAGE_ALT_MAX = 300;
/** Lower-case words of a-z and 0-9 joined by single '-'. */
export const DESK_CONTENT_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The slug a title proposes: its words without Vietnamese marks (đ→d), lower case, joined by '-', cut at a word. */
export function slugFromTitle(title: string): string {
  let slug = '';
  for (const word of foldedWords(title)) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > DESK_CONTENT_SLUG_MAX) return slug || word.slice(0, DESK_CONTENT_SLUG_MAX);
    slug = next;
  }
  return slug;
}

const slugBase = yup
  .string()
  .trim()
  .max(DESK_CONTENT_SLUG_MAX, { key: E.slug })
  .matches(DESK_CONTENT_SLUG_PATTERN, { message: { key: E.slug }, excludeEmptyString: true });
const slugSchema = slugBase.required({ key: E.slug });

const imageSchema = yup.string().trim().max(500, { key: E.image }).default('');

const altBase = yup
  .string()
  .trim()
  .max(DESK_CONTENT_IMAGE_ALT_MAX, { key: E.tooLong, params: { max: DESK_CONTENT_IMAGE_ALT_MAX } })
  .default('');
const hasImage = (image: unknown) => typeof image === 'string' && image.trim() !== '';
/** The image's text for people who cannot see it: required when an image is chosen. */
const altSchema = altBase.when('image', {
  is: hasImage,
  then: (schema) => schema.required({ key: E.imageAlt }),
});

/** A post's address and image as the editor sends them, until the post is first published. */
export const deskContentPostDetailsSchema = deskContentRefSchema.shape({
  slug_vi: slugSchema,
  slug_en: slugSchema,
  image: imageSchema,
  image_alt_vi: altSchema,
  image_alt_en: altSchema,
});
export type DeskContentPostDetailsInput = yup.InferType<typeof deskContentPostDetailsSchema>;

/** A post's slug is required; an FAQ question has none (what is sent is ignored). */
const postSlug = slugBase.when('kind', {
  is: (kind: unknown) => typeof kind === 'string' && isPostKind(kind),
  then: (schema) => schema.required({ key: E.slug }),
});
const postAlt = altBase.when(['kind', 'image'], {
  is: (kind: unknown, image: unknown) => typeof kind === 'string' && isPostKind(kind) && hasImage(image),
  then: (schema) => schema.required({ key: E.imageAlt }),
});

export const deskContentCreateSchema = yup.object({
  kind: yup
    .string()
    .oneOf([...DESK_CONTENT_NEW_KINDS], { key: E.filter })
    .required({ key: E.filter }),
  /** FAQ question: an FAQ category's key; blog post: a blog category's key; news: none (''). */
  category: yup
    .string()
    .trim()
    .max(100, { key: E.category })
    .default('')
    .when('kind', {
      is: 'news',
      then: (schema) => schema.transform(() => ''),
      otherwise: (schema) => schema.required({ key: E.category }),
    }),
  vi: deskContentTextSchema.required({ key: E.title }),
  en: deskContentTextSchema.required({ key: E.title }),
  slug_vi: postSlug,
  slug_en: postSlug,
  image: imageSchema,
  image_alt_vi: postAlt,
  image_alt_en: postAlt,
});
export type DeskContentCreateInput = yup.InferType<typeof deskContentCreateSchema>;

const categorySchema = yup.object({
  key: yup.string().required(),
  name_vi: yup.string().defined(),
  name_en: yup.string().defined(),
});

/** What the new-item form offers: the categories, and the images the site already has for posts (addresses). */
export const deskContentOptionsSchema = yup.object({
  faq_categories: yup.array(categorySchema.required()).required(),
  blog_categories: yup.array(categorySchema.required()).required(),
  images: yup.array(yup.string().required()).required(),
});
export type DeskContentOptions = yup.InferType<typeof deskContentOptionsSchema>;
export const deskContentOptionsResponseSchema = successSchema(deskContentOptionsSchema.required());
