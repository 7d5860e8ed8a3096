/**
 * The session (spec 4, R-STATE-01, R-STATE-13): who is signed in, for every tab at once. Painted
 * from IndexedDB at start and confirmed (or ended) by asking the server; sign-in and sign-out go
 * through here, and so does every 401 the hub's requests meet. A change of identity is announced
 * to the hub, which lets every feed forget or fetch what belongs to the user and opens a socket
 * with the new identity.
 */
import { profileCall, signInCall, signOutCall, type Profile } from '../../shared/api/account';
import { ApiError } from '../../shared/client/client';
import type { SessionState, SignInForm, SignInResult } from '../protocol';
import type { Feed, HubContext, SessionChange } from '../core/feed';

export interface SessionFeedOptions {
  /** Every feed hears of the change; the status goes out to the tabs. */
  onChange: (change: SessionChange) => void;
  /** Forgets the CSRF token of every API client the hub has (the session, and so its token, changed). */
  resetCsrf: () => void;
}

export class SessionFeed implements Feed {
  private current: SessionState = { status: 'unknown' };
  private identity = 0;

  constructor(
    private readonly context: HubContext,
    private readonly options: SessionFeedOptions,
  ) {}

  get state(): SessionState {
    return this.current;
  }

  /** Changes with every new identity and every sign-out. */
  get epoch(): number {
    return this.identity;
  }

  async restore(): Promise<void> {
    const stored = await this.context.storage.readSession();
    // Painted as signed in at once; the probe at start confirms it or ends it.
    if (stored) this.current = { status: 'signedIn', profile: stored.profile };
  }

  start(): void {
    void this.probe();
  }

  async signIn(form: SignInForm): Promise<SignInResult> {
    try {
      const signedIn = await this.context.api.call(signInCall, { body: { ...form } }, { silentAll: true });
      if (signedIn === false) return { ok: false, code: 502, message: 'The platform could not be reached' };
      // The session rotated at sign-in: its token comes with the answer.
      this.context.api.resetCsrf(signedIn.csrfToken);
      await this.begin(signedIn.profile);
      return { ok: true, profile: signedIn.profile };
    } catch (error) {
      if (error instanceof ApiError) return { ok: false, code: error.code, message: error.message, fields: error.fields };
      this.context.log('Sign-in failed', error);
      return { ok: false, code: 0, message: error instanceof Error ? error.message : String(error) };
    }
  }

  async signOut(): Promise<void> {
    try {
      await this.context.api.call(signOutCall, {}, { silentAll: true });
    } catch (error) {
      // spec 8: logout failures are only logged; the user is signed out here either way.
      this.context.log('Sign-out failed', error);
    }
    await this.end(false);
  }

  /** A tab changed the session by other means: ask the server who is signed in. */
  async changedElsewhere(): Promise<void> {
    this.context.api.resetCsrf();
    await this.probe();
  }

  /** The profile the hub holds; `force` reads it again, one request for every tab that asks at once. */
  async profile(force: boolean): Promise<Profile | null> {
    if (force && this.current.status !== 'signedOut') await this.context.once('profile', () => this.probe());
    return this.current.status === 'signedIn' ? this.current.profile : null;
  }

  /** The API clients' 401 handler: the session is gone, whatever this hub believed. */
  unauthorized(): void {
    if (this.current.status === 'signedIn') {
      void this.end(true);
    } else if (this.current.status === 'unknown') {
      this.current = { status: 'signedOut' };
      this.context.statusChanged();
    }
  }

  /** Asks the server who is signed in: a profile, or a 401 that `unauthorized` takes. */
  private async probe(): Promise<void> {
    try {
      const profile = await this.context.api.call(profileCall, {}, { silentAll: true });
      if (profile === false) return;
      if (this.current.status === 'signedOut') {
        // A tab signed in by itself: the socket and the symbol list change identity too.
        await this.begin(profile);
        return;
      }
      // At start (or confirming the cached session) the socket and the symbol read already went
      // out with this session's cookie: only the session itself is new to the hub.
      const session = { status: 'signedIn', profile } as const;
      this.current = session;
      const written = this.context.storage.writeProfile(profile);
      this.options.onChange({ kind: 'confirmed', session });
      await written;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return;
      this.context.log('Failed to read the profile', error);
    }
  }

  private async begin(profile: Profile): Promise<void> {
    this.identity += 1;
    const session = { status: 'signedIn', profile } as const;
    this.current = session;
    const written = this.context.storage.writeSession(profile, null);
    this.options.onChange({ kind: 'began', session });
    await written;
  }

  /** Sign-out, or a 401: the user's data goes from memory and from IndexedDB. */
  private async end(unauthorized: boolean): Promise<void> {
    const wasSignedIn = this.current.status === 'signedIn';
    this.current = { status: 'signedOut' };
    this.identity += 1;
    this.options.resetCsrf();
    // Started first, so that what the feeds write for the next identity lands after it.
    const cleared = this.context.storage.clearUserData();
    this.options.onChange({ kind: 'ended', wasSignedIn });
    if (unauthorized && wasSignedIn) this.context.tabs.broadcast({ kind: 'unauthorized' });
    await cleared;
  }
}
