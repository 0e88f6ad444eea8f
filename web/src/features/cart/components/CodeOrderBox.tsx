/**
 * 扫码下单 above the cart: a barcode (条形码), an approval number (批准文号) or the site's goods code (商品编码) and a
 * quantity (the goods' middle package when left empty); Enter adds. Made for a barcode scanner, which types the
 * code and Enter: the box empties at once so that the next scan types into it, scans wait their turn, the added
 * goods shows for a few seconds with its price, the quantity resets and the focus stays in the box. A code that
 * names several goods (an approval number listed by several warehouses) asks which.
 */
import { Button, Input, InputNumber, type InputRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { Goods } from '@core/schemas/goods';
import { isApiError } from '@/api/client';
import { Price } from '@/ui/Price';
import { stockText } from '@/ui/sale-state';
import { useAddCodeLine } from '../api/add-code-line';
import { findGoodsByCode } from '../api/find-goods-by-code';

/** How long the added goods (or the refusal) stays shown. */
const NOTE_MS = 5000;

type Note = { ok: boolean; text: string; goods?: Goods; number?: number };
type Scan = { code: string; number: number | null };

/** The quantity in whole middle packages: empty is one package, anything else rounded up to the next. */
const packagesOf = (g: Goods, number: number | null) => Math.max(1, Math.ceil((number ?? g.zbz) / g.zbz)) * g.zbz;

export function CodeOrderBox() {
  const input = useRef<InputRef>(null);
  const queue = useRef<Scan[]>([]);
  const running = useRef(false);
  const [code, setCode] = useState('');
  const [number, setNumber] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note | null>(null);
  const [choices, setChoices] = useState<{ goods: Goods[]; scan: Scan } | null>(null);
  const add = useAddCodeLine();

  useEffect(() => {
    if (!note) return;
    const timer = setTimeout(() => setNote(null), NOTE_MS);
    return () => clearTimeout(timer);
  }, [note]);

  const focus = () => input.current?.focus();

  const addGoods = async (g: Goods, scan: Scan) => {
    const units = packagesOf(g, scan.number);
    try {
      await add.mutateAsync({ goods: g, number: units });
      const rounded = scan.number !== null && scan.number !== units ? `（已按中包装${g.zbz}${g.bzdw}调整）` : '';
      setNote({ ok: true, text: `已加入购物车${rounded}`, goods: g, number: units });
    } catch (err) {
      setNote({ ok: false, text: isApiError(err) ? err.message : '加入购物车失败，请稍后重试' });
    }
  };

  /** Works through the scans in order; a code with several goods waits for the buyer's pick. */
  const run = async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      for (let scan = queue.current.shift(); scan; scan = queue.current.shift()) {
        try {
          const found = (await findGoodsByCode(scan.code)).data;
          if (found.length === 1) await addGoods(found[0], scan);
          else {
            setChoices({ goods: found, scan });
            return;
          }
        } catch (err) {
          setNote({ ok: false, text: isApiError(err) ? err.message : '查询失败，请稍后重试' });
        }
      }
    } finally {
      running.current = false;
      setBusy(false);
      focus();
    }
  };

  const submit = () => {
    const text = code.trim();
    if (!text) return void setNote({ ok: false, text: '请输入条码、批准文号或商品编码' });
    queue.current.push({ code: text, number });
    setCode('');
    setNumber(null);
    void run();
  };

  const pick = async (g: Goods | null) => {
    const waiting = choices;
    setChoices(null);
    if (g && waiting) await addGoods(g, waiting.scan);
    focus();
    void run();
  };

  return (
    <div className="yct-codebox" data-testid="code-box">
      <div className="yct-codebox__row">
        <span className="yct-codebox__label">扫码下单</span>
        <Input
          ref={input}
          className="yct-codebox__code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          onPressEnter={submit}
          placeholder="扫描或输入 条形码 / 批准文号 / 商品编码，回车加入购物车"
          maxLength={60}
          allowClear
          autoComplete="off"
          aria-label="条形码、批准文号或商品编码"
          data-testid="code-box-code"
        />
        <InputNumber
          className="yct-codebox__number"
          value={number}
          min={1}
          max={99999}
          precision={0}
          onChange={(v) => setNumber(typeof v === 'number' ? v : null)}
          onPressEnter={submit}
          placeholder="数量(默认中包装)"
          aria-label="数量"
          data-testid="code-box-number"
        />
        <Button type="primary" onClick={submit} loading={busy} data-testid="code-box-add">
          加入购物车
        </Button>
      </div>
      {choices ? (
        <div className="yct-codebox__choices" data-testid="code-box-choices">
          <p>
            “{choices.scan.code}”对应 {choices.goods.length} 个商品，请选择：
            <Button size="small" type="link" onClick={() => void pick(null)}>
              取消
            </Button>
          </p>
          {choices.goods.map((g, i) => (
            <button
              key={g.id}
              type="button"
              className="yct-codebox__choice"
              onClick={() => void pick(g)}
              autoFocus={i === 0}
              data-testid="code-box-choice"
              data-goods-id={g.id}
            >
              <b>{g.name}</b>
              <span>{g.ypgg}</span>
              <span className="yct-codebox__maker">{g.sccj}</span>
              <span>效期 {g.xq}</span>
              <span>{stockText(g)}</span>
              <Price value={g.base_price} tip={g.price_tip} size="small" />
            </button>
          ))}
        </div>
      ) : null}
      {note ? (
        <p className={`yct-codebox__note${note.ok ? ' is-ok' : ' is-error'}`} role={note.ok ? 'status' : 'alert'} data-testid="code-box-note">
          {note.goods ? (
            <>
              {note.text}：<b>{note.goods.name}</b> {note.goods.ypgg} × {note.number}
              {note.goods.bzdw} <Price value={note.goods.base_price} tip={note.goods.price_tip} size="small" />
            </>
          ) : (
            note.text
          )}
        </p>
      ) : (
        <p className="yct-codebox__note yct-muted">支持扫码枪连续扫码；同一批准文号有多个商品时请选择。</p>
      )}
    </div>
  );
}
