// New items at the desk: an FAQ question, a news or a blog post is made off the site with its first draft (cleaned as
// every draft is), so the draft → preview → publish flow takes over and nothing reaches the site before a publish. A
// post's slugs are unique per kind and language (the unique index decides between two editors at once) and stay as
// they are once the post has been published; its image is one the posts already use, with its text in each language.
import {
  DESK_CONTENT_ERROR_KEYS as E,
  type DeskContentItem,
  type DeskContentKind,
  type DeskContentRef,
} from '../../../shared/contract/desk-content';
import {
  isPostKind,
  type DeskContentCreateInput,
  type DeskContentOptions,
  type DeskContentPostDetailsInput,
} from '../../../shared/contract/desk-content-create';
import type { Lang } from '../../../shared/domain/route-table';
import { isUniqueViolation } from '../../db/errors';
import { refuse, type Refusal } from '../../http/refusal';
import { audit, type DeskActor } from '../desk/service';
import type { DeskCreateRepository, PostKind } from './desk-create-repository';
import type { DeskContentRepository, Executor } from './desk-repository';
import { auditTexts, cleanTexts, contentSubject, emptyField, type DeskContentResult } from './desk-service';

export interface DeskCreateDeps {
  repository: DeskContentRepository;
  posts: DeskCreateRepository;
  now: () => Date;
  /** The desk service's item: what the editor opens. */
  item: (ref: DeskContentRef) => Promise<DeskContentResult<DeskContentItem>>;
  /** Called after a change that is on the site has committed (a published post's image). */
  onChange: () => void;
}

const LANGS: Lang[] = ['vi', 'en'];
/** Two FAQ questions made at once may take the same next id: the later one tries again. */
const FAQ_ATTEMPTS = 3;

/** A refusal found inside a transaction: thrown to roll it back, answered as it is. */
class Refused extends Error {
  constructor(readonly result: Refusal<400 | 404 | 409>) {
    super('refused');
  }
}

