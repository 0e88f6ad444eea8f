import { App } from 'antd';
import { useCallback, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { resolveLinkTarget } from './link-target';

const origin = () => (typeof window === 'undefined' ? undefined : window.location.origin);

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'target'> & {
  /** The entry's url as the server sends it (may be empty or a `*#message`). */
  to: string | null | undefined;
  /** Open a page of this site in a new window (nav entries with `is_open`). */
  newWindow?: boolean;
  children?: ReactNode;
};

/** A link that follows the spec's link-target rule: navigate, open another site, or show a message. */
export function TargetLink({ to, newWindow = false, children, onClick, ...rest }: Props) {
  const { message } = App.useApp();
  const target = resolveLinkTarget(to, origin());
  if (target.kind === 'internal') {
    return (
      <Link to={target.to} target={newWindow ? '_blank' : undefined} onClick={onClick} {...rest}>
        {children}
      </Link>
    );
  }
  if (target.kind === 'external') {
    return (
      <a href={target.href} target="_blank" rel="noopener noreferrer" onClick={onClick} {...rest}>
        {children}
      </a>
    );
  }
  const show = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    onClick?.(event);
    void message.info(target.message);
  };
  return (
    <a href="#" role="button" onClick={show} {...rest}>
      {children}
    </a>
  );
}

/** The same rule for code that opens a target itself (a banner click, a carousel). */
export function useOpenTarget() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  return useCallback(
    (to: string | null | undefined, newWindow = false) => {
      const target = resolveLinkTarget(to, origin());
      if (target.kind === 'message') void message.info(target.message);
      else if (target.kind === 'external') window.open(target.href, '_blank', 'noopener,noreferrer');
      else if (newWindow) window.open(target.to, '_blank', 'noopener');
      else void navigate(target.to);
    },
    [message, navigate],
  );
}
