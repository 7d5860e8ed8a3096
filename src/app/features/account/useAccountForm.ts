/**
 * What the three account forms share: the messages of their fields and of the form, the refs
 * that let a failed check move the focus to the first field in trouble, the translation of
 * problem names into text, the props that tie a field to all of this (bind), and the way a call
 * is sent and its failure shown (attempt, submit).
 */
import { useLingui } from '@lingui/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../shared/client/client';
import { firstProblemField, placeRefusal, type FieldProblem, type FormField, type Refusal } from './formRules';
import { PROBLEM_MESSAGES, UNREACHABLE_MESSAGE } from './messages';

export type FieldErrors = Partial<Record<FormField, string>>;
export type FieldProblems = Partial<Record<FormField, FieldProblem | null>>;

export function useAccountForm(order: readonly FormField[]) {
  const { _ } = useLingui();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const unreachable = _(UNREACHABLE_MESSAGE);
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
    (problems: FieldProblems): boolean => {
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

  /** A field's props: a change sets the value and clears the field's message; the message and the ref for the focus. */
  const bind = <Value,>(field: FormField, setValue: (value: Value) => void) => ({
    onChange: (value: Value) => {
      setValue(value);
      clearError(field);
    },
    error: errors[field],
    inputRef: refFor(field),
  });

  /**
   * Makes a call whose failure the form shows where the user is looking: the platform out of
   * reach (the client answers false) as the form's message, a refusal over the fields it is
   * about. Answers what onAnswer makes of the call's answer, or null when the call failed.
   */
  const attempt = async <Answer, Result>(call: () => Promise<Answer | false>, onAnswer: (answer: Answer) => Result | Promise<Result>) => {
    try {
      const answer = await call();
      if (answer === false) {
        setFormError(unreachable);
        return null;
      }
      return await onAnswer(answer);
    } catch (error) {
      const refusal = refusalOf(error, unreachable);
      if (refusal) showRefusal(refusal);
      return null;
    }
  };

  /**
   * Sends the form once its own checks pass: nothing while a call is under way, the submit
   * button busy until the call and onAnswer are done (attempt catches every failure, so busy
   * always ends), failures shown as attempt shows them.
   */
  const submit = async <Answer,>(problems: FieldProblems, call: () => Promise<Answer | false>, onAnswer: (answer: Answer) => void | Promise<void>) => {
    if (busy) return;
    if (!showProblems(problems)) return;
    setBusy(true);
    await attempt(call, onAnswer);
    setBusy(false);
  };

  return { formError, setFormError, busy, unreachable, showProblems, showRefusal, clearError, setFocusField, bind, attempt, submit };
}

export type AccountForm = ReturnType<typeof useAccountForm>;

/** A failed call as a refusal the form can show; null for the 401 the client handles itself. */
function refusalOf(error: unknown, unreachable: string): Refusal | null {
  if (error instanceof ApiError) {
    if (error.status === 401) return null;
    return { code: error.code, message: error.message, fields: error.fields };
  }
  console.warn('An account call failed', error);
  return { code: 0, message: unreachable };
}
