// A ticket as get_ticket_info returns it: the trip, the passenger, the amounts and the driver once assigned.
import { useTranslation } from 'react-i18next';
import { TRANSACTION_STATUS, type TicketInfo } from '../../../../shared/contract/booking';
import { formatVnd } from '../../../../shared/domain/money';
import { DetailsList } from '../../../components/ui/details-list';

export function TicketDetails({ ticket }: { ticket: TicketInfo }) {
  const { t } = useTranslation();
  const paid = ticket.transaction_status_id === TRANSACTION_STATUS.success;
  const rows: [string, string][] = [
    [t('ticket.code'), ticket.code],
    [t('ticket.status'), t(`ticket.statuses.${ticket.status}`)],
    [t('billing.trip'), ticket.drop_address ? `${ticket.pick_address} → ${ticket.drop_address}` : ticket.pick_address],
    [t('booking.time'), ticket.depart_time],
    [t('pricing.detail.vehicle'), `${ticket.vehicle_name} · ${ticket.partner_name}`],
    [t('billing.fullname'), ticket.fullname],
    [t('billing.phone'), ticket.phone],
  ];
  if (ticket.duration) rows.push([t('booking.duration'), t('picker.hours', { count: ticket.duration })]);
  if (ticket.plane_number) rows.push([t('billing.plane_number'), ticket.plane_number]);
  rows.push([
    t('billing.pay_method'),
    t(`ticket.pay_methods.${ticket.pay_method_id}`, { defaultValue: String(ticket.pay_method_id) }),
  ]);
  rows.push([t('ticket.payment'), paid ? t('ticket.paid') : t(`ticket.transaction.${ticket.transaction_status_id}`)]);
  rows.push([
    t('ticket.driver'),
    ticket.driver_name
      ? `${ticket.driver_name} · ${ticket.driver_phone ?? ''} · ${ticket.driver_plate ?? ''}`
      : t('ticket.driver_pending'),
  ]);
  return <DetailsList rows={rows} total={[t('billing.total.total'), formatVnd(ticket.amounts.total_cost)]} />;
}
