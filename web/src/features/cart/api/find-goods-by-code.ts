/**
 * GET /api/goods/by_code?code=: the goods a barcode, an approval number or the site's goods code names (several
 * when an approval number is listed by several warehouses). An unknown code is answered by the box itself.
 */
import type { GoodsByCode } from '@core/schemas/goods-lists';
import { Code } from '@core/codes';
import { http } from '@/api/client';

export const findGoodsByCode = (code: string) => http.get<GoodsByCode>('/api/goods/by_code', { code }, { silent: [Code.invalid] });
