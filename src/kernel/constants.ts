/** Business constants of spec section 9, shared by server pages and browser scripts. */
export const BANNER = { autoplayDelayMs: 5000, speedMs: 1000 } as const;

export const JACKPOT = {
  startMin: 100_000_000,
  startMax: 999_000_000,
  stepMin: 100,
  stepMax: 500,
  timersMs: [3000, 4000, 5000],
  /** Growth with bets: 1% of every valid bet. */
  betShareBp: 100,
} as const;

export const WINNER_BOARD_LIMIT = 20;
export const SIDE_PROMO_COUNT = 3;
export const SEARCH_DEBOUNCE_MS = 500;
export const FAVOURITE_THROTTLE_MS = 1000;
export const SMS_BUTTON_THROTTLE_MS = 1000;
export const CAPTCHA_REFRESH_MS = 1000;
export const COOKIE_LIFE_MS = 86_400_000;
/** Announcement popup (spec 2.8, 9): 9 items per page, a page range of 5 and 1 margin page. */
export const ANNOUNCE_POPUP = { pageSize: 9, pageRange: 5, marginPages: 1 } as const;

/**
 * The live chat's page (issue 31): the LIVECHAT channel of the brand's customer service opens it
 * (the status call answers this path, localized, as the channel's address).
 */
export const LIVE_CHAT_PATH = '/chat';
