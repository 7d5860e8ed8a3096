/**
 * The avatar (POST /account/avatar): the upload is checked and re-encoded like every image
 * (server/core/image.ts), cropped to a small square, stored, and the profile's avatarUrl points
 * at it. Each upload gets a new unguessable name, so the served file never changes under its URL
 * (it may be cached for good) and the previous one is removed with the change.
 */
import { AVATAR_IMAGE_PATH, AVATAR_SIDE_PX } from '../../../src/shared/api/identity';
import type { AppContext } from '../../context';
import { reencodeImage } from '../../core/image';
import { randomToken } from '../../core/tokens';
import type { UploadedFile } from '../../http/images';
import { changeAvatarUrl } from '../account/identity';
import * as repo from './repo';

export const AVATAR_NAME_PATTERN = /^[A-Za-z0-9_-]{24}$/;

export async function uploadAvatar(context: AppContext, userId: number, file: UploadedFile): Promise<{ avatarUrl: string }> {
  const image = await reencodeImage(file.bytes, file.declaredType, { fit: 'cover', widthPx: AVATAR_SIDE_PX, heightPx: AVATAR_SIDE_PX });
  const name = randomToken(18);
  const avatarUrl = `${AVATAR_IMAGE_PATH}/${name}`;
  await context.db.transaction().execute(async (trx) => {
    await repo.insertAvatar(trx, { name, userId, jpeg: image.jpeg, now: context.now() });
    await repo.deleteOtherAvatars(trx, userId, name);
    await changeAvatarUrl(trx, userId, avatarUrl);
  });
  return { avatarUrl };
}

export async function readAvatar(context: AppContext, name: string): Promise<Buffer | undefined> {
  return AVATAR_NAME_PATTERN.test(name) ? repo.findAvatar(context.db, name) : undefined;
}
