/** Under the top bar while a chain headquarters acts for one of its stores: whose account this is, and the way back. */
import { App } from 'antd';
import type { UserBase } from '@core/schemas/user';
import { useStopActing } from '../api/stores';

export function ActingNotice({ user }: { user: UserBase }) {
  const { message } = App.useApp();
  const stop = useStopActing();
  if (!user.actor) return null;
  return (
    <div className="yct-acting" data-testid="header-acting">
      <div className="yct-container">
        <span>
          总部「{user.actor.company}」正在代 <b>{user.company || user.username}</b> 采购：购物车、订单和钱包均为该门店的
        </span>
        <button
          type="button"
          className="yct-linkbtn yct-topbar__accent"
          disabled={stop.isPending}
          onClick={() => stop.mutate(undefined, { onSuccess: () => void message.success('已返回总部账号') })}
          data-testid="header-stop-acting"
        >
          返回总部 ›
        </button>
      </div>
    </div>
  );
}
