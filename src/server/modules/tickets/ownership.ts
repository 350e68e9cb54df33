// The contact and token half of a ticket's proof (ticket-access.ts has the whole): whoever gives the phone or e-mail
// it was booked with, or the signed-in account that booked it. A failed proof is answered exactly like an unknown code.
import { normalizePhone } from '../../../shared/domain/phone';

export interface OwnershipProof {
  phone?: string;
  email?: string;
  /** The signed-in account's token, from the body or an `Authorization: Bearer` header. */
  token?: string;
  /** When sent with the token, it must be the token's user. */
  userId?: number;
}

interface OwnedTicket {
  phone: string;
  email: string;
  userId: number | null;
}

function contactMatches(ticket: OwnedTicket, proof: OwnershipProof): boolean {
  if (proof.phone && normalizePhone('84', proof.phone) === ticket.phone) return true;
  return Boolean(proof.email) && ticket.email !== '' && proof.email?.toLowerCase() === ticket.email.toLowerCase();
}

/** `ticket` when the proof holds, else null. */
export async function provenOwner<T extends OwnedTicket>(
  ticket: T | null,
  proof: OwnershipProof,
  userIdForToken: (token: string | undefined) => Promise<number | null>,
): Promise<T | null> {
  if (!ticket) return null;
  if (contactMatches(ticket, proof)) return ticket;
  if (!proof.token || ticket.userId === null) return null;
  const userId = await userIdForToken(proof.token);
  if (userId === null || userId !== ticket.userId) return null;
  return proof.userId === undefined || proof.userId === userId ? ticket : null;
}
