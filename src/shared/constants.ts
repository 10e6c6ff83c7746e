/** Business constants and limits of spec section 9, defined once. */
export const NOT_FOUND_RETURN_SECONDS = 10;
export const PLATFORM_CARDS_PER_SLIDE = 4;
export const PLATFORM_SLIDE_SPEED = 600;
export const CAPTCHA_WIDTH = 140;
export const CAPTCHA_HEIGHT = 40;
export const RECENT_SEARCH_LIMIT = 10;
export const MESSAGE_TOP = 120;
export const RESIZE_DEBOUNCE_MS = 16;
export const LOGIN_RETRY_DELAY_MS = 200;
export const EMPTY_MENU_RECHECK_MS = 500;
export const EXPIRED_REDIRECT_DELAY_MS = 1000;
export const NO_PERMISSION_REDIRECT_DELAY_MS = 3000;
export const REQUEST_TIMEOUT_MS = 20000;
export const SLOW_REQUEST_TIMEOUT_MS = 50000;
export const CHUNK_LOAD_TIMEOUT_MS = 120000;
export const RSA_KEY_BITS = 1024;
export const RSA_PUBLIC_EXPONENT = 65537;
export const RECOMMENDED_RESOLUTION = '1920*1080';

/** Sign-in and session defaults (DESIGN §6); the server may override them by configuration. */
export const CAPTCHA_TTL_MS = 2 * 60 * 1000;
export const LOCKOUT_THRESHOLD = 5;
export const LOCKOUT_MINUTES = 15;
export const SESSION_IDLE_MINUTES = 30;
export const SESSION_ABSOLUTE_HOURS = 10;

/** Body limits (issue 2): sign-in requests are tiny, general ones bounded. */
export const LOGIN_BODY_LIMIT = 16 * 1024;
export const GENERAL_BODY_LIMIT = 1024 * 1024;
