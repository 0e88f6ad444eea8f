/** A price in red with the ¥ sign, or the text that stands in for a hidden price (登录可见, 资质审核通过后可见). */
export function Price({
  value,
  tip,
  size = 'normal',
  className,
}: {
  value: string | null;
  tip?: string | null;
  size?: 'small' | 'normal' | 'large';
  className?: string;
}) {
  if (value === null) {
    return (
      <span className={`yct-price yct-price--hidden yct-price--${size}${className ? ` ${className}` : ''}`} data-testid="price-tip">
        {tip ?? '登录可见'}
      </span>
    );
  }
  const [whole, frac] = value.split('.');
  return (
    <span className={`yct-price yct-price--${size}${className ? ` ${className}` : ''}`} data-testid="price">
      <small>¥</small>
      {whole}
      <small>.{frac}</small>
    </span>
  );
}
