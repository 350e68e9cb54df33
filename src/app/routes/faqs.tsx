// faqs (/cau-hoi-thuong-gap, /en/faqs; spec 2): questions by category as an accordion (features/content).
export { FaqPage as FaqsRoute } from '../features/content/faq-page';
