/**
 * 复制到门店 for a chain headquarters: pick stores and copy the selected lines into their carts
 * (POST /api/cart/copy). The stores are the chain's sub-accounts; until the server lists them, the dialog
 * says where to manage them.
 */
import { App, Checkbox, Modal } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCopyCart } from '../api/copy-cart';

export type Store = { id: number; company: string };

type Props = { ids: number[] | null; stores: Store[]; onClose: () => void };

export function CopyToStores({ ids, stores, onClose }: Props) {
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
  return (
    <Modal
      open={ids !== null}
      title="复制到门店"
      okText="复制"
      cancelText="取消"
      onOk={submit}
      onCancel={onClose}
      okButtonProps={{ disabled: !picked.length, loading: copy.isPending }}
      destroyOnHidden
      data-testid="copy-dialog"
    >
      <p className="yct-muted">将选中的 {ids?.length ?? 0} 种商品按当前数量加入所选门店的购物车。</p>
      {stores.length ? (
        <Checkbox.Group value={picked} onChange={(v) => setPicked(v as number[])} options={stores.map((s) => ({ label: s.company, value: s.id }))} />
      ) : (
        <p data-testid="copy-no-stores">
          暂未读取到门店列表，请先在 <Link to="/zhzx/ddgl">多店管理</Link> 中查看和添加门店。
        </p>
      )}
    </Modal>
  );
}
