/** The zone lists: free shipping, TCM, devices, near expiry and controlled sale (DESIGN.md section 7). */
import { GoodsListView } from '../components/GoodsListView';

const YX_VIEWS = { grid: '/yx', table: '/yx/table' };

export function FreeShippingZone() {
  return <GoodsListView view="grid" title="包邮专区" fixed={{ zone: 'yx' }} views={YX_VIEWS} />;
}
export function FreeShippingTable() {
  return <GoodsListView view="table" title="包邮专区" fixed={{ zone: 'yx' }} views={YX_VIEWS} />;
}
export function TcmZone() {
  return <GoodsListView view="grid" title="中药专区" fixed={{ zone: 'zy' }} views={{}} />;
}
export function DevicesZone() {
  return <GoodsListView view="grid" title="器械专区" fixed={{ zone: 'qx' }} views={{}} />;
}
export function NearExpiryZone() {
  return <GoodsListView view="grid" title="近效期专场" fixed={{ zone: 'jxq' }} views={{}} />;
}
export function ControlledZone() {
  return <GoodsListView view="grid" title="控销专区" fixed={{ zone: 'kx' }} views={{}} />;
}
