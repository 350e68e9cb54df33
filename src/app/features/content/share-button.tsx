// Share a page (news): the system share sheet where there is one, else the link is copied; the result is said in a
// role=status message (a closed share sheet says nothing). When copying is refused, the link itself is shown.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type Outcome = 'idle' | 'copied' | 'failed';

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function ShareButton({ title, url }: { title: string; url: string }) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<Outcome>('idle');
  const share = async () => {
    setOutcome('idle');
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    setOutcome((await copy(url)) ? 'copied' : 'failed');
  };
  return (
    <div className="share-box">
      <button type="button" className="button" onClick={() => void share()}>
        {t('content_pages.news.share')}
      </button>
      <p role="status" className="share-status">
        {outcome === 'copied' && t('content_pages.news.copied')}
        {outcome === 'failed' && (
          <>
            {t('content_pages.news.copy_failed')} <span className="share-url">{url}</span>
          </>
        )}
      </p>
    </div>
  );
}
