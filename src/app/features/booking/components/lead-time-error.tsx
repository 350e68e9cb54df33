// The search's refusal of a pick-up sooner than the service's lead time, under the time field (loaded only once it
// is needed, with the lazy screens' messages).
import { useTranslation } from 'react-i18next';
import type { LeadService } from '../../../../shared/domain/lead-time';
import { leadTimeText } from '../../../components/ui/lead-time-text';

export function LeadTimeError({ service, minutes }: { service: LeadService; minutes: number }) {
  const { t } = useTranslation();
  return (
    <p className="field-error" role="alert">
      {leadTimeText(t, service, minutes).error}
    </p>
  );
}
