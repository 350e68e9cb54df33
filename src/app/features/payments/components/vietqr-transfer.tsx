// What a passenger paying by bank transfer needs while the ticket waits: the dynamic VietQR code for the exact
// total with the ticket code as the note, and the same account, amount and note as text to copy into a bank app.
// The QR library loads with this screen only (a dynamic import), never with the home page.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TRANSACTION_STATUS, VIETQR_PAY_METHOD } from '../../../../shared/contract/booking';
import { formatVnd } from '../../../../shared/domain/money';
import { SYSTEM_CONFIG_DEFAULTS } from '../../../../shared/domain/system-config';
import { bankOfBin } from '../../../../shared/domain/vn-banks';
import { buildVietQrPayload, vietQrAccountOf, type VietQrAccount } from '../../../../shared/domain/vietqr';
import { configQueries } from '../../../lib/config-queries';
import './payment-result.css';
import { type TicketInfo } from '../../../../shared/contract/tickets';

interface Props {
  account: VietQrAccount;
  amount: number;
  code: string;
}

type Copied = { label: string; ok: boolean } | null;

export function VietQrTransfer({ account, amount, code }: Props) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState<'drawing' | 'drawn' | 'failed'>('drawing');
  const [copied, setCopied] = useState<Copied>(null);
  const bank = bankOfBin(account.bin);
  const bankName = bank ? `${bank.shortName} (${bank.name})` : account.bin;

  useEffect(() => {
    let stopped = false;
    const payload = buildVietQrPayload({ bin: account.bin, accountNumber: account.accountNumber, amount, note: code });
    import('qrcode')
      .then(({ toCanvas }) => {
        if (stopped || !canvas.current) return;
        return toCanvas(canvas.current, payload, { width: 240, margin: 2, errorCorrectionLevel: 'M' }).then(() => {
          if (!stopped) setDrawn('drawn');
        });
      })
      .catch(() => {
        if (!stopped) setDrawn('failed');
      });
    return () => {
      stopped = true;
    };
  }, [account.bin, account.accountNumber, amount, code]);

  const copy = (label: string, value: string) => {
    const done = (ok: boolean) => setCopied({ label, ok });
    if (!navigator.clipboard) return done(false);
    navigator.clipboard.writeText(value).then(
      () => done(true),
      () => done(false),
    );
  };

  const rows: { label: string; value: string; shown?: string }[] = [
    { label: t('payments.vietqr.account_number'), value: account.accountNumber },
    { label: t('payments.vietqr.account_name'), value: account.accountName },
    { label: t('payments.vietqr.amount'), value: String(amount), shown: formatVnd(amount) },
    { label: t('payments.vietqr.note'), value: code },
  ];

  return (
    <section className="vietqr" aria-labelledby="vietqr-title">
      <h2 id="vietqr-title">{t('payments.vietqr.title')}</h2>
      <p>{t('payments.vietqr.intro')}</p>
      <div className="vietqr-code">
        <canvas
          ref={canvas}
          role="img"
          aria-label={t('payments.vietqr.qr_label', { amount: formatVnd(amount), code })}
          hidden={drawn === 'failed'}
        />
        {drawn === 'failed' && <p className="notice">{t('payments.vietqr.qr_failed')}</p>}
      </div>
      <dl className="vietqr-details">
        <div className="vietqr-row">
          <dt>{t('payments.vietqr.bank')}</dt>
          <dd>{bankName}</dd>
        </div>
        {rows.map((row) => (
          <div className="vietqr-row" key={row.label}>
            <dt>{row.label}</dt>
            <dd>
              <span className="vietqr-value">{row.shown ?? row.value}</span>
              <button
                type="button"
                className="button button-small"
                aria-label={t('payments.vietqr.copy_named', { name: row.label })}
                onClick={() => copy(row.label, row.value)}
              >
                {t('payments.vietqr.copy')}
              </button>
            </dd>
          </div>
        ))}
      </dl>
      <p className="vietqr-hint">{t('payments.vietqr.note_hint', { code })}</p>
      <p className="visually-hidden" role="status" aria-live="polite">
        {copied ? t(copied.ok ? 'payments.vietqr.copied' : 'payments.vietqr.copy_failed', { name: copied.label }) : ''}
      </p>
      {copied && (
        <p className={copied.ok ? 'notice notice-ok vietqr-copied' : 'notice vietqr-copied'} aria-hidden="true">
          {t(copied.ok ? 'payments.vietqr.copied' : 'payments.vietqr.copy_failed', { name: copied.label })}
        </p>
      )}
    </section>
  );
}

/**
 * The ticket page's part (one module with the payment page's, so both share one lazy chunk): a ticket paid by bank
 * transfer that still awaits its money shows the same code and account; once paid, the live ticket hides it.
 */
export function TicketTransfer({ ticket }: { ticket: TicketInfo }) {
  const { data: system = SYSTEM_CONFIG_DEFAULTS } = useQuery(configQueries.system());
  const account = vietQrAccountOf(system);
  const awaiting = ticket.pay_method_id === VIETQR_PAY_METHOD && ticket.transaction_status_id === TRANSACTION_STATUS.processing;
  if (!awaiting || !account || ticket.amounts.total_cost <= 0) return null;
  return <VietQrTransfer account={account} amount={ticket.amounts.total_cost} code={ticket.code} />;
}
