import type { Plugin } from 'vite';

/** The message chunks plugin (messages-split.mjs). */
export function messagesSplit(): Plugin;
