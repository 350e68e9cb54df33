// The paths of the configuration calls (config.ts), apart from the schemas so the home route's first load needs
// no yup.
export const CONFIG_PATHS = {
  systemConfigs: '/api/passenger/get_system_configs',
  keyValues: '/api/home/get_key_values',
  callCenter: '/api/home/get_call_center',
  googleMapApi: '/api/home/get_google_map_api',
} as const;
