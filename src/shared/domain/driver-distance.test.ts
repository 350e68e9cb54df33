import { describe, expect, it } from 'vitest';
import { driverDistance, straightMetres } from './driver-distance';

describe('driverDistance', () => {
  it('measures the straight line between two points', () => {
    // Hoàn Kiếm lake to Nội Bài airport: about 21.5 km as the crow flies.
    const metres = straightMetres({ lat: 21.0285, lng: 105.8542 }, { lat: 21.2187, lng: 105.8042 });
    expect(metres).toBeGreaterThan(21_000);
    expect(metres).toBeLessThan(22_000);
  });

  it('stretches it by the road factor, at the urban speed, at least a minute', () => {
    // 0.01° of latitude is about 1,112 m: 1,445 m by road, 3.5 minutes at 25 km/h.
    expect(driverDistance({ lat: 21, lng: 105.8 }, { lat: 21.01, lng: 105.8 })).toEqual({ metres: 1_400, minutes: 3 });
    expect(driverDistance({ lat: 21, lng: 105.8 }, { lat: 21, lng: 105.8 })).toEqual({ metres: 0, minutes: 1 });
  });
});
