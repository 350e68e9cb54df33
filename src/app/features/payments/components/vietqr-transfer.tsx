// What a passenger paying by bank transfer needs while the ticket waits: the dynamic VietQR code for the exact
// total with the ticket code as the note, the same account, amount and note as text to copy into a bank app, the
// code saved as a picture (the way a phone that shows it pays it: the bank app opens it from the gallery) and the
// common banks' apps opened by the VietQR deep link. The QR library loads with this part only, never with home.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TRANSACTION_STATUS, VIETQR_PAY_METHOD } from '../../../../shared/contract/booking';
import { formatVnd } from '../../../../shared/domain/money';
import { SITE_KEY_DEFAULTS, SYSTEM_CONFIG_DEFAULTS } from '../../../../shared/domain/system-config';
import { bankOfBin, VN_BANKS } from '../../../../shared/domain/vn-banks';
import {
  buildVietQrPayload,
  vietQrAccountOf,
  vietQrDeepLink,
  vietQrNote,
  type VietQrAccount,
} from '../../../../shared/domain/vietqr';
import { configQueries } from '../../../lib/config-queries';
import { downloadBlob } from '../../../lib/download';
import { paymentCalls, type TicketProofOf } from '../api';
import './payment-result.css';
import { type TicketInfo } from '../../../../shared/contract/tickets';

/** A phone (a coarse pointer, or a narrow screen): the code on its screen cannot be scanned by its own camera. */
const PHONE_QUERY = '(pointer: coarse), (max-width: 600px)';

function useIsPhone(): boolean {
  const [phone, setPhone] = useState(() => window.matchMedia?.(PHONE_QUERY).matches ?? false);
  useEffect(() => {
    const query = window.matchMedia?.(PHONE_QUERY);
    if (!query) return;
    const changed = () => setPhone(query.matches);
    query.addEventListener('change', changed);
    return () => query.removeEventListener('change', changed);
  }, []);
  return phone;
}

/** Whether this browser shares files (the Web Share API level 2): a phone's share sheet saves a picture to its gallery. */
function sharesFiles(): boolean {
  if (typeof navigator.canShare !== 'function' || typeof File !== 'function') return false;
  try {
    return navigator.canShare({ files: [new File([''], 'vietqr.png', { type: 'image/png' })] });
  } catch {
    return false;
  }
}

interface Props {
  account: VietQrAccount;
  amount: number;
  code: string;
  /** The ticket's proof, to read what has arrived by transfer for it. */
  proof: TicketProofOf;
  /** Changes when the ticket does (its page's live copy): what arrived is read again then. */
  version?: number;
}

/**
 * What has arrived by transfer for the ticket. With this device's key it is asked every 3 s while the code is shown (as the payment check)
 * (a key's lookups are not counted); otherwise, and once the ticket is paid, only when the ticket changes (money
 * naming it changes it, and its page's live copy follows).
 */
