/** The slim header of login, register, forgotten password and help: logo, page title and the hot line. */
import { Link } from 'react-router';
import { useFocusCommon } from '@/lib/content/get-focus-common';
import { Logo } from './Logo';

export function LoginHeader({ title }: { title: string }) {
  const { data } = useFocusCommon();
  return (
    <header className="yct-loginheader" data-testid="login-header">
      <div className="yct-container yct-loginheader__inner">
        <Logo />
        <span className="yct-loginheader__title">{title}</span>
        <span className="yct-loginheader__right">
          <Link to="/">返回首页</Link>
          {data?.site.hot_line ? (
            <span>
              客服热线 <strong>{data.site.hot_line}</strong>
            </span>
          ) : null}
        </span>
      </div>
    </header>
  );
}
