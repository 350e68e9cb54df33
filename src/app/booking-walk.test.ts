// One booking's walk (home search to the ticket page), measured on the import graph as booking-walk.ts defines it.
// The ceilings are the walk's size today: the walk may shrink, never grow; lower them as it shrinks.
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { BOOKING_WALK_STEPS, bookingWalk, staticImports, walkFolder } from './booking-walk';

const root = fileURLToPath(new URL('../..', import.meta.url));
const MAX_FILES = 40;
const MAX_RETURNS = 0;

describe("one booking's walk", () => {
  test('reads the imports of a route file, type imports included, lazy imports left out', () => {
    const imports = staticImports(root, 'src/app/routes/price-list.tsx');
    expect(imports).toContain('src/app/features/pricing/list-params.ts');
    expect(imports).toContain('src/app/features/pricing/components/price-list-page.tsx');
    expect(staticImports(root, 'src/app/routes/screens.ts')).not.toContain('src/app/routes/price-list.tsx');
  });

  test('counts routes and feature folders only', () => {
    expect(walkFolder('src/app/features/booking/components/billing-form.tsx')).toBe('src/app/features/booking');
    expect(walkFolder('src/app/routes/home.tsx')).toBe('src/app/routes');
    expect(walkFolder('src/app/components/ui/dialog.tsx')).toBeNull();
    expect(walkFolder('src/app/lib/store.ts')).toBeNull();
  });

  test('opens each file once, starting at each step of the walk', () => {
    const walk = bookingWalk(root);
    expect(walk.steps.map((step) => step.route)).toEqual([...BOOKING_WALK_STEPS]);
    for (const step of walk.steps) expect(step.files[0]).toBe(step.route);
    expect(new Set(walk.files).size).toBe(walk.files.length);
  });

  test('stays within its ceilings of files opened and folders returned to', () => {
    const walk = bookingWalk(root);
    expect(walk.files.length).toBeLessThanOrEqual(MAX_FILES);
    expect(walk.returns.length).toBeLessThanOrEqual(MAX_RETURNS);
  });
});
