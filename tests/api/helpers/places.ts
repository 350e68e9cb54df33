// Address components as the places calls answer them (spec 3 Suggestion), built by hand for pricing tests.
// Coordinates and codes come from ../shared/data/gazetteer (current provinces and wards).
import type { AddressComponent } from '../../../src/shared/contract/places';
import type { MoreAddress } from '../../../src/shared/contract/pricing';

interface PlaceInput {
  kind: AddressComponent['kind'];
  name: string;
  lat: number;
  lng: number;
  province_code: string;
  province_name: string;
  ward_code?: string;
  ward_name?: string;
  airport_code?: string;
}

export function component(input: PlaceInput): AddressComponent {
  const id = input.airport_code
    ? `airport:${input.airport_code}`
    : input.ward_code
      ? `ward:${input.ward_code}`
      : `place:${input.name}`;
  return {
    place_id: id,
    kind: input.kind,
    name: input.name,
    formatted_address: [input.name, input.ward_name, input.province_name].filter(Boolean).join(', '),
    geometry: { location: { lat: input.lat, lng: input.lng } },
    province_code: input.province_code,
    province_name: input.province_name,
    ward_code: input.ward_code ?? '',
    ward_name: input.ward_name ?? '',
    airport_code: input.airport_code ?? '',
    matched_former_name: '',
  };
}

export const PLACES = {
  han: component({
    kind: 'airport',
    name: 'Sân bay quốc tế Nội Bài',
    lat: 21.221201,
    lng: 105.806999,
    province_code: '01',
    province_name: 'Hà Nội',
    ward_code: '00433',
    ward_name: 'Xã Nội Bài',
    airport_code: 'HAN',
  }),
  hoanKiem: component({
    kind: 'ward',
    name: 'Phường Hoàn Kiếm',
    lat: 21.0287,
    lng: 105.8523,
    province_code: '01',
    province_name: 'Hà Nội',
    ward_code: '00070',
  }),
  sgn: component({
    kind: 'airport',
    name: 'Sân bay quốc tế Tân Sơn Nhất',
    lat: 10.8188,
    lng: 106.652,
    province_code: '79',
    province_name: 'Hồ Chí Minh',
    ward_code: '27007',
    ward_name: 'Phường Tân Sơn',
    airport_code: 'SGN',
  }),
  benThanh: component({
    kind: 'ward',
    name: 'Phường Bến Thành',
    lat: 10.7769,
    lng: 106.7009,
    province_code: '79',
    province_name: 'Hồ Chí Minh',
  }),
  haLong: component({
    kind: 'ward',
    name: 'Phường Bãi Cháy',
    lat: 20.9517,
    lng: 107.08,
    province_code: '22',
    province_name: 'Quảng Ninh',
    ward_code: '06673',
  }),
  haiPhong: component({
    kind: 'city',
    name: 'Hải Phòng',
    lat: 20.86481,
    lng: 106.68345,
    province_code: '31',
    province_name: 'Hải Phòng',
  }),
  ninhBinh: component({
    kind: 'city',
    name: 'Ninh Bình',
    lat: 20.25809,
    lng: 105.97965,
    province_code: '37',
    province_name: 'Ninh Bình',
  }),
  dad: component({
    kind: 'airport',
    name: 'Sân bay quốc tế Đà Nẵng',
    lat: 16.0439,
    lng: 108.1994,
    province_code: '48',
    province_name: 'Đà Nẵng',
    airport_code: 'DAD',
  }),
  hue: component({ kind: 'city', name: 'Huế', lat: 16.4619, lng: 107.59546, province_code: '46', province_name: 'Huế' }),
  /** A place in Hà Nội away from the airport zones' reach along the way: Long Biên. */
  longBien: component({
    kind: 'ward',
    name: 'Phường Long Biên',
    lat: 21.0367,
    lng: 105.8976,
    province_code: '01',
    province_name: 'Hà Nội',
  }),
  /** Lai Châu: no partner serves it in the seed. */
  laiChau: component({
    kind: 'city',
    name: 'Lai Châu',
    lat: 22.39644,
    lng: 103.45824,
    province_code: '12',
    province_name: 'Lai Châu',
  }),
  dienBien: component({
    kind: 'city',
    name: 'Điện Biên Phủ',
    lat: 21.38602,
    lng: 103.02301,
    province_code: '11',
    province_name: 'Điện Biên',
  }),
} as const;

export function moreAddress(place: AddressComponent, type: 'pick' | 'drop'): MoreAddress {
  return { address: place.formatted_address, address_component: place, type };
}
