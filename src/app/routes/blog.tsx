// blog (/blog/:slug?, /en/blog/:slug?; spec 2): the list, or a post by its slug (features/content).
export { BlogPage as BlogRoute } from '../features/content/blog-page';
