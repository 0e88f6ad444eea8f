/**
 * One line of a matched purchase list: what the list asked for, the goods taken for it (or the candidates to
 * choose from, the nearest goods and 品种求购 when none matched, the problem of a row that cannot be read), why it
 * matched and how sure, the price at that quantity, the quantity in middle packages, and whether it is kept.
 */
import { Button, Checkbox, Radio, Tag, Tooltip } from 'antd';
import { memo, useState } from 'react';
import type { PurchaseListCandidate, PurchaseListLine } from '@core/schemas/purchase-lists';
import { Price } from '@/ui/Price';
import { QuantityStepper } from '@/ui/QuantityStepper';
import { stockText } from '@/ui/sale-state';
import { candidateOf, certaintyColour, choose, numberOf, type Decision } from '../lib/lines';

/** What became of the line in the cart request: went in, or refused with why. */
export type Carted = { added: true } | { added: false; message: string };

/** What the buyer did about 品种求购 for a line with no goods. */
export type Requested = { state: 'sending' } | { state: 'done' } | { state: 'failed'; message: string };

type Props = {
  line: PurchaseListLine;
  decision: Decision | undefined;
  /** The buyer's decision about a row; stable, so that a change to one line draws that line alone. */
  onDecision: (row: number, d: Decision) => void;
  carted: Carted | undefined;
  requested: Requested | undefined;
  onRequest: (line: PurchaseListLine) => void;
};

function ReasonTag({ c }: { c: PurchaseListCandidate }) {
  return (
    <Tag color={certaintyColour(c.certainty)} className="yct-pl__reason" data-testid="pl-reason">
      {c.reason_text} {c.certainty}%
    </Tag>
  );
}

function GoodsFacts({ c }: { c: PurchaseListCandidate }) {
  const g = c.goods;
  return (
    <div className="yct-pl__goods" data-testid="pl-goods" data-goods-id={g.id}>
      <a href={`/list/info/${g.id}`} target="_blank" rel="noreferrer" className="yct-pl__img">
        <img src={g.goods_image[0]} alt={g.name} width={48} height={48} loading="lazy" />
      </a>
      <div className="yct-pl__facts">
        <a href={`/list/info/${g.id}`} target="_blank" rel="noreferrer" className="yct-pl__name" data-testid="pl-goods-name">
          {g.name}
        </a>
        {c.first_business ? (
          <Tooltip title="首次采购该商品，订单将随附首营资料">
            <Tag color="orange" className="yct-pl__tag" data-testid="pl-first">
              首营
            </Tag>
          </Tooltip>
        ) : null}
        <p>
          {g.ypgg} / {g.bzdw} · 中包装 {g.zbz}
        </p>
        <p className="yct-pl__maker">{g.sccj}</p>
        <p className="yct-muted">
          {g.pzwh || '—'} · 效期 {g.xq || '—'} · {stockText(g)}
        </p>
        {c.sellable ? null : (
          <p className="yct-pl__problem" data-testid="pl-goods-problem">
            {c.problem || '暂不可购买'}
          </p>
        )}
      </div>
    </div>
  );
}

/** The candidates of a line as radio choices: goods, price, stock and why each matched. */
function Candidates({ line, chosen, onChoose }: { line: PurchaseListLine; chosen: number | null; onChoose: (id: number) => void }) {
  return (
    <Radio.Group value={chosen} onChange={(e) => onChoose(e.target.value as number)} className="yct-pl__cands" data-testid="pl-candidates">
      {line.candidates.map((c) => (
        <Radio key={c.goods.id} value={c.goods.id} className="yct-pl__cand" data-testid="pl-candidate" data-goods-id={c.goods.id}>
          <span className="yct-pl__cand-main">
            <span className="yct-pl__cand-name">
              {c.goods.name} <small>{c.goods.ypgg}</small>
              {c.first_business ? (
                <Tag color="orange" className="yct-pl__tag">
                  首营
                </Tag>
              ) : null}
            </span>
            <span className="yct-pl__cand-maker">{c.goods.sccj}</span>
            <span className="yct-pl__cand-maker">
              {c.goods.pzwh || '无批准文号'} · 效期 {c.goods.xq || '—'}
            </span>
          </span>
          <Price value={c.price} tip={c.goods.price_tip} size="small" />
          <span className={c.sellable ? 'yct-muted' : 'yct-pl__problem'}>{c.sellable ? stockText(c.goods) : c.problem || '暂不可购买'}</span>
          <ReasonTag c={c} />
        </Radio>
      ))}
    </Radio.Group>
  );
}

