// news (/bao-chi/:slug?, /en/press/:slug?; spec 2): the list with search, or an item with share (features/content).
export { NewsPage as NewsRoute } from '../features/content/news-page';