function useTransferStatus(code: string, { key, contact }: TicketProofOf, version?: number, poll = true) {
  return useQuery({
    queryKey: ['payments', 'transfer-status', code, key ?? null, contact ?? null, version ?? null],
    queryFn: async ({ signal }) => (await paymentCalls.transferStatus(code, { key, contact }, signal)).data,
    enabled: Boolean(key || contact),
    refetchInterval: poll && key ? 3000 : false,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The last copy or save, announced to screen readers and shown. */
type Said = { text: string; ok: boolean } | null;

export function VietQrTransfer({ account, amount: total, code, proof, version }: Props) {
  const { t } = useTranslation();
  const arrived = useTransferStatus(code, proof, version).data;
  // A short transfer arrived: the code, the amount, the picture and the apps ask for the rest, with the same note.
  const short = arrived && arrived.remaining > 0 && arrived.remaining < total ? arrived : null;
  const amount = short ? short.remaining : total;
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState<'drawing' | 'drawn' | 'failed'>('drawing');
  const [said, setSaid] = useState<Said>(null);
  const [saving, setSaving] = useState(false);
  const phone = useIsPhone();
  const [canShare] = useState(sharesFiles);
  const bank = bankOfBin(account.bin);
  const bankName = bank ? `${bank.shortName} (${bank.name})` : account.bin;
  const payload = buildVietQrPayload({ bin: account.bin, accountNumber: account.accountNumber, amount, note: code });

  useEffect(() => {
    let stopped = false;
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
  }, [payload]);

  const copy = (label: string, value: string) => {
    const done = (ok: boolean) =>
      setSaid({ text: t(ok ? 'payments.vietqr.copied' : 'payments.vietqr.copy_failed', { name: label }), ok });
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
  const fileName = `vivu-${code}-vietqr.png`;

  /** The picture: the code, then the amount, the bank, the account and the note written under it. */
  const picture = async () => {
    const { vietQrImage } = await import('./vietqr-image');
    const blob = await vietQrImage(payload, {
      amount: formatVnd(amount),
      lines: [
        `${t('payments.vietqr.bank')}: ${bank?.shortName ?? account.bin}`,
        `${t('payments.vietqr.account_number')}: ${account.accountNumber}`,
        `${t('payments.vietqr.account_name')}: ${account.accountName}`,
        `${t('payments.vietqr.note')}: ${vietQrNote(code)}`,
      ],
    });
    return new File([blob], fileName, { type: 'image/png' });
  };

  const save = async () => {
    setSaving(true);
    try {
      downloadBlob(await picture(), fileName);
      setSaid({ text: t('payments.vietqr.saved', { name: fileName }), ok: true });
    } catch {
      setSaid({ text: t('payments.vietqr.save_failed'), ok: false });
    } finally {
      setSaving(false);
    }
  };

  const share = async () => {
    setSaving(true);
    try {
      const file = await picture();
      await navigator.share({ files: [file], title: t('payments.vietqr.title') });
      setSaid({ text: t('payments.vietqr.shared'), ok: true });
    } catch (error) {
      // Closing the share sheet is the passenger's choice, not a failure.
      if (!(error instanceof DOMException && error.name === 'AbortError'))
        setSaid({ text: t('payments.vietqr.save_failed'), ok: false });
    } finally {
      setSaving(false);
    }
  };

  const apps = VN_BANKS.flatMap((item) => {
    const href = item.appId ? vietQrDeepLink(item.appId, account, bank?.code, amount, code) : null;
    return href ? [{ name: item.shortName, href }] : [];
  });

  return (
    <section className="vietqr" aria-labelledby="vietqr-title">
      <h2 id="vietqr-title">{t('payments.vietqr.title')}</h2>
      {short && (
        <p className="notice notice-error vietqr-short" role="alert">
          {t('payments.vietqr.short', {
            received: formatVnd(short.received),
            total: formatVnd(total),
            rest: formatVnd(short.remaining),
            code,
          })}
        </p>
      )}
      <p>{t(phone ? 'payments.vietqr.intro_phone' : 'payments.vietqr.intro')}</p>
      <div className="vietqr-code">
        <canvas
          ref={canvas}
          role="img"
          aria-label={t('payments.vietqr.qr_label', { amount: formatVnd(amount), code })}
          hidden={drawn === 'failed'}
          aria-busy={drawn === 'drawing'}
        />
        {drawn === 'failed' && <p className="notice">{t('payments.vietqr.qr_failed')}</p>}
      </div>
      {drawn === 'drawn' && (
        <div className="button-stack vietqr-save">
          <button type="button" className="button button-primary" disabled={saving} onClick={() => void save()}>
            {t('payments.vietqr.save')}
          </button>
          {canShare && (
            <button type="button" className="button" disabled={saving} onClick={() => void share()}>
              {t('payments.vietqr.share')}
            </button>
          )}
        </div>
      )}
      {phone && apps.length > 0 && (
        <nav className="vietqr-apps" aria-labelledby="vietqr-apps-title">
          <h3 id="vietqr-apps-title">{t('payments.vietqr.apps_title')}</h3>
          <ul>
            {apps.map((app) => (
              <li key={app.name}>
                <a className="button button-small" href={app.href} rel="noopener noreferrer">
                  {app.name}
                </a>
              </li>
            ))}
          </ul>
          <p className="field-hint">{t('payments.vietqr.apps_fallback')}</p>
        </nav>
      )}
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
        {said?.text ?? ''}
      </p>
      {said && (
        <p className={said.ok ? 'notice notice-ok vietqr-copied' : 'notice vietqr-copied'} aria-hidden="true">
          {said.text}
        </p>
      )}
    </section>
  );
}

/**
 * The ticket page's part (one module with the payment page's, so both share one lazy chunk): a ticket paid by bank
 * transfer that still awaits its money shows the same code and account; once paid, the live ticket hides it, and a
 * ticket paid with more than its total says so, with the extra's refund.
 */
export function TicketTransfer({ ticket, proof, version }: { ticket: TicketInfo; proof: TicketProofOf; version?: number }) {
  const { data: system = SYSTEM_CONFIG_DEFAULTS } = useQuery(configQueries.system());
  const account = vietQrAccountOf(system);
  if (ticket.pay_method_id !== VIETQR_PAY_METHOD || ticket.amounts.total_cost <= 0) return null;
  if (ticket.transaction_status_id === TRANSACTION_STATUS.success)
    return <TransferExtra code={ticket.code} proof={proof} version={version} />;
  if (ticket.transaction_status_id !== TRANSACTION_STATUS.processing || !account) return null;
  return (
    <VietQrTransfer account={account} amount={ticket.amounts.total_cost} code={ticket.code} proof={proof} version={version} />
  );
}

/** A ticket paid with more than its total: it is paid, and the extra goes back to the account it came from. */
function TransferExtra({ code, proof, version }: { code: string; proof: TicketProofOf; version?: number }) {
  const { t } = useTranslation();
  const { data: keys = SITE_KEY_DEFAULTS } = useQuery(configQueries.siteKeys());
  const arrived = useTransferStatus(code, proof, version, false).data;
  if (!arrived || arrived.extra <= 0) return null;
  return (
    <p className="notice vietqr-extra" role="status">
      {t(arrived.refund_status === 'refunded' ? 'payments.vietqr.extra_refunded' : 'payments.vietqr.extra_due', {
        received: formatVnd(arrived.received),
        total: formatVnd(arrived.total_cost),
        extra: formatVnd(arrived.extra),
        hotline: keys.hotline_display,
      })}
    </p>
  );
}
