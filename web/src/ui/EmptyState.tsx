import type { ReactNode } from 'react';

type Props = {
  description?: ReactNode;
  /** Actions under the text, such as a link to go shopping. */
  children?: ReactNode;
  compact?: boolean;
  className?: string;
};

/** The empty state of every list: 暂无数据 unless told otherwise. */
export function EmptyState({ description = '暂无数据', children, compact = false, className }: Props) {
  return (
    <div className={`yct-state${compact ? ' yct-state--compact' : ''}${className ? ` ${className}` : ''}`} data-testid="empty-state">
      <svg className="yct-state__icon" viewBox="0 0 64 48" aria-hidden="true">
        <ellipse cx="32" cy="42" rx="26" ry="4" fill="#f0f0f0" />
        <path d="M12 17 20 6h24l8 11v19a3 3 0 0 1-3 3H15a3 3 0 0 1-3-3z" fill="#fafafa" stroke="#d9d9d9" />
        <path d="M12 17h13a7 7 0 0 0 14 0h13" fill="none" stroke="#d9d9d9" />
      </svg>
      <p className="yct-state__text">{description}</p>
      {children ? <div className="yct-state__actions">{children}</div> : null}
    </div>
  );
}
