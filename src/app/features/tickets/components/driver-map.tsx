// The passenger's small map of the driver on the way: the driver (a filled dot) and the pick-up (a pin) on the tile
// source the server names (MAP_TILE_URL), fitted to both. Loaded lazily with Leaflet and its CSS, only when a map is
// shown. It is a glance, not a tool: hidden from screen readers (the distance line beside it says it all), never
// focused, no zoom or drag, so the page scrolls over it under a finger or a wheel. A new position moves the driver's
// dot on the same map; a tile that fails leaves the dots on the plain background.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './driver-map.css';

export interface MapPoint {
  lat: number;
  lng: number;
}

export interface DriverMapProps {
  driver: MapPoint;
  pickup: MapPoint;
  /** The XYZ tile template (MAP_TILE_URL). */
  tileUrl: string;
  /** The tile source's credit (MAP_TILE_ATTRIBUTION), linked to OpenStreetMap's copyright page. */
  attribution: string;
}

/** OpenStreetMap's copyright and licence page, where the credit links (the ODbL asks for it). */
const COPYRIGHT_URL = 'https://www.openstreetmap.org/copyright';
/** Closer than this the fit would show a few buildings: the map stays at a street level. */
const MAX_ZOOM = 16;
/** Room around the two points: above for the pin's height and the legend, below for the dot and the credit. */
const FIT_TOP_LEFT: L.PointExpression = [24, 52];
const FIT_BOTTOM_RIGHT: L.PointExpression = [24, 28];

interface Drawn {
  map: L.Map;
  driver: L.CircleMarker;
  pickup: L.Marker;
}

export default function DriverMap({ driver, pickup, tileUrl, attribution }: DriverMapProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const drawn = useRef<Drawn | null>(null);

  // The map is made once per tile source; the positions only move its markers (below).
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const map = L.map(element, {
      attributionControl: false,
      zoomControl: false,
      dragging: false,
      touchZoom: false,
      doubleClickZoom: false,
      scrollWheelZoom: false,
      boxZoom: false,
      keyboard: false,
      maxZoom: MAX_ZOOM,
    });
    const tiles = L.tileLayer(tileUrl, { maxZoom: 19 });
    // A tile that did not come is hidden rather than drawn broken: the background and the markers stay.
    tiles.on('tileerror', (event) => {
      (event as L.TileErrorEvent).tile.style.visibility = 'hidden';
    });
    tiles.addTo(map);
    const pickupMarker = L.marker([0, 0], {
      icon: L.divIcon({ className: 'driver-map-pickup', html: '', iconSize: [22, 22], iconAnchor: [11, 21] }),
      interactive: false,
      keyboard: false,
    }).addTo(map);
    const driverMarker = L.circleMarker([0, 0], {
      className: 'driver-map-driver',
      radius: 9,
      weight: 3,
      color: '#ffffff',
      fillColor: '#0f766e',
      fillOpacity: 1,
      interactive: false,
    }).addTo(map);
    drawn.current = { map, driver: driverMarker, pickup: pickupMarker };
    return () => {
      drawn.current = null;
      map.remove();
    };
  }, [tileUrl]);

  useEffect(() => {
    const current = drawn.current;
    if (!current) return;
    current.driver.setLatLng([driver.lat, driver.lng]);
    current.pickup.setLatLng([pickup.lat, pickup.lng]);
    current.map.fitBounds(L.latLngBounds([driver.lat, driver.lng], [pickup.lat, pickup.lng]), {
      paddingTopLeft: FIT_TOP_LEFT,
      paddingBottomRight: FIT_BOTTOM_RIGHT,
      maxZoom: MAX_ZOOM,
      animate: false,
    });
  }, [driver.lat, driver.lng, pickup.lat, pickup.lng, tileUrl]);

  return (
    <div className="driver-map">
      <div ref={box} className="driver-map-canvas" aria-hidden="true" />
      <p className="driver-map-legend" aria-hidden="true">
        <span className="driver-map-key driver-map-key-driver" />
        {t('tickets.driver_map.driver')}
        <span className="driver-map-key driver-map-key-pickup" />
        {t('tickets.driver_map.pickup')}
      </p>
      <p className="driver-map-credit">
        <a href={COPYRIGHT_URL} target="_blank" rel="noopener noreferrer">
          {attribution}
        </a>
      </p>
    </div>
  );
}
