/**
 * 加入清单: the chosen goods, at their quantities, into one of the buyer's lists or a new one. Typing a name the
 * buyer already has puts them in that list; a new name makes the list.
 */
import { AutoComplete, Modal } from 'antd';
import { useState } from 'react';
import { GOODS_LIST_NAME_MAX, type GoodsListItemsInput } from '@core/schemas/goods-lists';
import { isApiError } from '@/api/client';
import { useToast } from '@/lib/use-toast';
import { useGoodsLists } from '@/lib/goods-lists/get-goods-lists';
import { useCreateGoodsList } from '@/lib/goods-lists/list-write';
import './save-to-list.css';

type Props = {
  /** The lines to save; null closes the dialog. */
  lines: GoodsListItemsInput['items'] | null;
  onClose: () => void;
  /** Called with the list saved to, once saved. */
  onSaved?: (id: number, name: string) => void;
};

export function SaveToListModal({ lines, onClose, onSaved }: Props) {
  const open = lines !== null;
  const lists = useGoodsLists(open);
  const create = useCreateGoodsList();
  const toast = useToast();
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const existing = lists.data?.data.find((l) => l.name === name.trim());

  const close = () => {
    setName('');
    setError('');
    create.reset();
    onClose();
  };

  const save = () => {
    const text = name.trim();
    if (!text) return void setError('请选择或输入清单名称');
    if (!lines?.length) return;
    create.mutate(
      { name: text, items: lines },
      {
        onSuccess: (saved) => {
          void toast.success(`已将${lines.length}种商品加入清单“${saved.name}”`);
          onSaved?.(saved.id, saved.name);
          close();
        },
        onError: (err) => setError(isApiError(err) ? err.message : '保存失败，请稍后重试'),
      },
    );
  };

  return (
    <Modal
      open={open}
      title="加入清单"
      okText={existing ? '加入该清单' : '新建并加入'}
      cancelText="取消"
      onOk={save}
      onCancel={close}
      confirmLoading={create.isPending}
      destroyOnHidden
      data-testid="save-to-list"
    >
      <p className="yct-muted">已选 {lines?.length ?? 0} 种商品，按当前采购数量保存；清单中已有的商品将更新数量。</p>
      <AutoComplete
        className="yct-save-list__name"
        value={name}
        onChange={(v) => {
          setName(v);
          setError('');
        }}
        options={(lists.data?.data ?? []).map((l) => ({ value: l.name, label: `${l.name}（${l.count}种）` }))}
        placeholder="选择已有清单，或输入新清单名称，如 每周补货"
        maxLength={GOODS_LIST_NAME_MAX}
        status={error ? 'error' : undefined}
        autoFocus
        data-testid="save-to-list-name"
      />
      <p className={error ? 'yct-save-list__error' : 'yct-muted yct-save-list__hint'} role={error ? 'alert' : undefined}>
        {error || (name.trim() ? (existing ? `将加入已有清单“${existing.name}”` : `将新建清单“${name.trim()}”`) : '清单名称1-20个字')}
      </p>
    </Modal>
  );
}
