/**
 * Where the typed address goes into "Sign in with …" (the words come from the server before it is
 * typed). A module of its own: a constant exported from a "use client" module reaches a server
 * component as a client reference, not as the string.
 */
export const EMAIL_SLOT = "{email}";
