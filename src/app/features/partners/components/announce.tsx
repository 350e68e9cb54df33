// The console's status line: what a move did ("VV12AB accepted"), read out politely and shown for a few seconds,
// since the ticket may leave the tab it was in. It is shown under the tabs, in the console's sticky bar,
// not floating over the list, so it never covers a ticket's buttons.
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';

const AnnounceContext = createContext<(text: string) => void>(() => undefined);
const MessageContext = createContext<{ text: string; at: number } | null>(null);

export const useAnnounce = () => useContext(AnnounceContext);

export function AnnounceProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<{ text: string; at: number } | null>(null);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), 6000);
    return () => clearTimeout(timer);
  }, [message]);
  const announce = useCallback((text: string) => setMessage({ text, at: Date.now() }), []);
  return (
    <AnnounceContext.Provider value={announce}>
      <MessageContext.Provider value={message}>{children}</MessageContext.Provider>
    </AnnounceContext.Provider>
  );
}

/** The status line itself; always in the page (an empty live region), so that each message is read out. */
export function AnnounceLine() {
  const message = useContext(MessageContext);
  return (
    <p className={message ? 'partner-status' : 'visually-hidden'} role="status" aria-live="polite">
      {message?.text ?? ''}
    </p>
  );
}
