/**
 * Goods tags in the colours of spec section 9: 优 red, 秒 red, 满 orange, 换购 blue, 赠 pink, 特 yellow, 新 red; 返 (满返)
 * orange like 满, and 近效期 (the near-expiry zone's offers) orange.
 */
const COLOURS: Record<string, string> = {
  优: 'red',
  秒: 'red',
  满: 'orange',
  返: 'orange',
  换购: 'blue',
  赠: 'pink',
  特: 'yellow',
  新: 'red',
  近效期: 'orange',
};

function GoodsTag({ tag }: { tag: string }) {
  return (
    <span className={`yct-tag yct-tag--${COLOURS[tag] ?? 'grey'}`} data-testid="goods-tag">
      {tag}
    </span>
  );
}

export function GoodsTags({ tags }: { tags: string[] }) {
  if (!tags.length) return null;
  return (
    <span className="yct-tags">
      {tags.map((t) => (
        <GoodsTag key={t} tag={t} />
      ))}
    </span>
  );
}
