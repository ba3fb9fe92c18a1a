/** Session storage: the game a visitor's Play asked a login for (written by play's boot part, read by the lobby once logged in). */
export const PENDING_LAUNCH_KEY = 'play.pendingLaunch';
