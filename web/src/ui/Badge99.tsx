import type { ReactNode } from 'react';
import { BADGE_MAX } from '@core/constants';
import { badgeText } from './badge';

type Props = {
  count: number | string | null | undefined;
  max?: number;
  /** Show `0` instead of hiding the badge when the count is zero. */
  showZero?: boolean;
  /** Attach the badge to the corner of `children`; without children it is an inline pill. */
  children?: ReactNode;
  className?: string;
  'data-testid'?: string;
};

/** A red count badge capped at 99 (shows `99+` above it). */
export function Badge99({ count, max = BADGE_MAX, showZero = false, children, className, ...rest }: Props) {
  const text = badgeText(count, max) || (showZero ? '0' : '');
  const badge = (
    <sup
      className={`yct-badge${children ? ' yct-badge--corner' : ''}${text ? '' : ' yct-badge--empty'}`}
      data-testid={rest['data-testid']}
      data-count={text || '0'}
      aria-label={text ? `${text}` : undefined}
    >
      {text}
    </sup>
  );
  if (!children) return badge;
  return (
    <span className={`yct-badge-wrap${className ? ` ${className}` : ''}`}>
      {children}
      {badge}
    </span>
  );
}
