// The desk's content area: what the content staff may do to the site's texts. A draft is cleaned to plain text when
// saved (plain-text.ts) and never shown on the site; publishing makes it the live text, unpublishing takes the item
// off the site; both raise the content revision in their transaction so every server's content caches start over.
// Each action writes its audit entry (titles and the start of the texts before and after) in the same transaction.
import {
  DESK_CONTENT_ERROR_KEYS as E,
  DESK_CONTENT_FIELDS,
  DESK_CONTENT_PAGE_SIZE,
  type DeskContentDraftInput,
  type DeskContentItem,
  type DeskContentKind,
  type DeskContentListQuery,
  type DeskContentPage,
  type DeskContentPreview,
  type DeskContentRef,
  type DeskContentSummary,
  type DeskContentTexts,
} from '../../../shared/contract/desk-content';
import type { ContentBlock } from '../../../shared/contract/content';
import { isPostKind } from '../../../shared/contract/desk-content-create';
import { pathFor, type Lang, type RouteName } from '../../../shared/domain/route-table';
import { refuse, type Result } from '../../http/refusal';
import { audit, type DeskActor } from '../desk/service';
import type { DeskCreateRepository } from './desk-create-repository';
import type { DeskContentRepository, DeskContentRow, DraftRow } from './desk-repository';
import { plainBlocks, plainText } from './plain-text';

export type DeskContentResult<T> = Result<T, 400 | 404 | 409>;

/** How much of a text the audit log keeps: enough to tell what changed, never a whole page. */
const AUDIT_TEXT_CHARS = 200;

export interface DeskContentDeps {
  repository: DeskContentRepository;
  /** A post's address, image and date. */
  posts: DeskCreateRepository;
  now: () => Date;
  /** Called after a publish or an unpublish has committed (this server's caches start over at once). */
  onChange: () => void;
}

function pagePath(row: DeskContentRow, lang: Lang): string {
  const route = row.routeName as RouteName;
  const slug = lang === 'vi' ? row.slugVi : row.slugEn;
  if (!slug || row.key === row.routeName) return pathFor(route, lang);
  return pathFor(route, lang, { slug });
}

/** The texts as the site may show them: plain text only, and only the fields the kind has. */
export function cleanTexts(kind: DeskContentKind, texts: DeskContentTexts): DeskContentTexts {
  const fields = DESK_CONTENT_FIELDS[kind];
  const one = (t: DeskContentTexts['vi']) => ({
    title: plainText(t.title),
    summary: fields.summary ? plainText(t.summary) : '',
    body: fields.body ? plainBlocks(t.body) : [],
  });
  return { vi: one(texts.vi), en: one(texts.en) };
}

const bodyText = (body: ContentBlock[]) => body.map((b) => (b.type === 'ul' ? b.items.join(' · ') : b.text)).join(' ');
const clip = (text: string) => (text.length > AUDIT_TEXT_CHARS ? `${text.slice(0, AUDIT_TEXT_CHARS)}…` : text);

/** A cleaned text must still say something: a title in each language and, where the kind has one, a body. */
export function emptyField(kind: DeskContentKind, texts: DeskContentTexts): { field: string; key: string } | null {
  for (const lang of ['vi', 'en'] as const) {
    if (!texts[lang].title) return { field: `${lang}.title`, key: E.title };
    if (DESK_CONTENT_FIELDS[kind].body && texts[lang].body.length === 0) return { field: `${lang}.body`, key: E.body };
  }
  return null;
}

/** The audit log's subject of an item: the same for every action on it. */
export const contentSubject = (ref: DeskContentRef) => `content-${ref.kind}-${ref.key}`;

/** What the audit log keeps of an item's texts (and, for a publish or an unpublish, whether it is on the site). */
export function auditTexts(texts: DeskContentTexts | null, published?: boolean) {
  const state = published === undefined ? {} : { published };
  if (!texts) return state;
  return {
    ...state,
    title_vi: texts.vi.title,
    title_en: texts.en.title,
    text_vi: clip(`${texts.vi.summary} ${bodyText(texts.vi.body)}`.trim()),
    text_en: clip(`${texts.en.summary} ${bodyText(texts.en.body)}`.trim()),
  };
}

