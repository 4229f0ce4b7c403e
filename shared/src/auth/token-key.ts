/**
 * Storage key of the bearer token (localStorage when remembered, sessionStorage otherwise). A module of its own:
 * the host's main.js reads it before the shared package is loaded (http/early-reads.ts).
 */
export const TOKEN_KEY = 'token';
