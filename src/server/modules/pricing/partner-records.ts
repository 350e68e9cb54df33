// The transport partners' own records as the partners module's onboarding makes them (pricing owns
// transport_partners): a new partner is active but in no price list until it has fares, for its provinces.
import type { Db } from '../../db/client';
import { transportPartners } from '../../db/schema';
import { foldText } from '../../../shared/domain/fold-text';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A slug from the company's name, made unique by the application's id ("nha-xe-cuong-phat-12"). */
export function partnerSlug(name: string, unique: number): string {
  const base = foldText(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/, '');
  return `${base || 'partner'}-${unique}`;
}

/** Inserts the partner in `tx` (the onboarding's transaction); answers its id. */
export async function createTransportPartner(
  tx: Db | Tx,
  input: { name: string; provinces: readonly string[]; slugKey: number },
): Promise<number> {
  const [row] = await tx
    .insert(transportPartners)
    .values({
      slug: partnerSlug(input.name, input.slugKey),
      name: input.name,
      provinces: [...input.provinces],
      active: true,
    })
    .returning({ id: transportPartners.id });
  return row!.id;
}
