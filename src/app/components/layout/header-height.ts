/**
 * The app header's height. What floats over the page (the connection banner, notifications)
 * starts below it, so the header's controls, Sign out among them, are never covered.
 */
export const HEADER_HEIGHT = 64;
