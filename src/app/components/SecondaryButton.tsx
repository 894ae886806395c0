import type { ButtonHTMLAttributes } from 'react';

/** The page's plain action button (btn-secondary); data-testid and the rest pass through. */
export function SecondaryButton(props: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type="button" className="btn btn-secondary" {...props} />;
}

/** The same, small (btn-small): Cancel, Not now, step and export buttons. */
export function SmallButton(props: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type="button" className="btn btn-secondary btn-small" {...props} />;
}
