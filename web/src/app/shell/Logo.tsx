import { Link } from 'react-router';

/** The site mark: a white cross on pharmacy red, the name and the promise under it. */
export function Logo({ small = false }: { small?: boolean }) {
  return (
    <Link to="/" className={`yct-logo${small ? ' yct-logo--small' : ''}`} aria-label="药采通首页" data-testid="logo">
      <svg viewBox="0 0 40 40" width={small ? 34 : 44} height={small ? 34 : 44} aria-hidden="true">
        <rect width="40" height="40" rx="9" fill="#e4393c" />
        <path d="M16 8h8v8h8v8h-8v8h-8v-8H8v-8h8z" fill="#fff" />
      </svg>
      <span className="yct-logo__text">
        <strong>药采通</strong>
        <small>医药采购一站式平台</small>
      </span>
    </Link>
  );
}
