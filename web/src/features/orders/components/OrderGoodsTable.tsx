/** 商品清单 of an order's detail: each line with its price, discounts and what was paid, then the order's amounts. */
import { Table, type TableColumnsType } from 'antd';
import type { HTMLAttributes } from 'react';
import { Link } from 'react-router';
import type { OrderDetail, OrderItem } from '@core/schemas/trade';
import { amountRows, isZero, lineDiscounts, lineKind, money } from '../lib/orders';

export function OrderGoodsTable({ order }: { order: OrderDetail }) {
  const columns: TableColumnsType<OrderItem> = [
    {
      title: '商品信息',
      key: 'goods',
      render: (_, item) => {
        const mark = lineKind(item.type);
        return (
          <div className="yct-ord-goods">
            <Link to={`/list/info/${item.goods_id}`} className="yct-ord-goods__img">
              <img src={item.image} alt={item.name} width={60} height={60} loading="lazy" />
            </Link>
            <div className="yct-ord-goods__text">
              <Link to={`/list/info/${item.goods_id}`} className="yct-ord-goods__name" data-testid="line-name">
                {mark ? (
                  <i className={`yct-ord-chip yct-ord-chip--${mark.tone}`} data-testid="line-kind">
                    {mark.label}
                  </i>
                ) : null}
                {item.name}
              </Link>
              <span>
                {item.ypgg} | {item.sccj}
              </span>
            </div>
          </div>
        );
      },
    },
    {
      title: '单价',
      key: 'price',
      width: 96,
      align: 'right',
      // The price the line was charged at; an offer's price with the usual one struck out, as the cart showed it.
      render: (_, item) => (
        <span className="yct-ord-price" data-testid="line-price">
          <b>{money(item.price)}</b>
          {item.original_price ? <del data-testid="line-original">{money(item.original_price)}</del> : null}
          {item.promo_number > 0 && item.promo_number < item.number ? <small>其中{item.promo_number}件为活动价</small> : null}
        </span>
      ),
    },
    {
      title: '数量',
      key: 'number',
      width: 90,
      align: 'center',
      render: (_, item) => (
        <>
          {item.number}
          {item.bzdw}
          {item.returned_number > 0 ? <div className="yct-ord-goods__returned">已退 {item.returned_number}</div> : null}
        </>
      ),
    },
    { title: '金额', key: 'amount', width: 100, align: 'right', render: (_, item) => money(item.amount) },
    {
      title: '优惠',
      key: 'discounts',
      width: 150,
      render: (_, item) => {
        const discounts = lineDiscounts(item);
        if (!discounts.length) return <span className="yct-muted">—</span>;
        return (
          <ul className="yct-ord-discounts" data-testid="line-discounts">
            {discounts.map((d) => (
              <li key={d.key}>
                <i>{d.label}</i>-{money(d.amount)}
              </li>
            ))}
          </ul>
        );
      },
    },
    {
      title: '实付',
      key: 'pay',
      width: 108,
      align: 'right',
      render: (_, item) => (
        <b className="yct-ord-red" data-testid="line-pay">
          {money(item.pay_amount)}
        </b>
      ),
    },
  ];
  return (
    <Table<OrderItem>
      className="yct-ord-table"
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={order.items}
      pagination={false}
      onRow={(item) => ({ 'data-testid': 'order-line', 'data-type': item.type }) as HTMLAttributes<HTMLElement>}
    />
  );
}

export function OrderAmounts({ order }: { order: OrderDetail }) {
  return (
    <dl className="yct-ord-amounts" data-testid="order-amounts">
      {amountRows(order.amounts).map((row) => (
        <div key={row.key}>
          <dt>{row.label}：</dt>
          <dd data-testid={`amount-${row.key}`}>{row.value}</dd>
        </div>
      ))}
      <div className="yct-ord-amounts__total">
        <dt>实付金额：</dt>
        <dd data-testid="amount-pay">{money(order.amounts.pay_amount)}</dd>
      </div>
      {isZero(order.amounts.cashback_amount) ? null : (
        <div className="yct-ord-amounts__cashback">
          <dt>满返红包：</dt>
          <dd data-testid="amount-cashback">
            {money(order.amounts.cashback_amount)}
            <span>{order.status === 3 ? '（已存入账户红包）' : '（订单完成后存入账户红包）'}</span>
          </dd>
        </div>
      )}
    </dl>
  );
}
