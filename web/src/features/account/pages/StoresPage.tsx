/**
 * /zhzx/ddgl 多店管理: a chain headquarters' stores with their review state, adding one through the
 * /register/dd steps, and acting for a store (its cart, orders and wallet) until 返回总部.
 */
import '../account.css';
import { App, Button, Table, Tag, type TableColumnsType } from 'antd';
import type { HTMLAttributes } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ChainStore, ChainStores } from '@core/schemas/member';
import { chinaDate } from '@/lib/china-time';
import { isLoggedIn, useUserBase } from '@/lib/session/get-user-base';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorState } from '@/ui/ErrorState';
import { AccountLayout } from '@/ui/account/AccountLayout';
import { PanelLoading } from '@/ui/account/PanelStates';
import { RequireAccount } from '@/ui/account/RequireAccount';
import { useActFor, useChainStores, useStopActing } from '../api/stores';

function reviewTag(s: ChainStore) {
  if (s.register_step < 3) return <Tag>资料未完善</Tag>;
  if (s.is_passed === 1) return <Tag color="green">已认证</Tag>;
  if (s.is_passed === 2) return <Tag color="red">审核未通过</Tag>;
  return <Tag color="orange">审核中</Tag>;
}

function Stores({ data }: { data: ChainStores }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const act = useActFor();
  const stop = useStopActing();
  const acting = data.stores.find((s) => s.id === data.acting_for);

  const columns: TableColumnsType<ChainStore> = [
    {
      title: '门店名称',
      dataIndex: 'company',
      render: (company: string, s) => (
        <span className="yct-dd__name">
          <b>{company || '未填写企业信息'}</b>
          {s.id === data.acting_for ? (
            <Tag color="red" className="yct-dd__acting">
              代采中
            </Tag>
          ) : null}
          <span className="yct-muted">登录账号：{s.username}</span>
        </span>
      ),
    },
    { title: '联系人', key: 'contact', width: 150, render: (_, s) => (s.name ? `${s.name} ${s.phone}` : s.phone) },
    { title: '门店地址', dataIndex: 'address', ellipsis: true, render: (a: string) => a || <span className="yct-muted">—</span> },
    { title: '认证状态', key: 'review', width: 110, render: (_, s) => reviewTag(s) },
    { title: '添加时间', dataIndex: 'created_at', width: 110, render: (t: number) => chinaDate(t) },
    {
      title: '操作',
      key: 'op',
      width: 130,
      align: 'center',
      render: (_, s) =>
        s.id === data.acting_for ? (
          <button
            type="button"
            className="yct-linkbtn yct-dd__op"
            disabled={stop.isPending}
            onClick={() => stop.mutate(undefined, { onSuccess: () => void message.success('已返回总部账号') })}
            data-testid="store-stop"
          >
            返回总部
          </button>
        ) : (
          <button
            type="button"
            className="yct-linkbtn yct-dd__op"
            disabled={act.isPending}
            onClick={() =>
              act.mutate(s.id, {
                onSuccess: () => {
                  void message.success(`已切换为代 ${s.company || s.username} 采购`);
                  void navigate('/');
                },
              })
            }
            data-testid="store-act"
          >
            代门店采购
          </button>
        ),
    },
  ];

  return (
    <>
      <div className="yct-dd__summary" data-testid="stores-summary">
        <span>
          总部：<b>{data.headquarters.company}</b>
        </span>
        <span>
          门店数：<b className="yct-dd__count">{data.stores.length}</b>
        </span>
        <span>
          已认证：<b>{data.stores.filter((s) => s.is_passed === 1).length}</b>
        </span>
        {acting ? (
          <span className="yct-dd__now" data-testid="stores-acting">
            当前正在代 <b>{acting.company || acting.username}</b> 采购
          </span>
        ) : null}
      </div>
      {data.stores.length ? (
        <Table<ChainStore>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={data.stores}
          pagination={data.stores.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
          onRow={(s) => ({ 'data-testid': 'store-row', 'data-id': s.id, 'data-username': s.username }) as HTMLAttributes<HTMLElement>}
        />
      ) : (
        <EmptyState description="暂无门店，添加门店后可由总部为门店采购">
          <Link to="/register/dd/step1" className="yct-btn yct-btn--primary">
            添加门店
          </Link>
        </EmptyState>
      )}
      <p className="yct-dd__note">
        每个门店有独立的登录账号、资质、收货地址、购物车和钱包。代门店采购时，购物车、订单和钱包均为该门店的；在购物车中也可将商品复制到各门店。
      </p>
    </>
  );
}

function StoresBody() {
  const query = useChainStores();
  if (query.isPending) return <PanelLoading />;
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (!query.data.is_chain)
    return (
      <EmptyState description="多店管理仅对连锁总部账号开放，如需开通请联系您的专属客服">
        <Link to="/user" className="yct-btn">
          返回会员中心
        </Link>
      </EmptyState>
    );
  return <Stores data={query.data} />;
}

function AddStore() {
  const { data: user } = useUserBase();
  const query = useChainStores(isLoggedIn(user));
  if (!query.data?.is_chain || query.data.acting_for) return null;
  return (
    <Link to="/register/dd/step1" data-testid="store-add">
      <Button type="primary">+ 添加门店</Button>
    </Link>
  );
}

export default function StoresPage() {
  return (
    <AccountLayout title="多店管理" extra={<AddStore />}>
      <RequireAccount>
        <div data-testid="stores-page">
          <StoresBody />
        </div>
      </RequireAccount>
    </AccountLayout>
  );
}
