import type { ReactNode } from 'react';

type Props = {
  message?: ReactNode;
  onRetry?: () => void;
  /** True while the retry runs. */
  retrying?: boolean;
  compact?: boolean;
  className?: string;
};

/** What a failed load shows: a short reason and a retry button. */
export function ErrorState({ message = '加载失败，请稍后重试', onRetry, retrying = false, compact = false, className }: Props) {
  return (
    <div
      className={`yct-state yct-state--error${compact ? ' yct-state--compact' : ''}${className ? ` ${className}` : ''}`}
      role="alert"
      data-testid="error-state"
    >
      {compact ? null : (
        <svg className="yct-state__icon" viewBox="0 0 48 48" aria-hidden="true">
          <circle cx="24" cy="24" r="20" fill="#fff1f0" stroke="#ffa39e" />
          <path d="M24 13v14" stroke="#e4393c" strokeWidth="3" strokeLinecap="round" />
          <circle cx="24" cy="33.5" r="2" fill="#e4393c" />
        </svg>
      )}
      <span className="yct-state__text">{message}</span>
      {onRetry ? (
        <button type="button" className="yct-retry" onClick={onRetry} disabled={retrying} data-testid="retry">
          {retrying ? '加载中…' : '重试'}
        </button>
      ) : null}
    </div>
  );
}
