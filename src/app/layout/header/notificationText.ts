/**
 * The type text of a notification (R-HEAD-10): one label per type name of spec 3; the message
 * itself arrives rendered in the request's language.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { NotificationTypeName } from '../../../shared/constants';

export const NOTIFICATION_TYPE_TEXT: Readonly<Record<NotificationTypeName, MessageDescriptor>> = {
  registration: msg`Registration successful`,
  login: msg`Sign-in`,
  resetLoginPassword: msg`Login password reset`,
  resetWithdrawPassword: msg`Withdrawal password reset`,
  deposit: msg`Deposit`,
  withdrawalSubmission: msg`Withdrawal submitted`,
  withdrawalCancellation: msg`Withdrawal cancelled`,
  withdrawalCompletion: msg`Withdrawal completed`,
  subscriptionSubmission: msg`Subscription submitted`,
  subscriptionCompletion: msg`Subscription completed`,
  subscriptionUnsuccessful: msg`Subscription unsuccessful`,
  other: msg`Other`,
};
