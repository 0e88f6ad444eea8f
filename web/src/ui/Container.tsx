import type { HTMLAttributes } from 'react';

/** The centred 1200px content column every section of the site sits in. */
export function Container({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={className ? `yct-container ${className}` : 'yct-container'} {...rest} />;
}
