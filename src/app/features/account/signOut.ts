/**
 * The logout page's sequence (spec 2 "Header", R-HEAD-07): after LOGOUT_DELAY_MS the hub signs
 * out (it calls the server's signout, stops notification polling and drops the user's cached
 * data for every tab), then the tab's session store is reset and its profile deleted, and the
 * tab goes to the login page. A failure is only logged (spec 8): the user leaves signed out here
 * either way.
 */
export interface SignOutSteps {
  /** The hub's signOut. */
  signOut(): Promise<void>;
  /** Resets the tab's store and deletes its profile. */
  clearSession(): void;
  /** Goes to the login page of the current language, replacing the logout page in history. */
  goToLogin(): void;
  log(message: string, error: unknown): void;
}

export async function signOutAndLeave(steps: SignOutSteps): Promise<void> {
  try {
    await steps.signOut();
  } catch (error) {
    steps.log('Sign-out failed', error);
  }
  steps.clearSession();
  steps.goToLogin();
}
