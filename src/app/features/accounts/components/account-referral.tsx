// The referral code with a copy button (spec 2 account page). Without clipboard access (an insecure page, a refusal)
// the code is selected and the passenger is told to copy it by hand.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export function AccountReferral({ code }: { code: string }) {
  const { t } = useTranslation();
  const codeRef = useRef<HTMLElement>(null);
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  const selectCode = () => {
    const element = codeRef.current;
    const selection = window.getSelection();
    if (!element || !selection) return;
    const range = document.createRange();
    range.selectNodeContents(element);
    selection.removeAllRanges();
    selection.addRange(range);
  };

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('clipboard unavailable');
      await navigator.clipboard.writeText(code);
      setState('copied');
    } catch {
      selectCode();
      setState('failed');
    }
  };

  if (!code) return <p>{t('account.not_set')}</p>;
  return (
    <div className="account-referral">
      <p className="account-referral-row">
        <code ref={codeRef} className="account-referral-code">
          {code}
        </code>
        <button type="button" className="button" onClick={() => void copy()}>
          {t('account.referral.copy')}
        </button>
      </p>
      <p className="field-hint">{t('account.referral.hint')}</p>
      <p role="status" className={state === 'failed' ? 'field-error' : 'field-ok'}>
        {state === 'copied' && t('account.referral.copied')}
        {state === 'failed' && t('account.referral.copy_failed')}
      </p>
    </div>
  );
}
