/** The codes notifications may refuse with (numbers in src/shared/errcodes.ts, texts in server/i18n). */
import { areaRefusals, type AreaRefuse } from '../../core/errors';

export type NotificationRefusal = 'notificationNotFound';

export const refuse: AreaRefuse<NotificationRefusal> = areaRefusals();
