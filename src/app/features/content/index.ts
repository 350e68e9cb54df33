// The content feature's public face: what other features may use of it. Routes may import its files. The desk
// shows a draft with the pages' own markup.
export { ContentPreview, type ContentPreviewText } from './content-preview';
