// Configuration calls of spec 7: passenger/get_system_configs, home/get_key_values, home/get_call_center,
// home/get_google_map_api. All are GET without parameters.
import { yup } from './yup';
import { SITE_KEY_DEFAULTS, SYSTEM_CONFIG_DEFAULTS } from '../domain/system-config';
import { successSchema } from './envelope';

export { CONFIG_PATHS } from './config-constants';

const systemConfigShape = Object.fromEntries(
  Object.entries(SYSTEM_CONFIG_DEFAULTS).map(([key, value]) => [
    key,
    typeof value === 'string' ? yup.string().defined() : yup.number().required(),
  ]),
) as Record<keyof typeof SYSTEM_CONFIG_DEFAULTS, yup.StringSchema<string> | yup.NumberSchema<number>>;

export const systemConfigSchema = yup.object(systemConfigShape);
export const systemConfigsResponseSchema = successSchema(systemConfigSchema.required());

const siteKeysShape = Object.fromEntries(Object.keys(SITE_KEY_DEFAULTS).map((key) => [key, yup.string().defined()])) as Record<
  keyof typeof SITE_KEY_DEFAULTS,
  yup.StringSchema<string>
>;
/**
 * The map tiles the ticket page draws the driver on the way with (the server's MAP_TILE_URL, an XYZ template, and its
 * credit), beside the site keys; absent when no tile source is configured (the page then shows the distance line only).
 */
export const mapTileKeysShape = {
  map_tile_url: yup.string().optional(),
  map_tile_attribution: yup.string().optional(),
};
export type MapTileKeys = { map_tile_url?: string; map_tile_attribution?: string };

export const siteKeysSchema = yup.object({ ...siteKeysShape, ...mapTileKeysShape });
export const keyValuesResponseSchema = successSchema(siteKeysSchema.required());

export const callCenterSchema = yup.object({
  call_center_number: yup.string().defined(),
  show_call_center: yup.boolean().required(),
});
export const callCenterResponseSchema = successSchema(callCenterSchema.required());

/** spec 7: "returns code 'success' and key"; the key is also under data. Empty when not configured. */
export const googleMapApiResponseSchema = successSchema(yup.object({ key: yup.string().defined() }).required()).shape({
  key: yup.string().defined(),
});

export type CallCenter = yup.InferType<typeof callCenterSchema>;
export type GoogleMapApiResponse = yup.InferType<typeof googleMapApiResponseSchema>;
