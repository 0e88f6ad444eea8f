/** /zhzx/addr: the account's receiving addresses, default first, with add, edit, 设为默认 and delete; a guest is sent to log in. */
import '../account.css';
import { Button, Table, Tag, type TableColumnsType } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import type { Address } from '@core/schemas/trade';
import { ADDRESS_MAX, useAddresses } from '@/lib/address/get-addresses';
import { isLoggedIn, useUserBase } from '@/lib/session/get-user-base';
import { AddressFormModal } from '@/ui/AddressFormModal';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorState } from '@/ui/ErrorState';
import { AccountLayout } from '@/ui/account/AccountLayout';
import { DefaultRowActions } from '@/ui/account/DefaultRowActions';
import { RequireAccount } from '@/ui/account/RequireAccount';
import { useDeleteAddress } from '../api/delete-address';
import { useSetDefaultAddress } from '../api/set-default-address';

/** The dialog: closed, a new address, or the address being changed. */
type Editing = { address: Address | null } | null;

export default function AddressesPage() {
  const { data: user } = useUserBase();
  const member = isLoggedIn(user);
  const list = useAddresses({ enabled: member });
  const [editing, setEditing] = useState<Editing>(null);
  const remove = useDeleteAddress();
  const setDefault = useSetDefaultAddress();
  const count = list.data?.length ?? 0;
  const full = count >= ADDRESS_MAX;

  const columns: TableColumnsType<Address> = [
    {
      title: '收货人',
      dataIndex: 'name',
      width: 150,
      render: (name: string, a) => (
        <span className="yct-addr__name">
          {name}
          {a.is_default ? (
            <Tag color="red" className="yct-addr__tag" data-testid="address-default-tag">
              默认
            </Tag>
          ) : null}
        </span>
      ),
    },
    { title: '所在地区', key: 'region', width: 200, render: (_, a) => `${a.province} ${a.city} ${a.district}` },
    { title: '详细地址', dataIndex: 'address', ellipsis: true },
    { title: '联系电话', dataIndex: 'phone', width: 140 },
    {
      title: '操作',
      key: 'actions',
      width: 180,
      align: 'center',
      render: (_, a) => (
        <DefaultRowActions
          id={a.id}
          isDefault={a.is_default === 1}
          noun="收货地址"
          short="地址"
          setDefault={setDefault}
          remove={remove}
          onEdit={() => setEditing({ address: a })}
          testId="address"
        />
      ),
    },
  ];

  let body;
  if (list.isPending)
    body = (
      <div className="yct-loading yct-acct__loading" data-testid="address-loading">
        <span className="yct-spinner" />
        正在加载…
      </div>
    );
  else if (list.isError) body = <ErrorState onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  else if (!count)
    body = (
      <EmptyState description="暂无收货地址">
        <button type="button" className="yct-btn yct-btn--primary" onClick={() => setEditing({ address: null })} data-testid="address-add-empty">
          新增收货地址
        </button>
      </EmptyState>
    );
  else
    body = (
      <>
        <p className="yct-addr__count">
          已保存 <b>{count}</b> 个收货地址，最多可保存 {ADDRESS_MAX} 个
        </p>
        <Table<Address>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.data}
          pagination={false}
          rowClassName={(a) => (a.is_default ? 'yct-addr__row is-default' : 'yct-addr__row')}
          onRow={(a) => ({ 'data-testid': 'address-row', 'data-id': a.id, 'data-default': a.is_default }) as HTMLAttributes<HTMLElement>}
        />
      </>
    );

  return (
    <AccountLayout
      title="收货地址"
      extra={
        member ? (
          <Button
            type="primary"
            disabled={full || !list.data}
            title={full ? `最多保存${ADDRESS_MAX}个收货地址` : undefined}
            onClick={() => setEditing({ address: null })}
            data-testid="address-add"
          >
            + 新增收货地址
          </Button>
        ) : null
      }
    >
      <RequireAccount>
        <div data-testid="addresses-page">{body}</div>
        <AddressFormModal open={editing !== null} address={editing?.address} onClose={() => setEditing(null)} />
      </RequireAccount>
    </AccountLayout>
  );
}
