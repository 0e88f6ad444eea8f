/** The zone lists: free shipping, TCM, devices, near expiry and controlled sale (DESIGN.md section 7). */
import { Link } from 'react-router';
import type { MenuCategory } from '@core/schemas/content';
import { useFocusCommon } from '@/lib/content/get-focus-common';
import { isLoggedIn, useUserBase } from '@/lib/session/get-user-base';
import { GoodsListView } from '../components/GoodsListView';
import { ZoneBanner } from '../components/ZoneBanner';

const YX_VIEWS = { grid: '/yx', table: '/yx/table' };

/** A zone offers the sub-categories of its own top categories (category_zy, category_qx of common data). */
const subCategories = (tops: MenuCategory[] | undefined) => tops?.flatMap((t) => t.children);

function FreeShippingNotice() {
  const { data } = useFocusCommon();
  const shipping = data?.site.shipping;
  return (
    <p className="yct-zone-notice" data-testid="zone-notice">
      包邮专区商品单品采购数量达到标注的包邮数量即免运费
      {shipping ? `；订单商品金额满 ¥${shipping.no_trans_order_amount} 全单包邮` : ''}。
      <Link to="/yx/rule" target="_blank" className="yct-text-red">
        查看包邮规则 ›
      </Link>
    </p>
  );
}

export function FreeShippingZone() {
  return (
    <GoodsListView view="grid" title="包邮专区" fixed={{ zone: 'yx' }} views={YX_VIEWS} banner={<ZoneBanner position="yx" />} notice={<FreeShippingNotice />} />
  );
}
export function FreeShippingTable() {
  return (
    <GoodsListView
      view="table"
      title="包邮专区"
      fixed={{ zone: 'yx' }}
      views={YX_VIEWS}
      banner={<ZoneBanner position="yx" />}
      notice={<FreeShippingNotice />}
    />
  );
}
export function TcmZone() {
  const { data } = useFocusCommon();
  return (
    <GoodsListView
      view="grid"
      title="中药专区"
      fixed={{ zone: 'zy' }}
      views={{}}
      banner={<ZoneBanner position="zyzq" />}
      categories={subCategories(data?.category_zy)}
    />
  );
}
export function DevicesZone() {
  const { data } = useFocusCommon();
  return (
    <GoodsListView
      view="grid"
      title="器械专区"
      fixed={{ zone: 'qx' }}
      views={{}}
      banner={<ZoneBanner position="qxzq" />}
      categories={subCategories(data?.category_qx)}
    />
  );
}
export function NearExpiryZone() {
  return (
    <GoodsListView
      view="grid"
      title="近效期专场"
      fixed={{ zone: 'jxq' }}
      views={{}}
      banner={<ZoneBanner position="jxqzc" />}
      notice={
        <p className="yct-zone-notice" data-testid="zone-notice">
          本专场商品有效期不足6个月，价格优惠，请根据门店销售周期合理采购。
        </p>
      }
    />
  );
}

/** What a buyer without the controlled-sale permission is told instead of an empty list. */
export function ControlledNotice() {
  const { data: user } = useUserBase();
  const contact = isLoggedIn(user) ? (user.admin.find((a) => a.is_default === 1) ?? user.admin[0]) : undefined;
  if (isLoggedIn(user) && user.is_special === 1) return null;
  return (
    <p className="yct-zone-notice" data-testid="controlled-notice">
      控销专区仅对签约客户开放。
      {!isLoggedIn(user) ? (
        <Link to="/login?redirect=%2Fkxzq" className="yct-text-red">
          请先登录 ›
        </Link>
      ) : contact ? (
        `如需开通，请联系您的专属客服 ${contact.name}（${contact.phone}）。`
      ) : (
        '如需开通，请联系客服。'
      )}
    </p>
  );
}

export function ControlledZone() {
  return (
    <GoodsListView
      view="grid"
      title="控销专区"
      fixed={{ zone: 'kx' }}
      views={{}}
      banner={<ZoneBanner position="kxzq" />}
      notice={<ControlledNotice />}
      empty="控销专区仅对签约客户开放"
    />
  );
}
