/**
 * How the security screens call the server: a refusal is toasted by the client with the server's
 * translated message (spec 8: every errcode but the silent ones), so a screen only learns whether
 * the call worked. Reads happen once per screen and again after a change.
 */
import { useCallback, useEffect, useState } from 'react';
import type { AnyCall, CallData, CallInput } from '../../../shared/api/call';
import { securityStatusCall } from '../../../shared/api/security';
import { callApi } from '../../api/client';

/** The call's data, or null when it was refused (already toasted) or the server was out of reach. */
export async function send<C extends AnyCall>(call: C, input: CallInput<C> = {}): Promise<CallData<C> | null> {
  try {
    const answer = await callApi(call, input);
    return answer === false ? null : answer;
  } catch (error) {
    console.warn('A security call failed', error);
    return null;
  }
}

export type SecurityStatus = CallData<typeof securityStatusCall>;

/** A read of a call without input (GET): undefined while loading, null when it could not be read; reload reads it again. */
export function useRead<C extends AnyCall>(call: C): { data: CallData<C> | null | undefined; reload: () => void } {
  const [data, setData] = useState<CallData<C> | null | undefined>(undefined);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let current = true;
    void send(call).then((answer) => {
      if (current) setData(answer);
    });
    return () => {
      current = false;
    };
  }, [call, generation]);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { data, reload };
}

/** GET /account/security, the state of every protection. */
export function useSecurityStatus(): { status: SecurityStatus | null | undefined; reload: () => void } {
  const { data, reload } = useRead(securityStatusCall);
  return { status: data, reload };
}
