/**
 * The third-party phone-auth service of the spec (sms sent and checked by an outside service,
 * answering an id token): an interface, off by default. With it off, registration ignores
 * firebaseChannel / firebaseIdToken and checks its own sms codes.
 */
export interface PhoneAuthProvider {
  readonly name: string;
  /** Checks an id token and answers the verified international number, or null. */
  verifyIdToken(idToken: string): Promise<string | null>;
}

let provider: PhoneAuthProvider | null = null;

/** The configured provider, or null when the service is off (the default). */
export function phoneAuthProvider(): PhoneAuthProvider | null {
  return provider;
}

/** Installs a provider (a deployment that has one, or tests). */
export function usePhoneAuthProvider(p: PhoneAuthProvider | null): void {
  provider = p;
}
