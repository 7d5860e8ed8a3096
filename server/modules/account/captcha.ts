/**
 * The image captcha asked for after repeated failed sign-ins. The text is drawn with crypto
 * randomness (svg-captcha's own picker uses Math.random) and rendered as paths by svg-captcha;
 * the session keeps only a hash of the answer, bound to the session, with an expiry.
 */
import crypto from 'node:crypto';
import svgCaptcha from 'svg-captcha';

export const CAPTCHA_TTL_MS = 5 * 60_000;
const CAPTCHA_LENGTH = 5;
/** Letters and digits that cannot be mistaken for one another in a distorted image. */
const CAPTCHA_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** svg-captcha's module is itself a function (text, options) => svg; its typings omit that. */
const renderCaptcha = svgCaptcha as unknown as (text: string, options: svgCaptcha.ConfigObject) => string;

export interface CaptchaImage {
  text: string;
  svg: string;
}

export function createCaptchaImage(): CaptchaImage {
  let text = '';
  for (let index = 0; index < CAPTCHA_LENGTH; index += 1) text += CAPTCHA_ALPHABET[crypto.randomInt(CAPTCHA_ALPHABET.length)];
  return { text, svg: renderCaptcha(text, { width: 150, height: 50, fontSize: 50, noise: 2, color: true, background: '#f4f6f8' }) };
}

/** Answers are compared without case: the image does not show case reliably. */
export function hashCaptchaAnswer(sessionId: string, answer: string): string {
  return crypto.createHash('sha256').update(`${sessionId}:${answer.trim().toUpperCase()}`).digest('hex');
}
