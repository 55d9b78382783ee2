import type { App } from '../../app';

/** Placeholder: the routes of this module are built by their issue. */
export default async function dashboardRoutes(_app: App) {}
