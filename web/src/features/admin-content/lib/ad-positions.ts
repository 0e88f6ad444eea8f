/** The ad positions as the console offers them, with the picture size each one shows at on the storefront. */
import { ADMIN_AD_POSITIONS, type AdminAdPosition } from '@core/schemas/admin-content';

const WIDE: [number, number] = [1200, 200];
const SIDE: [number, number] = [230, 420];

/** Width by height in px, as the storefront shows the picture. */
export const AD_SIZES: Record<AdminAdPosition, [number, number]> = {
  index_banner: [780, 380],
  top: [1200, 80],
  tile: [190, 100],
  right: SIDE,
  xrtj: SIDE,
  login: [1920, 500],
  ppzq: WIDE,
  kxzq: WIDE,
  new_kxzq: WIDE,
  kxzq_ad: SIDE,
  zyzq: WIDE,
  qxzq: WIDE,
  yx: WIDE,
  jxqzc: WIDE,
  mrtj: WIDE,
  welfare: WIDE,
  zhzq: WIDE,
  hb: WIDE,
};

export const AD_POSITION_OPTIONS = (Object.entries(ADMIN_AD_POSITIONS) as [AdminAdPosition, string][]).map(([value, label]) => ({ value, label }));

export const isAdPosition = (v: string | undefined): v is AdminAdPosition => v !== undefined && v in ADMIN_AD_POSITIONS;

/** A preview box of at most `maxWidth` px wide in the picture's proportions. */
export function previewSize(position: AdminAdPosition | undefined, maxWidth: number, maxHeight: number): [number, number] {
  const [w, h] = position ? AD_SIZES[position] : [780, 380];
  const scale = Math.min(maxWidth / w, maxHeight / h, 1);
  return [Math.round(w * scale), Math.round(h * scale)];
}

/** How a link target reads in a list: where it goes, or what the page does instead. */
export function targetText(url: string): string {
  if (!url) return '（活动暂未开始）';
  if (url.startsWith('*')) return `提示：${url.replace(/^\*[^#]*#?/, '')}`;
  return url;
}
