import { useEffect, useRef } from 'react';

/**
 * Sends a mailed link's token once per page visit. Tokens are single use: a second call (React's
 * development double effect, a re-render) would turn a success into "already used".
 */
export function useTokenOnce(token: string, send: (token: string) => void) {
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    send(token);
  }, [token, send]);
}
