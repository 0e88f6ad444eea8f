/**
 * 复制到门店 for a chain headquarters: pick some of its stores (GET /api/user/stores, read when the dialog
 * opens) and copy the selected lines into their carts at their current quantities (POST /api/cart/copy). A
 * store whose licences are not approved cannot be bought for, so it is listed but cannot be picked.
 */
import { App, Checkbox, Modal } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '@/ui/ErrorState';
import { useChainStores } from '../api/get-chain-stores';
import { useCopyCart } from '../api/copy-cart';

type Props = { ids: number[] | null; onClose: () => void };

const STORE_STATE: Record<number, string> = { 0: '资质审核中', 2: '资质审核未通过' };

export function CopyToStores({ ids, onClose }: Props) {
  const open = ids !== null;
  const stores = useChainStores(open);
  const [picked, setPicked] = useState<number[]>([]);
  const copy = useCopyCart();
  const { message } = App.useApp();
  const submit = () => {
    if (!ids || !picked.length) return;
    copy.mutate(
      { ids, storeIds: picked },
      {
        onSuccess: ({ stores: done }) => {
          void message.success(`已复制到${done.length}家门店的购物车`);
          setPicked([]);
          onClose();
        },
      },
    );
  };

  let list;
  if (stores.isPending)
    list = (
      <p className="yct-copy__loading" data-testid="copy-stores-loading">
        <span className="yct-spinner" />
        正在读取门店…
      </p>
    );
  else if (stores.isError) list = <ErrorState compact onRetry={() => void stores.refetch()} retrying={stores.isFetching} />;
  else if (stores.data.length)
    list = (
      <Checkbox.Group className="yct-copy__stores" value={picked} onChange={(v) => setPicked(v as number[])} data-testid="copy-stores">
        {stores.data.map((s) => (
          <Checkbox key={s.id} value={s.id} disabled={s.is_passed !== 1} data-testid="copy-store">
            {s.company}
            <span className="yct-muted">
              {' '}
              {s.username}
              {s.is_passed !== 1 ? `，${STORE_STATE[s.is_passed] ?? STORE_STATE[0]}` : ''}
            </span>
          </Checkbox>
        ))}
      </Checkbox.Group>
    );
  else
    list = (
      <p data-testid="copy-no-stores">
        还没有门店，请先在 <Link to="/zhzx/ddgl">多店管理</Link> 中查看和添加门店。
      </p>
    );

  return (
    <Modal
      open={open}
      title="复制到门店"
      okText="复制"
      cancelText="取消"
      onOk={submit}
      onCancel={onClose}
      okButtonProps={{ disabled: !picked.length, loading: copy.isPending, 'data-testid': 'copy-submit' }}
      destroyOnHidden
      data-testid="copy-dialog"
    >
      <p className="yct-muted">将选中的 {ids?.length ?? 0} 种商品按当前数量加入所选门店的购物车。</p>
      {list}
    </Modal>
  );
}
