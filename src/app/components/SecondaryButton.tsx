import type { ButtonHTMLAttributes } from 'react';

/** The page's plain action button (btn-secondary); data-testid and the rest pass through. */
export function SecondaryButton(props: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type="button" className="btn btn-secondary" {...props} />;
}
