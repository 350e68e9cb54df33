// The content pages' public face: what other features may use of them (issue 21). Routes may import their files.
export { ContentBlocks } from './blocks';
