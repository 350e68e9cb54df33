// spec 8: what the passenger sees when a code-split chunk did not load (lib/lazy-load.ts): a short message in
// their language and a retry that really loads the chunk again. Three places use it: the router's error component
// (a lazy screen; any other error of a screen gets a generic message with the same retry), and the wrappers of
// React.lazy below, for home sections (inline) and dialogs (the message in a small dialog of its own), so a failed
// chunk never blanks the page. First-load code: core messages only (load_error, common).
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { Component, lazy, useEffect, useId, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { canFetch } from '../../lib/api-client';
import { chunkLoader, expectImportToLoad, failedChunkUrl, isChunkLoadError, retryFailedBefore } from '../../lib/lazy-load';
import { Dialog } from './dialog';

/**
 * A retry loads the chunk again in place; only when that already failed once and the browser is online (a browser
 * that keeps failed modules, or a deployment that removed the chunk) does it reload the page. First it fetches the
 * failed chunk itself: when that works, an import that still fails means the browser keeps the failure, and the page
 * reloads at once (lib/lazy-load.ts).
 */
async function retryOrReload(error: unknown, retry: () => void): Promise<void> {
  if (isChunkLoadError(error) && retryFailedBefore(error) && navigator.onLine) {
    window.location.reload();
    return;
  }
  const url = isChunkLoadError(error) ? failedChunkUrl(error) : null;
  if (url && (await canFetch(url))) expectImportToLoad(error);
  retry();
}

/** A chunk error of a screen or of a part (dialog, section), or any other error. */
function useErrorTexts(error: unknown, part: boolean) {
  const { t } = useTranslation();
  const kind = !isChunkLoadError(error) ? 'other_' : part ? 'part_' : '';
  return {
    title: t(`load_error.${kind}title`),
    text: t(`load_error.${kind}text`),
    retry: t('common.retry'),
    busy: t('load_error.retrying'),
  };
}

type ErrorTexts = ReturnType<typeof useErrorTexts>;

/** "Try again", busy once pressed: the retry loads the chunk again, or reloads the page (retryOrReload). */
function RetryButton({ error, onRetry, texts }: { error: unknown; onRetry(): void; texts: ErrorTexts }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="button button-primary"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void retryOrReload(error, onRetry);
      }}
    >
      {busy ? texts.busy : texts.retry}
    </button>
  );
}

interface LoadErrorProps {
  error: unknown;
  onRetry(): void;
  /** A section of a page rather than the page: an h2, and focus stays where the passenger is. */
  inline?: boolean;
}

/** The message with its retry; a screen's version takes focus to its heading, so the change is heard and seen. */
export function LoadError({ error, onRetry, inline = false }: LoadErrorProps) {
  const texts = useErrorTexts(error, inline);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!inline) heading.current?.focus();
  }, [inline]);
  const Heading = inline ? 'h2' : 'h1';
  return (
    <section
      className={inline ? 'load-error load-error-inline notice notice-error' : 'page load-error'}
      role="alert"
      aria-labelledby={headingId}
    >
      <Heading id={headingId} ref={heading} tabIndex={-1}>
        {texts.title}
      </Heading>
      <p>{texts.text}</p>
      <RetryButton error={error} onRetry={onRetry} texts={texts} />
    </section>
  );
}

/**
 * The router's defaultErrorComponent: a lazy screen whose chunk failed (or any error of a screen). The retry
 * reloads the route (`invalidate` calls the screen's preload, i.e. its loader, again) and resets the boundary.
 */
export function RouteLoadError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  return <LoadError error={error} onRetry={() => void router.invalidate().then(reset, reset)} />;
}

/** The same message as a small dialog, for a lazy dialog that did not load: closing it closes the dialog. */
function DialogLoadError({ error, onRetry, onClose }: { error: unknown; onRetry(): void; onClose(): void }) {
  const texts = useErrorTexts(error, true);
  return (
    <Dialog
      open
      title={texts.title}
      onClose={onClose}
      role="alertdialog"
      className="load-error-dialog"
      footer={<RetryButton error={error} onRetry={onRetry} texts={texts} />}
    >
      <p>{texts.text}</p>
    </Dialog>
  );
}

interface BoundaryProps {
  fallback(error: unknown): ReactNode;
  children: ReactNode;
}

/**
 * Catches what a lazy part throws (its ChunkLoadError above all) and renders the fallback instead. A retry mounts a
 * new boundary (its key), so it starts without the error.
 */
class LoadBoundary extends Component<BoundaryProps, { error: unknown; failed: boolean }> {
  override state = { error: undefined as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}

type Loader<C> = () => Promise<{ default: C }>;
/** The props of a component type; generic over the component (as React.lazy is), `.then(…)` loaders infer well. */
type PropsOf<C> = C extends ComponentType<infer P extends object> ? P : never;

/**
 * React.lazy with the load error: a retry makes a new lazy component (React keeps a failed one failed), whose
 * loader (withMessages) imports the chunk again.
 */
function retryableLazy<P extends object>(
  load: Loader<ComponentType<P>>,
  fallback: (error: unknown, retry: () => void, props: P) => ReactNode,
): ComponentType<P> {
  // withMessages already makes a failure a ChunkLoadError; a loader without it gets the same here.
  const loader = chunkLoader(load);
  let Current = lazy(loader);
  function LazyPart(props: P) {
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      Current = lazy(loader);
      setAttempt((count) => count + 1);
    };
    return (
      <LoadBoundary key={attempt} fallback={(error) => fallback(error, retry, props)}>
        <Current {...props} />
      </LoadBoundary>
    );
  }
  return LazyPart;
}

/** C as the component of its own props, which TypeScript cannot see through the conditional type. */
function ownProps<C extends ComponentType<never>>(load: Loader<C>): Loader<ComponentType<PropsOf<C>>> {
  return load as unknown as Loader<ComponentType<PropsOf<C>>>;
}

/** A lazily loaded section of a page (home sections, a form inside a dialog): a failure shows inline. */
export function lazyPart<C extends ComponentType<never>>(load: Loader<C>): ComponentType<PropsOf<C>> {
  return retryableLazy(ownProps(load), (error, retry) => <LoadError error={error} onRetry={retry} inline />);
}

/** A lazily loaded dialog: a failure shows in a small dialog of its own, which closes as the dialog would. */
export function lazyDialog<C extends ComponentType<never>>(
  load: Loader<C> & (PropsOf<C> extends { onClose(): void } ? unknown : never),
): ComponentType<PropsOf<C>> {
  return retryableLazy(ownProps<C>(load), (error, retry, props) => (
    <DialogLoadError error={error} onRetry={retry} onClose={(props as { onClose(): void }).onClose} />
  ));
}
