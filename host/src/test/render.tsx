import { buildUser } from '@trek/shared/testing/builders';

export { renderRoutes } from '@trek/shared/testing/render';

/** The signed-in traveler of the host's tests. */
export const traveler = buildUser();
