/** /yx/rule: the free-shipping rules, a bare page opened from the free-shipping zone (no header or footer). */
import '@/ui/goods.css';
import '../catalogue.css';
import { Link } from 'react-router';
import { useFocusCommon } from '@/lib/content/get-focus-common';
import { ErrorState } from '@/ui/ErrorState';

export default function FreeShippingRulePage() {
  const common = useFocusCommon();
  const shipping = common.data?.site.shipping;
  const title = common.data?.site.title ?? '药采通';
  return (
    <article className="yct-rule" data-testid="yx-rule">
      <h1>包邮规则</h1>
      {common.isError ? (
        <ErrorState onRetry={() => void common.refetch()} />
      ) : (
        <ol>
          <li>
            <b>单品包邮：</b>包邮专区商品标注“满N件包邮”，同一商品的采购数量达到 N 件时，该商品免运费。
          </li>
          <li>
            <b>满额包邮：</b>一笔订单中其他商品金额满 <em data-testid="rule-free-from">¥{shipping?.no_trans_order_amount ?? '—'}</em> 时，全单免运费。
          </li>
          <li>
            <b>运费：</b>不满足以上条件的订单收取运费 <em data-testid="rule-shipping">¥{shipping?.shipping_amount ?? '—'}</em>，在确认订单页显示。
          </li>
          <li>
            <b>计算方式：</b>
            商品金额按商品的采购单价（阶梯价、秒杀价、特价、94折后）计算，满减、优惠券和红包抵扣前的金额即计入包邮门槛，购物车与结算页所示“还差”金额一致；订单取消后运费一并退还。
          </li>
          <li>
            <b>配送范围：</b>
            {title}合作物流覆盖的地区均可包邮，偏远地区以客服通知为准。
          </li>
        </ol>
      )}
      <p className="yct-rule__foot">
        <Link to="/yx">← 返回包邮专区</Link>
      </p>
    </article>
  );
}
