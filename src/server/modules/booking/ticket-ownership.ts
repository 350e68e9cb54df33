// Who may see or act on a ticket without an account of Vivu's staff: whoever gives the phone or e-mail it was
// booked with, or the signed-in account that booked it. One check for the lookup, the cancel token and the push
// subscription; a failed proof is answered by each caller exactly like an unknown code.
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

/** A phone (spec 5: normalised, leading 84 → 0) or, when it has an @, an e-mail: as the proof's fields. */
export function contactProof(contact: string | undefined): Pick<OwnershipProof, 'phone' | 'email'> {
  if (!contact) return {};
  return contact.includes('@') ? { email: contact } : { phone: contact };
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