function Plan({ line }: { line: PurchaseListLine }) {
  const i = line.input;
  const codes = [i.approval, i.barcode, i.code].filter(Boolean).join(' · ');
  return (
    <div className="yct-pl__plan">
      <b data-testid="pl-plan-name">{i.name || '（无名称）'}</b>
      <p>{[i.spec, i.maker].filter(Boolean).join(' · ') || <span className="yct-muted">未填规格、厂家</span>}</p>
      {codes ? <p className="yct-muted">{codes}</p> : null}
      <p>
        计划 <b>{i.quantity ?? '—'}</b>
        {i.unit}
      </p>
    </div>
  );
}

function RequestButton({ requested, onRequest }: { requested: Requested | undefined; onRequest: () => void }) {
  if (requested?.state === 'done')
    return (
      <Tag color="success" data-testid="pl-requested">
        已提交求购
      </Tag>
    );
  return (
    <>
      <Button size="small" onClick={onRequest} loading={requested?.state === 'sending'} data-testid="pl-request">
        品种求购
      </Button>
      {requested?.state === 'failed' ? <p className="yct-pl__problem">{requested.message}</p> : null}
    </>
  );
}

export const LineRow = memo(function LineRow({ line, decision, onDecision, carted, requested, onRequest }: Props) {
  const c = candidateOf(line, decision?.goodsId ?? null);
  const onChoose = (goodsId: number) => onDecision(line.row, choose(line, goodsId));
  const [open, setOpen] = useState(false);
  const many = line.candidates.length > 1;
  const added = carted?.added === true;
  // Once in the cart the line shows the goods it went in with, no longer the choice.
  const picking = !added && (line.state === 'choose' || (line.state === 'none' && line.candidates.length > 0) || open);
  const keepable = c?.sellable === 1 && !added;

  let goodsCell;
  if (line.state === 'invalid') {
    goodsCell = (
      <p className="yct-pl__problem" data-testid="pl-invalid">
        {line.problem}
      </p>
    );
  } else {
    goodsCell = (
      <>
        {line.state === 'none' ? (
          <div className="yct-pl__none">
            <span>{line.candidates.length ? '未找到一致的商品，以下为相近商品：' : '未找到匹配的商品'}</span>
            <RequestButton requested={requested} onRequest={() => onRequest(line)} />
          </div>
        ) : null}
        {line.state === 'choose' && !c ? <p className="yct-pl__hint">找到 {line.candidates.length} 个相近商品，请选择一个：</p> : null}
        {c && (!picking || line.state === 'matched') ? <GoodsFacts c={c} /> : null}
        {picking ? <Candidates line={line} chosen={decision?.goodsId ?? null} onChoose={onChoose} /> : null}
        {line.state === 'matched' && many && !added ? (
          <Button type="link" size="small" className="yct-pl__switch" onClick={() => setOpen(!open)} data-testid="pl-switch">
            {open ? '收起' : `更换商品（${line.candidates.length - 1}个相近）`}
          </Button>
        ) : null}
        {carted && !carted.added ? (
          <p className="yct-pl__problem" data-testid="pl-refused">
            未加入：{carted.message}
          </p>
        ) : null}
      </>
    );
  }

  return (
    <tr className={`yct-pl__line is-${line.state}${decision?.keep ? ' is-kept' : ''}`} data-testid="pl-line" data-row={line.row} data-state={line.state}>
      <td className="yct-pl__check">
        {added ? (
          <Tag color="success" className="yct-pl__added" data-testid="pl-added">
            已加入
          </Tag>
        ) : (
          <Checkbox
            checked={Boolean(decision?.keep && keepable)}
            disabled={!keepable}
            onChange={(e) => decision && onDecision(line.row, { ...decision, keep: e.target.checked })}
            aria-label={`选择第${line.row}行`}
            data-testid="pl-keep"
          />
        )}
      </td>
      <td className="yct-pl__rowno">{line.row}</td>
      <td>
        <Plan line={line} />
      </td>
      <td className="yct-pl__match">{goodsCell}</td>
      <td>{c ? <ReasonTag c={c} /> : <span className="yct-muted">—</span>}</td>
      <td>{c ? <Price value={c.price} tip={c.goods.price_tip} size="small" /> : <span className="yct-muted">—</span>}</td>
      <td className="yct-pl__qty">
        {c && c.sellable ? (
          <>
            <QuantityStepper
              value={numberOf(c, decision)}
              zbz={c.goods.zbz}
              stock={c.goods.number}
              size="small"
              unit={c.goods.bzdw}
              disabled={added}
              onChange={(n) => decision && onDecision(line.row, { ...decision, number: n, keep: true })}
            />
            {decision?.number === null && c.number_note ? (
              <p className="yct-pl__note" data-testid="pl-number-note">
                {c.number_note}
              </p>
            ) : null}
          </>
        ) : (
          <span className="yct-muted">—</span>
        )}
      </td>
    </tr>
  );
});
