/** The web app's folder rules (apps/web): filled in with its feature folders. */
export const webBoundaries = [];
