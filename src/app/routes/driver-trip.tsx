// driver-trip (/tai-xe/chuyen/:token): the driver's trip screen, opened from the link texted on assignment, with no
// account (the link's secret is the proof).
import { useParams } from '@tanstack/react-router';
import { DriverTripScreen } from '../features/driver-trip/components/trip-screen';

export function DriverTripRoute() {
  const { token } = useParams({ strict: false });
  return <DriverTripScreen token={token ?? ''} />;
}
