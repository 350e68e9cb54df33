// The road-distance service used to price a trip: a built-in great-circle estimate, or OSRM when configured.

export interface LatLng {
  lat: number;
  lng: number;
}

export interface RoadDistance {
  km: number;
  /** Which router measured it: the estimate is used when OSRM is not configured or fails. */
  source: 'great_circle' | 'osrm';
}

export interface Router {
  /** Driving distance through the points in order (at least two). */
  distance(points: readonly LatLng[]): Promise<RoadDistance>;
}
