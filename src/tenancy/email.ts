/** What counts as an e-mail address for a workspace user (the organisation's first owner, or any user added). */
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$|^[^\s@]+@localhost$/;
