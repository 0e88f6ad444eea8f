/** The screens of the route table (core/routes.ts) against their code: built screens have a module, the others none. */
import { describe, expect, it } from 'vitest';
import { routes } from '@core/routes';
import { screenModules } from './screens';

describe('screen modules', () => {
  it('marks as built exactly the screens that have code', () => {
    for (const route of routes) expect(Boolean(screenModules[route.screen]), route.path).toBe(route.built);
  });
});
