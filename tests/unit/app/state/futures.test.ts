// Proves the tab keeps the user's futures account as the hub last pushed it, so that a screen
// mounted while another one of the tab already watches it (no push of its own comes: the hub
// greets a tab only for topics new to it) starts from it; a sign-out forgets it.
import { describe, expect, it } from 'vitest';
import { hubStore, UNREAD_FUTURES_ACCOUNT } from '../../../../src/app/state/hub-store';
import type { HubStatus } from '../../../../src/workers/protocol';
import { FUTURES_STATS, futuresPosition } from '../../../helpers/futures-fixtures';

const stats = FUTURES_STATS;
const position = futuresPosition(7);

const signedOut = { session: { status: 'signedOut' } } as HubStatus;

describe('the futures account in the tab', () => {
  it('keeps the last pushed account for a screen that mounts later, and forgets it at sign-out', () => {
    expect(hubStore.getSnapshot().futuresAccount).toEqual(UNREAD_FUTURES_ACCOUNT);
    hubStore.apply({ kind: 'futures', account: { stats, positions: [position] }, changed: position });
    // A second screen reads the tab's account without any push of its own.
    expect(hubStore.getSnapshot().futuresAccount).toEqual({ stats, positions: [position] });
    hubStore.apply({ kind: 'status', status: signedOut });
    expect(hubStore.getSnapshot().futuresAccount).toEqual(UNREAD_FUTURES_ACCOUNT);
  });

  it('still hands each push to the listeners, for the trade popups', () => {
    const heard: unknown[] = [];
    const stop = hubStore.onRealtime((message) => heard.push(message.kind));
    hubStore.apply({ kind: 'futures', account: { stats, positions: [] }, changed: null });
    stop();
    expect(heard).toEqual(['futures']);
  });
});
