/** A prize's picture in the grid and the records: its own image for goods, a drawn token for the others. */
import type { DrawPrize } from '@core/schemas/lottery';

type Props = { kind: DrawPrize['kind']; image: string; name: string; size?: number };

function Token({ kind }: { kind: DrawPrize['kind'] }) {
  switch (kind) {
    case 'points':
      return (
        <svg viewBox="0 0 64 64" aria-hidden="true">
          <circle cx="32" cy="32" r="26" fill="#ffd666" stroke="#faad14" strokeWidth="3" />
          <circle cx="32" cy="32" r="18" fill="none" stroke="#fff7d6" strokeWidth="2" />
          <text x="32" y="39" textAnchor="middle" fontSize="18" fontWeight="700" fill="#ad6800">
            积
          </text>
        </svg>
      );
    case 'red_packet':
      return (
        <svg viewBox="0 0 64 64" aria-hidden="true">
          <rect x="14" y="6" width="36" height="52" rx="4" fill="#e4393c" />
          <path d="M14 10a4 4 0 0 1 4-4h28a4 4 0 0 1 4 4v10c-6 6-30 6-36 0z" fill="#c9252a" />
          <circle cx="32" cy="22" r="7" fill="#ffd666" />
          <text x="32" y="25.5" textAnchor="middle" fontSize="9" fontWeight="700" fill="#c9252a">
            ¥
          </text>
        </svg>
      );
    case 'coupon':
      return (
        <svg viewBox="0 0 64 64" aria-hidden="true">
          <path d="M6 18h52v10a4 4 0 0 0 0 8v10H6V36a4 4 0 0 0 0-8z" fill="#ff7a45" />
          <path d="M42 20v24" stroke="#fff" strokeDasharray="3 3" />
          <text x="24" y="37" textAnchor="middle" fontSize="13" fontWeight="700" fill="#fff">
            券
          </text>
        </svg>
      );
    case 'goods':
      return (
        <svg viewBox="0 0 64 64" aria-hidden="true">
          <rect x="10" y="24" width="44" height="32" rx="3" fill="#ff4d4f" />
          <rect x="6" y="16" width="52" height="10" rx="2" fill="#e4393c" />
          <path d="M32 16v40" stroke="#ffd666" strokeWidth="5" />
          <path d="M32 16c-6-10-16-8-12 0M32 16c6-10 16-8 12 0" fill="none" stroke="#ffd666" strokeWidth="3" />
        </svg>
      );
    case 'none':
      return (
        <svg viewBox="0 0 64 64" aria-hidden="true">
          <circle cx="32" cy="32" r="26" fill="#fff1f0" stroke="#ffa39e" strokeWidth="2" />
          <circle cx="24" cy="27" r="3" fill="#e4393c" />
          <circle cx="40" cy="27" r="3" fill="#e4393c" />
          <path d="M22 39c6 6 14 6 20 0" fill="none" stroke="#e4393c" strokeWidth="3" strokeLinecap="round" />
        </svg>
      );
  }
}

export function PrizeIcon({ kind, image, name, size = 56 }: Props) {
  return (
    <span className="yct-draw-icon" style={{ width: size, height: size }}>
      {image ? <img src={image} alt={name} width={size} height={size} loading="lazy" /> : <Token kind={kind} />}
    </span>
  );
}
