// faqs (/cau-hoi-thuong-gap, /en/faqs; spec 2): the FAQ categories, each a section with its questions as an
// accordion (WAI-ARIA pattern: a heading holding a button with aria-expanded and aria-controls, the answer a region
// labelled by its button, hidden while closed). A jump list at the top leads to each category.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FaqCategory, FaqQuestion } from '../../../shared/contract/content';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLang } from '../../lib/use-lang';
import { ContentBlocks } from './blocks';
import { contentQueries } from './content-api';
import { ContentEmpty, ContentError, ContentLoading, OfflineNotice } from './states';
import './content.css';

function FaqItem({ question }: { question: FaqQuestion }) {
  const [open, setOpen] = useState(false);
  const buttonId = `faq-q-${question.id}`;
  const panelId = `faq-a-${question.id}`;
  return (
    <li className="faq-item">
      <h3 className="faq-question">
        <button
          type="button"
          id={buttonId}
          className="faq-toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
        >
          <span>{question.question}</span>
          <span className="faq-chevron" aria-hidden="true" />
        </button>
      </h3>
      <div id={panelId} role="region" aria-labelledby={buttonId} className="faq-answer" hidden={!open}>
        <ContentBlocks blocks={question.answer} heading={4} />
      </div>
    </li>
  );
}

function FaqSection({ category, questions }: { category: FaqCategory; questions: FaqQuestion[] }) {
  const headingId = `faq-cat-${category.key}`;
  return (
    <section className="faq-section" aria-labelledby={headingId}>
      <h2 id={headingId} tabIndex={-1}>
        {category.name}
      </h2>
      <ul className="faq-list">
        {questions.map((question) => (
          <FaqItem key={question.id} question={question} />
        ))}
      </ul>
    </section>
  );
}

export function FaqPage() {
  const { t } = useTranslation();
  const lang = useLang();
  useDocumentTitle(`${t('routes.faqs')} – Vivu`);
  const categories = useQuery(contentQueries.faqCategories(lang));
  const questions = useQuery(contentQueries.faqQuestions(lang));
  const failed = categories.isError ? categories : questions.isError ? questions : null;
  const ready = categories.data && questions.data;
  const groups = (categories.data ?? [])
    .map((category) => ({ category, items: (questions.data ?? []).filter((q) => q.category_key === category.key) }))
    .filter((group) => group.items.length > 0);
  return (
    <section className="page content-page" aria-labelledby="faq-heading">
      <h1 id="faq-heading">{t('routes.faqs')}</h1>
      <p className="content-lead">{t('content_pages.faq.lead')}</p>
      {!ready && !failed && <ContentLoading label={t('content_pages.faq.loading')} />}
      {failed && !ready && (
        <ContentError
          error={failed.error}
          onRetry={() => {
            void categories.refetch();
            void questions.refetch();
          }}
        />
      )}
      {ready && groups.length === 0 && <ContentEmpty text={t('content_pages.faq.empty')} />}
      {ready && groups.length > 0 && (
        <>
          <OfflineNotice />
          <nav aria-label={t('content_pages.faq.categories')} className="chip-nav">
            <ul className="chip-list">
              {groups.map(({ category }) => (
                <li key={category.key}>
                  <a className="chip" href={`#faq-cat-${category.key}`}>
                    {category.name}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          {groups.map(({ category, items }) => (
            <FaqSection key={category.key} category={category} questions={items} />
          ))}
          <p className="faq-more">{t('content_pages.faq.more')}</p>
        </>
      )}
    </section>
  );
}
