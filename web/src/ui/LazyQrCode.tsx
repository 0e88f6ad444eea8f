/** The QR code with its drawing library loaded when first shown; the space is held meanwhile. */
import { lazy, Suspense, type ComponentProps } from 'react';
import type { QrCode } from './QrCode';

const Code = lazy(() => import('./QrCode').then((m) => ({ default: m.QrCode })));

export function LazyQrCode(props: ComponentProps<typeof QrCode>) {
  const size = props.size ?? 112;
  return (
    <Suspense fallback={<span className="yct-qr" style={{ width: size + 10, height: size + (props.caption ? 34 : 10) }} />}>
      <Code {...props} />
    </Suspense>
  );
}
