/** Proves where the customer-service button leads by the help-desk rules of spec 2: login, the help link, else the chat (R-HELP-03, R-HELP-04, R-HELP-05). */
import { describe, expect, it } from 'vitest';
import { serviceWidgetTarget } from '../../../../src/app/layout/ServiceWidget.target';
import type { SiteConfig } from '../../../../src/shared/api/site';

const HELP_DESK: SiteConfig['helpDesk'] = { useExternal: false, extLink: '', authRequired: false, scRequired: false };

describe('serviceWidgetTarget', () => {
  it('R-HELP-04 goes to login when the help desk requires authentication and the user is logged out', () => {
    const helpDesk = { ...HELP_DESK, authRequired: true, useExternal: true, extLink: 'https://help.exchange.com' };
    expect(serviceWidgetTarget(helpDesk, { signedIn: false })).toEqual({ kind: 'login' });
  });

  it('R-HELP-04 a signed-in user is not sent to login', () => {
    expect(serviceWidgetTarget({ ...HELP_DESK, authRequired: true }, { signedIn: true, helpDeskLink: '' })).toEqual({ kind: 'chat' });
  });

  it("R-HELP-05 the help link is the profile's helpDeskLink first", () => {
    const helpDesk = { ...HELP_DESK, useExternal: true, extLink: 'https://help.exchange.com' };
    expect(serviceWidgetTarget(helpDesk, { signedIn: true, helpDeskLink: 'https://desk.exchange.com/u/42' })).toEqual({
      kind: 'external',
      href: 'https://desk.exchange.com/u/42',
    });
    expect(serviceWidgetTarget(helpDesk, { signedIn: true, helpDeskLink: '/help?topic=vip' })).toEqual({ kind: 'page', path: '/help?topic=vip' });
  });

  it("R-HELP-05 else the config's extLink, when helpDesk.useExternal says to use it", () => {
    const external = { ...HELP_DESK, useExternal: true, extLink: 'https://help.exchange.com' };
    expect(serviceWidgetTarget(external, { signedIn: false })).toEqual({ kind: 'external', href: 'https://help.exchange.com' });
    expect(serviceWidgetTarget(external, { signedIn: true, helpDeskLink: '' })).toEqual({ kind: 'external', href: 'https://help.exchange.com' });
    expect(serviceWidgetTarget({ ...external, useExternal: false }, { signedIn: false })).toEqual({ kind: 'chat' });
  });

  it('R-HELP-03 R-HELP-05 otherwise the help-desk chat', () => {
    expect(serviceWidgetTarget(HELP_DESK, { signedIn: false })).toEqual({ kind: 'chat' });
    expect(serviceWidgetTarget({ ...HELP_DESK, useExternal: true, extLink: '  ' }, { signedIn: false })).toEqual({ kind: 'chat' });
  });

  it('R-HELP-05 never follows a link that is not a web address or an app path', () => {
    const helpDesk = { ...HELP_DESK, useExternal: true, extLink: 'javascript:alert(1)' };
    expect(serviceWidgetTarget(helpDesk, { signedIn: true, helpDeskLink: 'javascript:alert(1)' })).toEqual({ kind: 'chat' });
    expect(serviceWidgetTarget(HELP_DESK, { signedIn: true, helpDeskLink: '//evil.example/x' })).toEqual({ kind: 'chat' });
  });
});
