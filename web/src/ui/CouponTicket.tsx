/**
 * A coupon as a ticket, the way the coupon centre (领券中心), 我的优惠券 and the activity pages' coupon strips show
 * it: the face on the left (¥20 or 8.5折 over its condition) and the screen's own body beside it, greyed when it can
 * no longer be claimed or used. Each screen keeps its own classes, so its look stays its own.
 */
import type { ReactNode } from 'react';
import type { Coupon } from '@core/schemas/wallet';

type Props = {
  coupon: Pick<Coupon, 'type' | 'face' | 'condition'>;
  /** Used, expired or all claimed: shown greyed. */
  off: boolean;
  /** The screen's classes of the ticket, its face and the body beside it. */
  classNames: { ticket: string; face: string; body: string };
  /** The body: name, scope, dates, and the action of the screen. */
  children: ReactNode;
  /** Put after the body, outside it (a stamp or a link at the ticket's right end). */
  side?: ReactNode;
} & { [data: `data-${string}`]: string | number | undefined };

/** What a coupon takes off: ¥20 (whole yuan without .00) for 满减, 8.5折 for 折扣. */
function Amount({ coupon }: { coupon: Props['coupon'] }) {
  if (coupon.type === 'manjian')
    return (
      <b>
        <small>¥</small>
        {coupon.face.replace(/\.00$/, '')}
      </b>
    );
  return (
    <b>
      {coupon.face}
      <small>折</small>
    </b>
  );
}

export function CouponTicket({ coupon, off, classNames, children, side, ...data }: Props) {
  return (
    <li className={`${classNames.ticket}${off ? ' is-off' : ''}`} {...data}>
      <div className={classNames.face}>
        <Amount coupon={coupon} />
        <span>{coupon.condition}</span>
      </div>
      <div className={classNames.body}>{children}</div>
      {side}
    </li>
  );
}
