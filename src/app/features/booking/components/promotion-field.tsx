// The promotion code (spec 4, 5): applying shows loading, then the discount or the server's message; a change
// of code or payment method clears it. A value up to 100 is a percent, above it money (the server's text says which).
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';

export type PromotionState =
  | { status: 'idle' }
  | { status: 'loading'; code: string }
  | { status: 'applied'; code: string; discount: number; text: string }
  | { status: 'error'; code: string; message: string };

interface Props {
  state: PromotionState;
  onApply(code: string): void;
  onClear(): void;
}

export function promotionError(error: unknown): string {
  return error instanceof ApiError ? error.key : 'errors.server_busy';
}

export function PromotionField({ state, onApply, onClear }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [code, setCode] = useState(state.status === 'idle' ? '' : state.code);
  const busy = state.status === 'loading';
  return (
    <div className={`form-field${state.status === 'error' ? ' invalid' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {t('billing.promotion')}
      </label>
      <div className="address-row">
        <input
          id={id}
          className="field-input"
          value={code}
          autoComplete="off"
          autoCapitalize="characters"
          aria-invalid={state.status === 'error' || undefined}
          aria-describedby={`${id}-status`}
          onChange={(event) => {
            setCode(event.target.value.toUpperCase());
            if (state.status !== 'idle') onClear();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              if (code.trim()) onApply(code.trim());
            }
          }}
        />
        <button
          type="button"
          className="button"
          disabled={!code.trim() || busy}
          aria-busy={busy}
          onClick={() => onApply(code.trim())}
        >
          {busy ? t('billing.promotion_checking') : t('billing.promotion_apply')}
        </button>
      </div>
      <p id={`${id}-status`} className={state.status === 'error' ? 'field-error' : 'field-ok'} role="status" aria-live="polite">
        {state.status === 'applied' && t('billing.promotion_applied', { text: state.text })}
        {state.status === 'error' && t(state.message, { defaultValue: t('booking.errors.promotion_not_found') })}
      </p>
    </div>
  );
}
