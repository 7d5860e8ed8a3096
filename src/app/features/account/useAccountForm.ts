/**
 * What the three account forms share: the messages of their fields and of the form, the refs
 * that let a failed check move the focus to the first field in trouble, and the translation of
 * problem names into text.
 */
import { useLingui } from '@lingui/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../shared/client/client';
import { firstProblemField, placeRefusal, type FieldProblem, type FormField, type Refusal } from './formRules';
import { PROBLEM_MESSAGES } from './messages';

export type FieldErrors = Partial<Record<FormField, string>>;

export function useAccountForm(order: readonly FormField[]) {
  const { _ } = useLingui();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [focusField, setFocusField] = useState<{ field: FormField } | null>(null);
  const refs = useRef<Partial<Record<FormField, HTMLInputElement | null>>>({});

  // Focus after the render that shows the field (the captcha appears with its first message).
  useEffect(() => {
    if (focusField) refs.current[focusField.field]?.focus();
  }, [focusField]);

  const refFor = useCallback(
    (field: FormField) => (element: HTMLInputElement | null) => {
      refs.current[field] = element;
    },
    [],
  );

  /** Shows the problems found before sending; true when there were none. */
  const showProblems = useCallback(
    (problems: Partial<Record<FormField, FieldProblem | null>>): boolean => {
      const found: FieldErrors = {};
      for (const [field, problem] of Object.entries(problems) as [FormField, FieldProblem | null][]) {
        if (problem) found[field] = _(PROBLEM_MESSAGES[problem]);
      }
      setErrors(found);
      setFormError(null);
      const first = firstProblemField(found, order);
      if (first) setFocusField({ field: first });
      return first === undefined;
    },
    [_, order],
  );

  /** Spreads a server refusal over the form and moves the focus to the field it is about. */
  const showRefusal = useCallback(
    (refusal: Refusal) => {
      const placed = placeRefusal(refusal);
      setErrors(placed.fields);
      setFormError(placed.form);
      const first = firstProblemField(placed.fields, order);
      if (first) setFocusField({ field: first });
    },
    [order],
  );

  const clearError = useCallback((field: FormField) => {
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }, []);

  return { errors, formError, setFormError, busy, setBusy, refFor, showProblems, showRefusal, clearError, setFocusField };
}

/** A failed call as a refusal the form can show; null for the 401 the client handles itself. */
export function refusalOf(error: unknown, unreachable: string): Refusal | null {
  if (error instanceof ApiError) {
    if (error.status === 401) return null;
    return { code: error.code, message: error.message, fields: error.fields };
  }
  console.warn('An account call failed', error);
  return { code: 0, message: unreachable };
}
