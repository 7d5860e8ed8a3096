/** Names the identity screens share: the document types, in the page's language. */
import { useLingui } from '@lingui/react/macro';
import type { DocumentType } from '../../../shared/api/identity';

export function useDocumentTypeNames(): Record<DocumentType, string> {
  const { t } = useLingui();
  return { idCard: t`Identity card`, passport: t`Passport`, drivingLicence: t`Driving licence` };
}
