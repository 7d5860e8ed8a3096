/** Text for screen readers only (the global `.visually-hidden` class, defined once in global.css). */
import type { HTMLAttributes } from 'react';

export function VisuallyHidden({ className, ...rest }: HTMLAttributes<HTMLSpanElement>) {
  return <span className={['visually-hidden', className ?? ''].filter(Boolean).join(' ')} {...rest} />;
}
