// The transport partners' own records as the partners module's onboarding makes them (pricing owns
// transport_partners): a new partner is active but in no price list until it has fares, for its provinces.
import type { Db } from '../../db/client';
import { transportPartners } from '../../db/schema';
import { foldText } from '../../../shared/domain/fold-text';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The slugs a partner may take, in order: the company's name ("nha-xe-cuong-phat"), then made unique by the
 * application's id ("nha-xe-cuong-phat-12"), then by a counter after it.
 */
export function partnerSlugs(name: string, unique: number): string[] {
  const base =
    foldText(name)
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 48)
      .replace(/-+$/, '') || 'partner';
  return [base, `${base}-${unique}`, ...[2, 3, 4].map((n) => `${base}-${unique}-${n}`)];
}

/**
 * Inserts the partner in `tx` (the onboarding's transaction) with the first of its slugs no partner has; answers its
 * id. A slug taken meanwhile by a concurrent approval is skipped (ON CONFLICT waits for that one's commit).
 */
export async function createTransportPartner(
  tx: Db | Tx,
  input: { name: string; provinces: readonly string[]; slugKey: number },
): Promise<number> {
  for (const slug of partnerSlugs(input.name, input.slugKey)) {
    const [row] = await tx
      .insert(transportPartners)
      .values({ slug, name: input.name, provinces: [...input.provinces], active: true })
      .onConflictDoNothing({ target: transportPartners.slug })
      .returning({ id: transportPartners.id });
    if (row) return row.id;
  }
  throw new Error(`no free slug for partner ${input.name}`);
}
