// desk: the operator desk of Vivu's own staff (its sign-in, then the areas the member's role may use; opened from a
// one-time link, the password's setting and the authenticator's enrolment first).
import { DeskPage } from '../features/desk/components/desk-page';

export function DeskRoute() {
  return <DeskPage />;
}
