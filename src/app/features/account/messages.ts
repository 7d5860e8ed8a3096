/** The texts of the account forms' own checks (formRules.ts) and of the platform out of reach, translated where they show. */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { PASSWORD_LENGTH_MAX, PASSWORD_LENGTH_MIN } from '../../../shared/validation';
import type { FieldProblem } from './formRules';

const min = PASSWORD_LENGTH_MIN;
const max = PASSWORD_LENGTH_MAX;

export const PROBLEM_MESSAGES: Record<FieldProblem, MessageDescriptor> = {
  emailRequired: msg`Enter your e-mail address.`,
  phoneRequired: msg`Enter your phone number.`,
  countryCodeRequired: msg`Choose your country code.`,
  invalidEmail: msg`Enter a valid e-mail address, like name@example.com.`,
  invalidPhone: msg`Enter a valid phone number: digits only, 6 to 16 of them (11 starting with 1 for +86).`,
  passwordRequired: msg`Enter your password.`,
  weakPassword: msg`Use ${min} to ${max} characters with at least one letter and one digit.`,
  confirmRequired: msg`Enter the password again.`,
  passwordMismatch: msg`The two passwords differ.`,
  codeRequired: msg`Enter the verification code.`,
  captchaRequired: msg`Enter the characters shown in the image.`,
  termsRequired: msg`Accept the user protection terms to continue.`,
};

/** Shown on a form when its call could not reach the platform (offline, or the server down). */
export const UNREACHABLE_MESSAGE: MessageDescriptor = msg`The platform could not be reached. Try again in a moment.`;
