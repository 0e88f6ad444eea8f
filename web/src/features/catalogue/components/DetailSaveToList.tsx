/**
 * 加入清单 on the goods page: the goods at the quantity in the stepper, into one of the buyer's named lists (我的清单)
 * or a new one. A guest is sent to log in and brought back to the goods.
 */
import { Button } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { GoodsListItemsInput } from '@core/schemas/goods-lists';
import { isLoggedIn, useUserBase } from '@/lib/session/get-user-base';
import { SaveToListModal } from '@/ui/SaveToListModal';
import { loginPathTo } from '@core/routes';

export function DetailSaveToList({ goodsId, number }: { goodsId: number; number: number }) {
  const navigate = useNavigate();
  const { data: user } = useUserBase();
  const [lines, setLines] = useState<GoodsListItemsInput['items'] | null>(null);
  const click = () => {
    if (!isLoggedIn(user)) return void navigate(loginPathTo(`/list/info/${goodsId}`));
    setLines([{ goods_id: goodsId, number }]);
  };
  return (
    <>
      <Button onClick={click} data-testid="detail-save-to-list">
        加入清单
      </Button>
      <SaveToListModal lines={lines} onClose={() => setLines(null)} />
    </>
  );
}
