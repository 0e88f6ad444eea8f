/** The cart step image shown above every cart route (spec section 2): 1 我的购物车 › 2 确认订单 › 3 支付订单 › 4 完成. */
const CART_STEPS = ['我的购物车', '确认订单', '支付订单', '完成'] as const;

export function CartSteps({ step }: { step: 1 | 2 | 3 | 4 }) {
  return (
    <div className="yct-cartsteps" data-testid="cart-steps" data-step={step}>
      <div className="yct-container yct-cartsteps__inner">
        <ol className="yct-cartsteps__list">
          {CART_STEPS.map((name, i) => {
            const n = i + 1;
            const state = n < step ? 'is-done' : n === step ? 'is-current' : '';
            return (
              <li key={name} className={state} aria-current={n === step ? 'step' : undefined} data-testid="cart-step">
                <span className="yct-cartsteps__num">{n < step ? '✓' : n}</span>
                {name}
              </li>
            );
          })}
        </ol>
      </div>
    </div>
  );
}
