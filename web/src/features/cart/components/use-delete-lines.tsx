/** Deleting cart lines always asks first (spec section 5): 确定删除这件商品吗? for one line. */
import { App } from 'antd';
import { useDeleteCartLines } from '../api/delete-cart-lines';

const DELETE_ONE = '确定删除这件商品吗?';

export function useDeleteLines() {
  const { modal, message } = App.useApp();
  const remove = useDeleteCartLines();
  const ask = (ids: number[], title: string = DELETE_ONE, done = '已删除') => {
    if (!ids.length) return;
    modal.confirm({
      title,
      okText: '删除',
      cancelText: '取消',
      okButtonProps: { danger: true },
      centered: true,
      onOk: () =>
        remove.mutateAsync(ids).then(
          () => void message.success(done),
          () => undefined,
        ),
    });
  };
  return { ask, pending: remove.isPending };
}
