/** The platform's app password length, browser-safe: the forms' hints quote it and the schema checks it. */
export const PLATFORM_PASSWORD_MIN = 6;
export const PLATFORM_PASSWORD_MAX = 128;
