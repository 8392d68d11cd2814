/** Dashboard accounts (issue #11): users, passwords, sign-up policies, invitations, sign-in throttling, OIDC identities. */
export * from './accounts.ts';
export { isPlausibleEmail, MAX_EMAIL_LENGTH, normalizeEmail } from './email.ts';
export { hashPassword, needsRehash, OWASP_ARGON2ID, verifyPassword, type Argon2Parameters } from './password-hash.ts';
export { DEFAULT_PASSWORD_MIN_LENGTH, LOWEST_PASSWORD_MIN_LENGTH, normalizePassword, PASSWORD_MAX_LENGTH, passwordProblem, type PasswordContext } from './password-policy.ts';
export { countSignInAttempt, SIGN_IN_ACCOUNT_CLIENT_WINDOW, SIGN_IN_CLIENT_WINDOW } from './sign-in-throttle.ts';
