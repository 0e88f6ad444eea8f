import './admin-ui.css';

/** The console's small logo: a white cross on the console blue. */
export function ConsoleMark({ large = false }: { large?: boolean }) {
  return <span className={`yct-admin-mark${large ? ' yct-admin-mark--large' : ''}`} aria-hidden="true" />;
}
