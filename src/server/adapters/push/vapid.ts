// The server's VAPID key pair (RFC 8292): VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY (and VAPID_SUBJECT) when set, else a
// pair generated at first start and kept in vapid_keys. The row is inserted with "on conflict do nothing" and read
// back, so servers sharing a database that start together all use the one pair that was stored first.
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '../../db/client';
import { vapidKeys } from '../../db/schema';
import type { VapidDetails } from './types';

/** Used when neither VAPID_SUBJECT nor an https PUBLIC_URL is set (push services want a contact). */
export const DEFAULT_VAPID_SUBJECT = 'mailto:support@vivu.vn';

function subjectFrom(env: NodeJS.ProcessEnv): string | null {
  const subject = env.VAPID_SUBJECT?.trim();
  if (subject) return subject;
  const publicUrl = env.PUBLIC_URL?.trim();
  return publicUrl?.startsWith('https://') ? publicUrl : null;
}

export function vapidFromEnv(env: NodeJS.ProcessEnv): VapidDetails | null {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  if (!publicKey && !privateKey) return null;
  if (!publicKey || !privateKey) throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  return { publicKey, privateKey, subject: subjectFrom(env) ?? DEFAULT_VAPID_SUBJECT };
}

/** The stored pair, generated and stored first if there is none. */
export async function storedVapid(db: Db, env: NodeJS.ProcessEnv): Promise<VapidDetails> {
  const generated = webpush.generateVAPIDKeys();
  await db
    .insert(vapidKeys)
    .values({
      id: 1,
      publicKey: generated.publicKey,
      privateKey: generated.privateKey,
      subject: subjectFrom(env) ?? DEFAULT_VAPID_SUBJECT,
    })
    .onConflictDoNothing();
  const [row] = await db.select().from(vapidKeys).where(eq(vapidKeys.id, 1));
  if (!row) throw new Error('vapid_keys: the key pair could not be stored');
  // A VAPID_SUBJECT set later takes over from the stored one.
  return { publicKey: row.publicKey, privateKey: row.privateKey, subject: subjectFrom(env) ?? row.subject };
}

/** The environment's pair, else the stored one; read once and kept (a failed read is tried again next time). */
export function vapidSource(db: Db, env: NodeJS.ProcessEnv): () => Promise<VapidDetails> {
  const fromEnv = vapidFromEnv(env);
  let pending: Promise<VapidDetails> | null = fromEnv ? Promise.resolve(fromEnv) : null;
  return () => {
    pending ??= storedVapid(db, env).catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}
