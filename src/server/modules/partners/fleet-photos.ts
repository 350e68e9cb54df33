// Photos of drivers and cars: an image the owner uploads (JPEG, PNG or WebP, known by its first bytes, not by what the
// client says; at most FLEET_PHOTO_MAX_BYTES) is kept in the server's data folder under a random name of 128 bits,
// and served at FLEET_PATHS.photo/<name> to the console and to the passenger's ticket, as the driver photo is.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FLEET_PATHS, FLEET_PHOTO_MAX_BYTES, FLEET_PHOTO_NAME } from '../../../shared/contract/partner-fleet';

const TYPES = [
  { ext: 'jpg', mime: 'image/jpeg', test: (b: Uint8Array) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    ext: 'png',
    mime: 'image/png',
    test: (b: Uint8Array) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, i) => b[i] === byte),
  },
  {
    ext: 'webp',
    mime: 'image/webp',
    test: (b: Uint8Array) =>
      String.fromCharCode(...b.subarray(0, 4)) === 'RIFF' && String.fromCharCode(...b.subarray(8, 12)) === 'WEBP',
  },
] as const;

/** `dir`: the folder of the photos (made when the first one is kept). */
export function createFleetPhotos(dir: () => string) {
  return {
    /** Keeps the image and answers its path, or null when it is not a JPEG, PNG or WebP within the size. */
    async keep(bytes: Uint8Array): Promise<string | null> {
      if (bytes.length === 0 || bytes.length > FLEET_PHOTO_MAX_BYTES) return null;
      const type = TYPES.find((candidate) => candidate.test(bytes));
      if (!type) return null;
      const name = `${randomBytes(16).toString('hex')}.${type.ext}`;
      await mkdir(dir(), { recursive: true });
      await writeFile(join(dir(), name), bytes, { flag: 'wx' });
      return `${FLEET_PATHS.photo}/${name}`;
    },
    /** The kept image of `name` and its type, or null (a name not of the kept form is never looked up). */
    async read(name: string): Promise<{ bytes: Uint8Array<ArrayBuffer>; mime: string } | null> {
      if (!FLEET_PHOTO_NAME.test(name)) return null;
      const type = TYPES.find((candidate) => name.endsWith(`.${candidate.ext}`));
      if (!type) return null;
      try {
        return { bytes: new Uint8Array(await readFile(join(dir(), name))), mime: type.mime };
      } catch {
        return null;
      }
    },
  };
}

export type FleetPhotos = ReturnType<typeof createFleetPhotos>;
