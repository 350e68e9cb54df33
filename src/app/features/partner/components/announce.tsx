// The console's status line: what a move did ("VV12AB accepted"), read out politely and shown for a few seconds,
// since the ticket may leave the tab it was in.
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';

const AnnounceContext = createContext<(text: string) => void>(() => undefined);

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
      {children}
      <p className={message ? 'toast' : 'visually-hidden'} role="status" aria-live="polite">
        {message?.text ?? ''}
      </p>
    </AnnounceContext.Provider>
  );
}