export function createDeskContentService({ repository, posts, now, onChange }: DeskContentDeps) {
  const subject = contentSubject;

  function summary(kind: DeskContentKind, row: DeskContentRow): DeskContentSummary {
    return {
      kind,
      key: row.key,
      title_vi: plainText(row.titleVi),
      title_en: plainText(row.titleEn),
      group: row.group,
      published: row.active,
      has_draft: row.draftSavedAt !== null,
      draft_saved_at: row.draftSavedAt?.toISOString() ?? null,
      path_vi: pagePath(row, 'vi'),
      path_en: pagePath(row, 'en'),
    };
  }

  async function item(ref: DeskContentRef): Promise<DeskContentResult<DeskContentItem>> {
    const kind = ref.kind as DeskContentKind;
    const row = await repository.row(kind, ref.key);
    const live = row ? await repository.live(repository.db, kind, ref.key) : null;
    if (!row || !live) return refuse(404, E.notFound);
    const draft = await repository.draft(repository.db, kind, ref.key);
    const post = isPostKind(kind) ? await posts.postDetails(repository.db, kind, ref.key) : null;
    return {
      ok: true,
      data: {
        ...summary(kind, row),
        post,
        live: cleanTexts(kind, live),
        draft: draft ? cleanTexts(kind, draft.texts) : null,
        draft_saved_by: draft?.savedByEmail ?? '',
      },
    };
  }

  return {
    async list(query: DeskContentListQuery): Promise<DeskContentPage> {
      const kind = query.kind as DeskContentKind;
      const page = query.page ?? 1;
      const { rows, total } = await repository.list(kind, {
        search: query.search ?? '',
        status: query.status ?? '',
        offset: (page - 1) * DESK_CONTENT_PAGE_SIZE,
        limit: DESK_CONTENT_PAGE_SIZE,
      });
      return {
        items: rows.map((row) => summary(kind, row)),
        page,
        pages: Math.max(1, Math.ceil(total / DESK_CONTENT_PAGE_SIZE)),
        total,
      };
    },

    item,

    async saveDraft(actor: DeskActor, input: DeskContentDraftInput): Promise<DeskContentResult<DeskContentItem>> {
      const kind = input.kind as DeskContentKind;
      const texts = cleanTexts(kind, { vi: input.vi, en: input.en });
      const empty = emptyField(kind, texts);
      if (empty) return refuse(400, empty.key, { field: empty.field });
      const at = now();
      const found = await repository.db.transaction(async (tx) => {
        const live = await repository.live(tx, kind, input.key);
        if (!live) return false;
        const before = await repository.draft(tx, kind, input.key);
        const row: DraftRow = {
          kind,
          key: input.key,
          texts,
          savedById: actor.id,
          savedByEmail: actor.email,
          savedAt: at,
        };
        await repository.saveDraft(tx, row);
        await audit(tx, {
          staff: actor,
          action: 'content_draft_saved',
          subject: subject(input),
          before: auditTexts(before ? before.texts : live),
          after: auditTexts(texts),
          at,
        });
        return true;
      });
      if (!found) return refuse(404, E.notFound);
      return item(input);
    },

    async preview(ref: DeskContentRef, lang: Lang): Promise<DeskContentResult<DeskContentPreview>> {
      const kind = ref.kind as DeskContentKind;
      const row = await repository.row(kind, ref.key);
      const live = row ? await repository.live(repository.db, kind, ref.key) : null;
      if (!row || !live) return refuse(404, E.notFound);
      const draft = await repository.draft(repository.db, kind, ref.key);
      const texts = cleanTexts(kind, draft ? draft.texts : live)[lang];
      return { ok: true, data: { kind, lang, path: pagePath(row, lang), draft: draft !== null, ...texts } };
    },

    async publish(actor: DeskActor, ref: DeskContentRef): Promise<DeskContentResult<DeskContentItem>> {
      const kind = ref.kind as DeskContentKind;
      const row = await repository.row(kind, ref.key);
      if (!row) return refuse(404, E.notFound);
      const at = now();
      const refusal = await repository.db.transaction(async (tx) => {
        const live = await repository.live(tx, kind, ref.key);
        if (!live) return refuse(404, E.notFound);
        const draft = await repository.draft(tx, kind, ref.key);
        // An unpublished item goes back on the site as it is; a published one needs a draft to publish.
        if (!draft && row.active) return refuse(409, E.noDraft);
        const texts = cleanTexts(kind, draft ? draft.texts : live);
        await repository.writeLive(tx, kind, ref.key, texts, at);
        await repository.deleteDraft(tx, kind, ref.key);
        await repository.bumpRevision(tx);
        await audit(tx, {
          staff: actor,
          action: 'content_published',
          subject: subject(ref),
          before: auditTexts(cleanTexts(kind, live), row.active),
          after: auditTexts(texts, true),
          at,
        });
        return null;
      });
      if (refusal) return refusal;
      onChange();
      return item(ref);
    },

    async unpublish(actor: DeskActor, ref: DeskContentRef): Promise<DeskContentResult<DeskContentItem>> {
      const kind = ref.kind as DeskContentKind;
      const row = await repository.row(kind, ref.key);
      if (!row) return refuse(404, E.notFound);
      if (kind === 'page' || kind === 'faq_category' || !DESK_CONTENT_FIELDS[kind].unpublish)
        return refuse(409, E.cannotUnpublish);
      const at = now();
      await repository.db.transaction(async (tx) => {
        const live = await repository.live(tx, kind, ref.key);
        await repository.setActive(tx, kind, ref.key, false);
        await repository.bumpRevision(tx);
        const texts = live ? cleanTexts(kind, live) : null;
        await audit(tx, {
          staff: actor,
          action: 'content_unpublished',
          subject: subject(ref),
          before: auditTexts(texts, row.active),
          after: auditTexts(texts, false),
          at,
        });
      });
      onChange();
      return item(ref);
    },
  };
}

export type DeskContentService = ReturnType<typeof createDeskContentService>;
