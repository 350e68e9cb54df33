// The message chunks written by the messagesSplit() plugin (scripts/messages-split.mjs): one language's messages without
// (core) or with only (more) the sections of src/app/locales/lazy-sections.json.
declare module 'virtual:messages/*' {
  const messages: Record<string, unknown>;
  export default messages;
}