export function createDeskCreateService({ repository, posts, now, item, onChange }: DeskCreateDeps) {
  const slugTaken = (lang: Lang) => refuse(409, E.slugTaken, { field: `slug_${lang}` });

  /** The first slug another post of the kind already has, as its refusal; null when both are free. */
  async function takenSlug(tx: Executor, kind: PostKind, slugs: Record<Lang, string>, own?: string) {
    for (const lang of LANGS) {
      const owner = await posts.slugOwner(tx, kind, lang, slugs[lang]);
      if (owner !== null && owner !== own) return slugTaken(lang);
    }
    return null;
  }

  async function imageRefusal(image: string) {
    if (image && !(await posts.images(repository.db)).includes(image)) return refuse(400, E.image, { field: 'image' });
    return null;
  }

  const altOf = (input: { image?: string; image_alt_vi?: string; image_alt_en?: string }) => ({
    vi: input.image ? (input.image_alt_vi ?? '') : '',
    en: input.image ? (input.image_alt_en ?? '') : '',
  });

  return {
    async options(): Promise<DeskContentOptions> {
      const db = repository.db;
      const [faq, blog, images] = await Promise.all([posts.faqCategories(db), posts.blogCategories(db), posts.images(db)]);
      return { faq_categories: faq, blog_categories: blog, images };
    },

    async create(actor: DeskActor, input: DeskContentCreateInput): Promise<DeskContentResult<DeskContentItem>> {
      const kind = input.kind as DeskContentKind & ('faq' | PostKind);
      const texts = cleanTexts(kind, { vi: input.vi, en: input.en });
      const empty = emptyField(kind, texts);
      if (empty) return refuse(400, empty.key, { field: empty.field });
      const db = repository.db;
      const category = input.category ?? '';
      if (kind !== 'news') {
        const categories = kind === 'faq' ? await posts.faqCategories(db) : await posts.blogCategories(db);
        if (!categories.some((c) => c.key === category)) return refuse(400, E.category, { field: 'category' });
      }
      const slugs = { vi: input.slug_vi ?? '', en: input.slug_en ?? '' };
      const image = isPostKind(kind) ? (input.image ?? '') : '';
      if (isPostKind(kind)) {
        const refusal = (await imageRefusal(image)) ?? (await takenSlug(db, kind, slugs));
        if (refusal) return refusal;
      }
      const at = now();
      for (let attempt = 1; ; attempt++) {
        try {
          const key = await db.transaction(async (tx) => {
            const made = isPostKind(kind)
              ? await posts.insertPost(tx, {
                  kind,
                  categoryKey: kind === 'blog' ? category : null,
                  texts,
                  slugs,
                  image,
                  imageAlt: altOf(input),
                })
              : await posts.insertFaq(tx, category, texts);
            await repository.saveDraft(tx, {
              kind,
              key: made,
              texts,
              savedById: actor.id,
              savedByEmail: actor.email,
              savedAt: at,
            });
            await audit(tx, {
              staff: actor,
              action: 'content_created',
              subject: contentSubject({ kind, key: made }),
              before: {},
              after: {
                ...auditTexts(texts, false),
                ...(kind === 'news' ? {} : { category }),
                ...(isPostKind(kind) ? { slug_vi: slugs.vi, slug_en: slugs.en, image } : {}),
              },
              at,
            });
            return made;
          });
          return item({ kind, key });
        } catch (error) {
          // Another editor took the slug between the check and the insert: the index refused the second one.
          if (isUniqueViolation(error, 'content_posts_slug')) {
            const lang = (await posts.slugOwner(db, kind as PostKind, 'vi', slugs.vi)) ? 'vi' : 'en';
            return slugTaken(lang);
          }
          if (kind === 'faq' && attempt < FAQ_ATTEMPTS && isUniqueViolation(error)) continue;
          throw error;
        }
      }
    },

    /** A post's slugs (until its first publish), image and the image's texts. */
    async saveDetails(actor: DeskActor, input: DeskContentPostDetailsInput): Promise<DeskContentResult<DeskContentItem>> {
      const kind = input.kind;
      if (!isPostKind(kind)) return refuse(404, E.notFound);
      const db = repository.db;
      const slugs = { vi: input.slug_vi, en: input.slug_en };
      const image = input.image ?? '';
      const imageRefused = await imageRefusal(image);
      if (imageRefused) return imageRefused;
      const at = now();
      // A post on the site shows its new image at once: the content caches start over.
      const live = (await repository.row(kind, input.key))?.active ?? false;
      try {
        await db.transaction(async (tx) => {
          const before = await posts.postDetails(tx, kind, input.key);
          if (!before) throw new Refused(refuse(404, E.notFound));
          // A published post keeps its address: links to it are out in the world.
          if (before.published_at !== null && (before.slug_vi !== slugs.vi || before.slug_en !== slugs.en))
            throw new Refused(refuse(409, E.slugLocked, { field: before.slug_vi !== slugs.vi ? 'slug_vi' : 'slug_en' }));
          const taken = await takenSlug(tx, kind, slugs, input.key);
          if (taken) throw new Refused(taken);
          const imageAlt = altOf(input);
          await posts.setPostDetails(tx, kind, input.key, { slugs, image, imageAlt });
          if (live) await repository.bumpRevision(tx);
          await audit(tx, {
            staff: actor,
            action: 'content_post_changed',
            subject: contentSubject({ kind, key: input.key }),
            before: { ...before },
            after: {
              ...before,
              slug_vi: slugs.vi,
              slug_en: slugs.en,
              image,
              image_alt_vi: imageAlt.vi,
              image_alt_en: imageAlt.en,
            },
            at,
          });
        });
      } catch (error) {
        if (error instanceof Refused) return error.result;
        if (isUniqueViolation(error, 'content_posts_slug')) return slugTaken('vi');
        throw error;
      }
      if (live) onChange();
      return item({ kind, key: input.key });
    },
  };
}

export type DeskCreateService = ReturnType<typeof createDeskCreateService>;
