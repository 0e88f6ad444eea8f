/** The receiving addresses as cards, default first: the chosen one framed in red with a check mark. */
import { Link } from 'react-router';
import type { Address } from '@core/schemas/trade';

type Props = {
  addresses: Address[];
  selected: number | null;
  onSelect: (id: number) => void;
  onAdd: () => void;
};

export function AddressPicker({ addresses, selected, onSelect, onAdd }: Props) {
  return (
    <section className="yct-co-section" data-testid="address-section">
      <header className="yct-co-section__head">
        <h2>收货人信息</h2>
        <div className="yct-co-section__tools">
          <button type="button" className="yct-co-textbtn" onClick={onAdd} data-testid="address-add">
            + 新增收货地址
          </button>
          <Link to="/zhzx/addr" className="yct-co-link" data-testid="address-manage">
            管理收货地址
          </Link>
        </div>
      </header>
      {addresses.length ? (
        <ul className="yct-co-addresses">
          {addresses.map((a) => {
            const on = a.id === selected;
            return (
              <li key={a.id}>
                <button
                  type="button"
                  className={`yct-co-address${on ? ' is-selected' : ''}`}
                  onClick={() => onSelect(a.id)}
                  aria-pressed={on}
                  data-testid="address-card"
                  data-id={a.id}
                >
                  <span className="yct-co-address__who">
                    <b>{a.name}</b>
                    <span>{a.phone}</span>
                    {a.is_default ? <em className="yct-co-chip">默认</em> : null}
                  </span>
                  <span className="yct-co-address__where">{a.full}</span>
                  <span className="yct-co-address__mark">{on ? '寄送至此地址' : '选择'}</span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <div className="yct-co-noaddress" data-testid="address-empty">
          您还没有收货地址，请先
          <button type="button" className="yct-co-textbtn" onClick={onAdd}>
            新增收货地址
          </button>
        </div>
      )}
    </section>
  );
}
