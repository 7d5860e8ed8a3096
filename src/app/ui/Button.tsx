/**
 * The kit's button (shadcn's `ui/button` in spirit: one component, variants by props). Variants:
 * primary (the brand action), secondary (outlined), ghost (text only), danger, buy and sell (a
 * trade's side: filled, with their own colours in both themes), and icon (a square icon button that
 * must carry a label). `loading` keeps the button's size, shows a spinner and makes it busy; it
 * refuses presses through aria-disabled rather than `disabled`, because a disabled button drops
 * the keyboard focus to the page's top (a trader tabbing through the order form would start over
 * after every order). ButtonLink is the same look on a PageLink, for a link that reads as an action.
 */
import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { PageLink, type PageLinkProps } from './PageLink';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'buy' | 'sell' | 'icon';
export type ButtonSize = 'small' | 'medium' | 'large';

interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Takes the whole width of its container. */
  block?: boolean;
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonLook {
  loading?: boolean;
}

export function buttonClassName({ variant = 'primary', size = 'medium', block = false }: ButtonLook, extra?: string): string {
  return [styles.button, styles[variant], styles[size], block ? styles.block : '', extra ?? ''].filter(Boolean).join(' ');
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, block, loading = false, className, disabled, type = 'button', onClick, children, ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={buttonClassName({ variant, size, block }, className)}
      disabled={disabled}
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      data-loading={loading || undefined}
      // A busy button keeps its focus but does nothing, not even submit its form.
      onClick={loading ? (event) => event.preventDefault() : onClick}
      {...rest}
    >
      {loading ? <span className={styles.spinner} aria-hidden="true" /> : null}
      <span className={styles.label}>{children}</span>
    </button>
  );
});

export interface ButtonLinkProps extends PageLinkProps, ButtonLook {
  children: ReactNode;
}

export function ButtonLink({ variant, size, block, className, ...rest }: ButtonLinkProps) {
  return <PageLink className={buttonClassName({ variant, size, block }, className)} {...rest} />;
}
