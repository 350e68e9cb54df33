import { describe, expect, it } from 'vitest';
import { LIVE_ROUTES } from '../../shared/domain/live-routes';
import { SCREENS } from './screens';

describe('screens', () => {
  it('are exactly the live routes the server answers with 200', () => {
    expect(new Set(Object.keys(SCREENS))).toEqual(new Set(LIVE_ROUTES));
  });
});
